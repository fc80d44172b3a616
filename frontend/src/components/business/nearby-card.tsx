import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { nearbyQuery } from '../../api/queries.ts';
import { businessHref, cityHref } from '../../lib/slugs.ts';
import { useApi } from '../../lib/use-api.ts';

/** Up to three other businesses of the same city (nothing when there are none, or they cannot load). */
export function NearbyCard({ city, citySlug, countryCode, slug }: { city: string; citySlug?: string | null; countryCode?: string | null; slug: string }) {
  const api = useApi();
  const query = useQuery(nearbyQuery(api, city, countryCode));
  useEffect(() => {
    if (query.error) console.warn('Nearby businesses could not load', query.error);
  }, [query.error]);
  const nearby = (query.data?.businesses ?? []).filter((business) => business.slug !== slug).slice(0, 3);
  if (nearby.length === 0) return null;
  return (
    <section className="card" aria-labelledby="nearby-heading">
      <h2 id="nearby-heading">Nearby Businesses</h2>
      <ul className="nearby-list">
        {nearby.map((business) => (
          <li key={business.slug}>
            <Link to={businessHref(business.slug)}>{business.name}</Link>
            <span className="muted small"> {business.category || business.type}</span>
          </li>
        ))}
      </ul>
      <Link to={cityHref(city, countryCode, citySlug ?? undefined)} className="small">
        More in {city}
      </Link>
    </section>
  );
}
