import { Link } from 'react-router';

/**
 * The two paginations of the spec: index pages show a sliding window of 5 numbered buttons with
 * Previous/Next; /businesses shows first and last pages, ellipses and 2 pages either side.
 */
export function slidingWindow(current: number, total: number, size = 5): number[] {
  if (total <= 0) return [];
  const half = Math.floor(size / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(total, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

export function windowWithEdges(current: number, total: number, radius = 2): (number | 'ellipsis-start' | 'ellipsis-end')[] {
  if (total <= 0) return [];
  const pages: (number | 'ellipsis-start' | 'ellipsis-end')[] = [];
  const from = Math.max(1, current - radius);
  const to = Math.min(total, current + radius);
  if (from > 1) pages.push(1);
  if (from > 2) pages.push('ellipsis-start');
  for (let page = from; page <= to; page++) pages.push(page);
  if (to < total - 1) pages.push('ellipsis-end');
  if (to < total) pages.push(total);
  return pages;
}

interface PaginationProps {
  current: number;
  total: number;
  onPage?: (page: number) => void;
  hrefFor?: (page: number) => string;
  variant?: 'sliding' | 'edges';
  label?: string;
}

/** Buttons when `onPage` is given (client state), links when `hrefFor` is (crawlable pages). */
export function Pagination({ current, total, onPage, hrefFor, variant = 'sliding', label = 'Pagination' }: PaginationProps) {
  if (total <= 1) return null;
  const items = variant === 'edges' ? windowWithEdges(current, total) : slidingWindow(current, total);
  const control = (page: number, text: string, extra: { disabled?: boolean; current?: boolean; rel?: string; label?: string } = {}) => {
    const className = `page-btn${extra.current ? ' current' : ''}`;
    if (extra.disabled) {
      return (
        <span className={`${className} disabled`} aria-disabled="true">
          {text}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link className={className} to={hrefFor(page)} rel={extra.rel} aria-current={extra.current ? 'page' : undefined} aria-label={extra.label} onClick={() => onPage?.(page)}>
          {text}
        </Link>
      );
    }
    return (
      <button type="button" className={className} onClick={() => onPage?.(page)} aria-current={extra.current ? 'page' : undefined} aria-label={extra.label}>
        {text}
      </button>
    );
  };
  return (
    <nav className="pagination" aria-label={label}>
      {control(current - 1, 'Previous', { disabled: current <= 1, rel: 'prev' })}
      {items.map((item) =>
        typeof item === 'number' ? (
          <span key={item}>{control(item, String(item), { current: item === current, label: `Page ${item}` })}</span>
        ) : (
          <span key={item} className="ellipsis" aria-hidden="true">
            …
          </span>
        ),
      )}
      {control(current + 1, 'Next', { disabled: current >= total, rel: 'next' })}
    </nav>
  );
}
