import { Link } from 'react-router';
import type { BusinessDetail } from '../../../../common/api/public.ts';
import type { BusinessFacts } from '../../lib/business-facts.ts';
import { countOf } from '../../lib/format.ts';
import { categoryHref } from '../../lib/slugs.ts';
import { Stars } from '../stars.tsx';

/**
 * The name and what a visitor acts on first: open or closed, rating, category, address, call and map
 * buttons. It comes before the photo and the hero ad: on a phone those came first and the name began
 * below the first screen.
 */
export function BusinessHeader({ business, facts }: { business: BusinessDetail; facts: BusinessFacts }) {
  const { closed, isOpen, rating, reviews, categoryName, country, tel } = facts;
  return (
    <header className="business-header">
      <h1 dir="auto">{business.name}</h1>
      {closed && (
        <p className="closed-notice" role="note">
          {closed.notice}
        </p>
      )}
      <div className="badge-row">
        {isOpen !== null && (
          <span className={isOpen ? 'badge badge-open' : 'badge badge-closed'} suppressHydrationWarning>
            {isOpen ? 'Open Now' : 'Closed'}
          </span>
        )}
        <span className="muted small" suppressHydrationWarning>
          {`Last Updated: ${new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}`}
        </span>
      </div>
      <div className="rating-row">
        {rating > 0 ? (
          <>
            <Stars rating={rating} />
            <strong>{rating.toFixed(1)}</strong>
            {/* A rating whose review count the export left out: no "(0 Reviews)" under it. */}
            {reviews > 0 && <span className="muted">{`(${countOf(reviews, 'Review', 'Reviews')})`}</span>}
          </>
        ) : (
          // No rating is not a rating of 0.0 (five empty stars read as "terrible").
          <span className="muted">No ratings yet</span>
        )}
      </div>
      {categoryName && (
        <Link to={categoryHref(categoryName, business.categorySlug ?? undefined)} className="chip">
          {categoryName}
        </Link>
      )}
      <address className="business-address">
        {business.fullAddress && <div>{business.fullAddress}</div>}
        {(business.city || country) && <div>{[business.city, country].filter(Boolean).join(', ')}</div>}
      </address>
      <div className="button-row">
        {/* A place closed for good is not to be called about a visit. */}
        {tel && business.businessStatus !== 'CLOSED_PERMANENTLY' && (
          <a className="btn btn-primary" href={tel}>
            Call Now
          </a>
        )}
        <a className="btn btn-secondary" href="#business-details">
          Detailed Info
        </a>
        <a className="btn btn-secondary" href={`https://www.google.com/maps/search/?api=1&query=${facts.mapsQuery}`} target="_blank" rel="noopener noreferrer">
          Google Maps
        </a>
      </div>
    </header>
  );
}
