import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { businessQuery, nearbyQuery } from '../api/queries.ts';
import type { BusinessDetail } from '../../../common/api/public.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { NotFoundSearch } from '../components/not-found-search.tsx';
import { Stars } from '../components/stars.tsx';
import { Icon } from '../components/icons.tsx';
import { parseAbout, visibleItems, type AmenityGroups } from '../lib/amenities.ts';
import { countOf, hoursText } from '../lib/format.ts';
import { openNow, parseWorkingHours, readDayHours } from '../lib/open-now.ts';
import { SITE_NAME, useHttpStatus, useSeo } from '../lib/render-context.tsx';
import { breadcrumbs } from '../lib/seo.ts';
import { businessHref, categoryHref, cityHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';
import { countryName } from '../../../common/countries.ts';
import { phoneNumbers, telHref } from '../../../common/numbers.ts';

const BusinessMap = lazy(() => import('../components/business-map.tsx').then((module) => ({ default: module.BusinessMap })));

/** What the page says of a place its import marked closed (Google's business_status). */
const CLOSED_NOTICES: Record<string, { status: string; notice: string }> = {
  CLOSED_TEMPORARILY: { status: 'Temporarily closed', notice: 'Temporarily closed: check with the business before you go.' },
  CLOSED_PERMANENTLY: { status: 'Permanently closed', notice: 'Permanently closed: this business no longer operates here.' },
};

export function BusinessPage() {
  const { slug = '' } = useParams();
  const api = useApi();
  const query = useQuery(businessQuery(api, slug));
  if (query.isPending) return <BusinessSkeleton />;
  if (query.isError || !query.data) return <BusinessNotFound />;
  return <BusinessView business={query.data} />;
}

function BusinessSkeleton() {
  return (
    <div className="container section" aria-busy="true" aria-label="Loading business">
      <div className="skeleton skeleton-hero" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line short" />
    </div>
  );
}

function BusinessNotFound() {
  useHttpStatus(404);
  useSeo({ title: `Business Not Found | ${SITE_NAME}`, description: 'This business could not be found.', noindex: true });
  return (
    <div className="container section narrow center">
      <h1>Business Not Found</h1>
      <p className="muted">The business you are looking for does not exist or has been removed. Try searching for it instead.</p>
      <NotFoundSearch />
    </div>
  );
}

/** Spec §3: numbers that may arrive as strings; null when not a finite number. */
function coordinate(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** '. Address, phone and map.': only the details the page has (the description promised all four). */
function detailsSentence(parts: Array<string | false | null | undefined | ''>): string {
  const present = parts.filter((part): part is string => Boolean(part));
  if (present.length === 0) return '.';
  const list = present.length === 1 ? present[0] : `${present.slice(0, -1).join(', ')} and ${present.at(-1)}`;
  return `. ${list.charAt(0).toUpperCase()}${list.slice(1)}.`;
}

function BusinessView({ business }: { business: BusinessDetail }) {
  const rating = business.rating ?? 0;
  const reviews = business.reviews;
  const tel = business.phone ? telHref(business.phone) : null;
  const label = business.type || business.category || 'Business';
  const latitude = coordinate(business.latitude);
  const longitude = coordinate(business.longitude);
  const hours = parseWorkingHours(business.workingHours);
  const closed = CLOSED_NOTICES[business.businessStatus ?? ''];
  // A closed place is not "Open Now" whatever its hours say.
  const isOpen = closed ? null : openNow({ workingHours: hours, countryCode: business.countryCode, longitude });
  const country = business.countryCode ? countryName(business.countryCode) : business.country ?? '';
  const { text: aboutText, groups } = parseAbout(business.about);
  const categoryName = business.type || business.category;
  const path = businessHref(business.slug);
  // The city and country too when the address lacks them ("375 N Park St" alone is in many towns).
  const place = [business.city, country].filter((part): part is string => Boolean(part) && !(business.fullAddress ?? '').includes(part!));
  const mapsQuery = encodeURIComponent([business.fullAddress || business.name, ...place].join(', '));

  useSeo({
    title: `${business.name} - ${label} | ${SITE_NAME}`,
    description: [
      `${business.name}${business.type ? `, ${business.type}` : ''}`,
      business.city ? ` in ${business.city}${business.countryCode ? `, ${business.countryCode}` : ''}` : '',
      rating > 0 ? `. Rated ${rating.toFixed(1)}/5` : '',
      rating > 0 && reviews > 0 ? ` from ${countOf(reviews, 'review', 'reviews')}` : '',
      detailsSentence([business.fullAddress && 'address', tel && 'phone', hours && Object.keys(hours).length > 0 && 'opening hours', latitude !== null && longitude !== null && 'map']),
    ].join(''),
    canonicalPath: path,
    image: business.photo,
    ogType: 'business.business',
    jsonLd: [localBusiness(business, { latitude, longitude, hours, rating, reviews, path }), breadcrumbs(trail(business, path))],
  });

  useEffect(() => {
    if (business.latitude && (latitude === null || longitude === null)) console.warn('Invalid coordinates for', business.slug);
  }, [business.latitude, business.slug, latitude, longitude]);

  return (
    <div className="container section business-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Back to Home</Link>
      </nav>
      {/* The name and what a visitor acts on first, then the photo and the hero ad: on a phone the photo and
          the ad came first and the name began below the first screen. */}
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
          <a className="btn btn-secondary" href={`https://www.google.com/maps/search/?api=1&query=${mapsQuery}`} target="_blank" rel="noopener noreferrer">
            Google Maps
          </a>
        </div>
      </header>
      <div className="business-hero">
        <BusinessPhoto business={business} />
        <AdSlot slot="ad2" />
      </div>
      <div className="business-layout">
        <div className="business-main">
          {aboutText && (
            <section className="card" aria-labelledby="about-heading">
              <h2 id="about-heading">About</h2>
              <p className="about-text" dir="auto">
                {aboutText}
              </p>
            </section>
          )}
          {groups && Object.keys(groups).length > 0 && <Amenities groups={groups} />}
          <AdSlot slot="ad1" />
          {reviews > 0 && (
            <section className="card reviews" aria-labelledby="reviews-heading">
              <h2 id="reviews-heading">Customer Reviews</h2>
              <div className="reviews-summary">
                <span className="big-rating">{rating.toFixed(1)}</span>
                <div>
                  <Stars rating={rating} size="lg" />
                  <p className="muted">{`Based on ${countOf(reviews, 'review', 'reviews')}`}</p>
                </div>
              </div>
              {business.reviewsLink && (
                <a href={business.reviewsLink} target="_blank" rel="noopener noreferrer nofollow" className="btn btn-secondary">
                  View All Reviews on Google
                </a>
              )}
            </section>
          )}
          {hours && Object.keys(hours).length > 0 && (
            <section className="card" aria-labelledby="hours-heading">
              <h2 id="hours-heading">Opening Hours</h2>
              <dl className="hours">
                {Object.entries(hours)
                  .sort(([a], [b]) => dayIndex(a) - dayIndex(b))
                  .map(([day, text]) => (
                  <div key={day}>
                    <dt>{day}</dt>
                    <dd>{hoursText(String(text))}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
        <aside className="business-sidebar" aria-label="Business information">
          <section className="card" aria-labelledby="map-heading">
            <h2 id="map-heading">Location</h2>
            {latitude !== null && longitude !== null ? (
              <>
                <ClientOnly
                  fallback={
                    // Without scripts the map never comes: say so instead of "Loading map..." for good.
                    <div className="map map-placeholder">
                      <span className="js-only">Loading map...</span>
                      <noscript>The map needs JavaScript: use the Google Maps link below.</noscript>
                    </div>
                  }
                >
                  <Suspense fallback={<div className="map map-placeholder">Loading map...</div>}>
                    <BusinessMap latitude={latitude} longitude={longitude} name={business.name} address={business.fullAddress} />
                  </Suspense>
                </ClientOnly>
                <a href={`https://www.google.com/maps?q=${latitude},${longitude}`} target="_blank" rel="noopener noreferrer">
                  Open in Google Maps
                </a>
              </>
            ) : (
              <p className="muted">Location not available</p>
            )}
          </section>
          <section className="card" aria-labelledby="contact-heading">
            <h2 id="contact-heading">Contact Information</h2>
            {business.phone ? (
              // A cell of several numbers: each on its line, each its own link.
              phoneNumbers(business.phone).map((number) => {
                const href = telHref(number);
                return <p key={number}>{href ? <a href={href}>{number}</a> : number}</p>;
              })
            ) : (
              <p className="muted">No phone number listed</p>
            )}
            {business.website && (
              <p>
                <a href={business.website} target="_blank" rel="noopener noreferrer nofollow">
                  Website
                </a>
              </p>
            )}
          </section>
          <section className="card" id="business-details" aria-labelledby="details-heading">
            <h2 id="details-heading">Business Details</h2>
            <dl className="details">
              <div>
                <dt>Category</dt>
                <dd>{categoryName ? <Link to={categoryHref(categoryName, business.categorySlug ?? undefined)}>{categoryName}</Link> : '—'}</dd>
              </div>
              <div>
                <dt>Status</dt>
                {/* The spec's page shows OPERATIONAL always: kept when the import did not say otherwise. */}
                <dd>{closed ? closed.status : 'OPERATIONAL'}</dd>
              </div>
            </dl>
          </section>
          {business.city && <Nearby city={business.city} citySlug={business.citySlug} countryCode={business.countryCode} slug={business.slug} />}
          <AdSlot slot="ad3" />
          <AdSlot slot="ad4" />
        </aside>
      </div>
    </div>
  );
}

/** Renders children only after hydration (Leaflet needs window; the server sends the fallback). */
function ClientOnly({ children, fallback }: { children: React.ReactNode; fallback: React.ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted ? children : fallback}</>;
}

function BusinessPhoto({ business }: { business: BusinessDetail }) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration fired onError too early for React to see it.
    if (image.current?.complete && image.current.naturalWidth === 0) setBroken(true);
  }, []);
  return (
    <div className="business-photo">
      {business.photo && !broken ? (
        <img ref={image} src={business.photo} alt={business.name} onError={() => setBroken(true)} width={640} height={360} />
      ) : (
        <div className="photo-fallback" role="img" aria-label={business.photo ? 'Image not available' : `No photo of ${business.name}`}>
          <Icon name="building" size={72} />
        </div>
      )}
      {business.verified && <span className="badge badge-verified">✓ Verified</span>}
    </div>
  );
}

function Amenities({ groups }: { groups: AmenityGroups }) {
  const [showAll, setShowAll] = useState(false);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const entries = Object.entries(groups).filter(([, items]) => items && typeof items === 'object' && visibleItems(items).length > 0);
  const shown = showAll ? entries : entries.slice(0, 3);
  return (
    <section className="card" aria-labelledby="amenities-heading">
      <div className="section-head">
        <h2 id="amenities-heading">Features &amp; Amenities</h2>
        {entries.length > 3 && (
          <button type="button" className="btn btn-link" onClick={() => setShowAll((value) => !value)} aria-expanded={showAll}>
            {showAll ? 'Show Less' : 'View All'}
          </button>
        )}
      </div>
      <div className="amenity-groups">
        {shown.map(([name, items]) => {
          const visible = visibleItems(items);
          const isOpen = expanded[name] ?? false;
          const list = isOpen ? visible : visible.slice(0, 4);
          return (
            <div key={name} className="amenity-group" data-testid="amenity-group">
              <h3>{name}</h3>
              <ul>
                {list.map(([feature, value]) => (
                  <li key={feature}>
                    <span aria-hidden="true">✓</span> {feature}
                    {typeof value !== 'boolean' && <span className="muted">: {String(value)}</span>}
                  </li>
                ))}
              </ul>
              {visible.length > 4 && (
                <button type="button" className="btn btn-link" aria-expanded={isOpen} onClick={() => setExpanded((state) => ({ ...state, [name]: !isOpen }))}>
                  {isOpen ? 'Show less' : `+${visible.length - 4} more`}
                </button>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

function Nearby({ city, citySlug, countryCode, slug }: { city: string; citySlug?: string | null; countryCode?: string | null; slug: string }) {
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

function trail(business: BusinessDetail, path: string) {
  const items = [{ name: 'Home', path: '/' }];
  if (business.city && business.countryCode) items.push({ name: business.city, path: cityHref(business.city, business.countryCode, business.citySlug ?? undefined) });
  items.push({ name: business.name, path });
  return items;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Files list the days in any order (and rows stored as jsonb came back reordered): show the week from Monday. */
function dayIndex(day: string): number {
  const index = DAY_NAMES.findIndex((name) => name.toLowerCase() === day.toLowerCase());
  return index === -1 ? DAY_NAMES.length : index;
}

function localBusiness(
  business: BusinessDetail,
  extra: { latitude: number | null; longitude: number | null; hours: Record<string, string> | null; rating: number; reviews: number; path: string },
): object {
  // One specification per opening range (a day with a lunch break has two); 'Open 24 hours' is 00:00-23:59.
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const opening = Object.entries(extra.hours ?? {})
    .filter(([day]) => DAY_NAMES.includes(day))
    .sort(([a], [b]) => dayIndex(a) - dayIndex(b))
    .flatMap(([day, text]) => {
      const hours = readDayHours(String(text));
      const ranges = hours === 'all-day' ? [{ from: 0, to: 23 * 60 + 59 }] : Array.isArray(hours) ? hours : [];
      return ranges.map(({ from, to }) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${day}`, opens: clock(from), closes: clock(to) }));
    });
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': extra.path,
    name: business.name,
    url: extra.path,
    ...(business.photo ? { image: business.photo } : {}),
    ...(business.phone ? { telephone: phoneNumbers(business.phone)[0] } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(business.fullAddress ? { streetAddress: business.fullAddress.split(',')[0] } : {}),
      ...(business.city ? { addressLocality: business.city } : {}),
      ...(business.countryCode ? { addressCountry: business.countryCode } : {}),
    },
    ...(extra.latitude !== null && extra.longitude !== null ? { geo: { '@type': 'GeoCoordinates', latitude: extra.latitude, longitude: extra.longitude } } : {}),
    ...(opening.length ? { openingHoursSpecification: opening } : {}),
    ...(extra.reviews > 0 && extra.rating > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: extra.rating, reviewCount: extra.reviews, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}
