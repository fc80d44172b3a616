/**
 * The blocks the category, city and country pages are built from (with StatTiles): breadcrumb trail, a
 * list of linked chips with counts, and the paged grid of businesses.
 */
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { BusinessListItem } from '../../../common/api/public.ts';
import { formatInt } from '../lib/format.ts';
import { withPage } from '../lib/paged.ts';
import { BusinessListCard } from './business-list-card.tsx';
import { Pagination } from './pagination.tsx';
import { StateMessage } from './state-message.tsx';

/** Home / {links...} / {current}. */
export function Breadcrumb({ trail, current }: { trail: Array<{ name: string; path: string }>; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      {trail.map((crumb) => (
        <Fragment key={crumb.path}>
          <Link to={crumb.path}>{crumb.name}</Link> /{' '}
        </Fragment>
      ))}
      <span aria-current="page">{current}</span>
    </nav>
  );
}

/** Chips shown before the rest fold away behind "Show N more": 50 top categories filled a phone's first two screens. */
export const VISIBLE_CHIPS = 12;

/**
 * A titled list of chips, each a link with its count; nothing when the list is empty. Past VISIBLE_CHIPS the
 * rest are in a <details> (opens without scripts, and is in the HTML for crawlers).
 */
export function ChipSection({ id, title, chips }: { id: string; title: string; chips: Array<{ label: string; href: string; count: number }> }) {
  if (chips.length === 0) return null;
  const list = (items: typeof chips) => (
    <ul className="chip-list">
      {items.map((chip) => (
        <li key={chip.label}>
          <Link to={chip.href} className="chip">
            {chip.label} <span className="muted">({formatInt(chip.count)})</span>
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {list(chips.slice(0, VISIBLE_CHIPS))}
      {chips.length > VISIBLE_CHIPS && (
        <details className="more-chips">
          {/* "more", not "all": the list itself may be the top of a longer one (a city's top 50 of 110 categories). */}
          <summary>{`Show ${chips.length - VISIBLE_CHIPS} more`}</summary>
          {list(chips.slice(VISIBLE_CHIPS))}
        </details>
      )}
    </section>
  );
}

/** One page of businesses as cards, with the pagination of the page at `path`. */
export function BusinessGridSection({ id, className, businesses, page, totalPages, path, paginationLabel }: {
  id: string;
  className?: string;
  businesses: BusinessListItem[];
  page: number;
  totalPages: number;
  path: string;
  paginationLabel: string;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>Businesses</h2>
      {businesses.length === 0 ? (
        <StateMessage title="No businesses found" />
      ) : (
        <div className="card-grid">
          {businesses.map((business) => (
            <BusinessListCard key={business.slug} business={business} />
          ))}
        </div>
      )}
      <Pagination current={page} total={totalPages} hrefFor={(target) => withPage(path, target)} label={paginationLabel} />
    </section>
  );
}
