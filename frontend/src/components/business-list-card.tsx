import { Link } from 'react-router';
import type { BusinessListItem, SearchResult } from '../../../common/api/public.ts';
import { countOf } from '../lib/format.ts';
import { businessHref } from '../lib/slugs.ts';
import { countryName } from '../../../common/countries.ts';
import { phoneNumbers } from '../../../common/numbers.ts';

/** "350 m away", "2.4 km away", "120 km away". */
export function distanceText(meters: number): string {
  if (meters < 1000) return `${Math.max(10, Math.round(meters / 10) * 10)} m away`;
  return `${meters < 10_000 ? (meters / 1000).toFixed(1) : Math.round(meters / 1000).toLocaleString('en-US')} km away`;
}

/** A business in a list (/businesses, category, city, search): spec §2 "All businesses" card. */
export function BusinessListCard({ business }: { business: BusinessListItem | SearchResult['businesses'][number] }) {
  const rating = business.rating ?? 0;
  const reviews = business.reviews;
  const country = business.country || (business.countryCode ? countryName(business.countryCode) : '');
  const place = [business.city, country].filter(Boolean).join(', ');
  const category = business.category || business.type;
  return (
    <article className="card business-card">
      <h3 className="card-title">
        {/* dir="auto": an Arabic or Hebrew name reads right to left, its punctuation in place, inside the page's English. */}
        <Link to={businessHref(business.slug)} dir="auto">
          {business.name}
        </Link>
      </h3>
      {category && (
        <span className="badge" dir="auto">
          {category}
        </span>
      )}
      {place && (
        <p className="muted" dir="auto">
          {place}
        </p>
      )}
      <p className="rating-line">
        {rating > 0 && (
          <span>
            <span className="star full" aria-hidden="true">
              ★
            </span>{' '}
            {rating.toFixed(1)}
          </span>
        )}
        {reviews > 0 && <span className="muted"> ({countOf(reviews, 'review', 'reviews')})</span>}
      </p>
      {business.phone && <p className="muted">{phoneNumbers(business.phone).join(', ')}</p>}
      {'distanceMeters' in business && typeof business.distanceMeters === 'number' && <p className="muted distance">{distanceText(business.distanceMeters)}</p>}
      <Link to={businessHref(business.slug)} className="btn btn-secondary btn-sm" aria-label={`View details of ${business.name}`}>
        View Details
      </Link>
    </article>
  );
}
