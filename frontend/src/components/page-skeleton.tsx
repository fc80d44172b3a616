import { SkeletonCards } from './state-message.tsx';

/** A detail page while its data loads: the page's frame with skeleton cards in it. */
export function PageSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div className="container section">
      <SkeletonCards count={count} label={label} />
    </div>
  );
}
