import { Link } from 'react-router';
import { categoryHref } from '../../lib/slugs.ts';

/** Business Details: the category and the status (the target of the header's "Detailed Info"). */
export function BusinessDetailsCard({ categoryName, categorySlug, closedStatus }: { categoryName: string | null; categorySlug: string | null; closedStatus?: string }) {
  return (
    <section className="card" id="business-details" aria-labelledby="details-heading">
      <h2 id="details-heading">Business Details</h2>
      <dl className="details">
        <div>
          <dt>Category</dt>
          <dd>{categoryName ? <Link to={categoryHref(categoryName, categorySlug ?? undefined)}>{categoryName}</Link> : '—'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          {/* The spec's page shows OPERATIONAL always: kept when the import did not say otherwise. */}
          <dd>{closedStatus ?? 'OPERATIONAL'}</dd>
        </div>
      </dl>
    </section>
  );
}
