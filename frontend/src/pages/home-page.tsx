import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { featuredQuery, homepageQuery } from '../api/queries.ts';
import type { FeaturedBusiness, HomepageData } from '../../../common/api/public.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { ChipCardGrid } from '../components/chip-card-grid.tsx';
import { SkeletonCards, StateMessage } from '../components/state-message.tsx';
import { useCounter } from '../hooks/use-counter.ts';
import { countOf, firstAddressPart, formatK, formatMillions, formatThousandsPlus, reviewsCapped, truncate } from '../lib/format.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { businessHref, categoryHref, cityHref, countryHref, searchHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';
import { itemList } from '../lib/seo.ts';
import { Icon } from '../components/icons.tsx';

export function HomePage() {
  const api = useApi();
  const homepage = useQuery(homepageQuery(api));
  const featured = useQuery(featuredQuery(api));
  const data = homepage.data;
  useSeo({
    title: `${SITE_NAME} - Find Businesses Worldwide`,
    description: 'Find local businesses worldwide: browse by category, country and city, read ratings, reviews, opening hours and contact details.',
    canonicalPath: '/',
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, potentialAction: { '@type': 'SearchAction', target: '/search?q={query}', 'query-input': 'required name=query' } },
      ...(featured.data
        ? [itemList(featured.data.slice(0, 12).map((business) => ({ name: business.name, path: businessHref(business.slug) })), 'Featured Businesses')]
        : []),
    ],
  });
  return (
    <>
      <Hero countries={data ? data.totals.countries : null} />
      {/* No figures without data: zeros from a failed request would be numbers the directory does not have. */}
      {data && <Counters data={data} />}
      <section className="section container" aria-labelledby="featured-heading">
        <h2 id="featured-heading">Featured Businesses</h2>
        {featured.isPending ? (
          <SkeletonCards count={12} label="Loading featured businesses" />
        ) : featured.isError ? (
          <StateMessage title="Unable to load businesses" text="Please try again later." tone="error" />
        ) : (
          <div className="card-grid featured-grid">
            {featured.data.slice(0, 12).map((business) => (
              <FeaturedCard key={business.id} business={business} />
            ))}
          </div>
        )}
        <p className="center">
          <Link to="/businesses" className="btn btn-primary">
            View All Businesses
          </Link>
        </p>
      </section>
      {data && <TopLists data={data} />}
      {homepage.isPending && <SkeletonCards count={6} label="Loading popular categories" />}
      {homepage.isError && (
        <section className="section container" aria-label="Popular categories, top cities and countries">
          <StateMessage title="Unable to load popular categories, cities and countries" text="Please try again later." tone="error" />
        </section>
      )}
      <WhyChooseUs />
      <section className="section container center" aria-label="Advertisement">
        <AdSlot slot="ad5" />
      </section>
    </>
  );
}

/** `countries`: how many the directory has (the spec's fixed "195+" is a claim the data may contradict). */
function Hero({ countries }: { countries: number | null }) {
  const navigate = useNavigate();
  const [what, setWhat] = useState('');
  const [where, setWhere] = useState('');
  // The seed only recorded the term; /search is a real page now (DESIGN §7), so a filled box goes there,
  // as the form does without scripts: "Where" alone is a place ("Paris": the businesses in Paris), not
  // keywords ("paris" typo-matched "parts").
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (what.trim() || where.trim()) navigate(searchHref({ q: what, location: where }));
  };
  return (
    <section className="hero">
      <div className="container">
        <h1>Find Businesses Worldwide</h1>
        <p className="hero-sub">
          Discover trusted local businesses, read ratings and reviews, and find contact details{' '}
          {countries ? `in ${countries.toLocaleString('en-US')} ${countries === 1 ? 'country' : 'countries'}` : 'worldwide'}.
        </p>
        <form className="hero-search" role="search" onSubmit={submit} aria-label="Search businesses" action="/search" method="get">
          <label>
            <span className="sr-only">Business</span>
            <input value={what} onChange={(event) => setWhat(event.target.value)} placeholder="What are you looking for?" name="q" maxLength={200} />
          </label>
          <label>
            <span className="sr-only">Location</span>
            <input value={where} onChange={(event) => setWhere(event.target.value)} placeholder="City or country" name="location" maxLength={200} />
          </label>
          <button type="submit" className="btn btn-accent">
            Search
          </button>
        </form>
      </div>
    </section>
  );
}

function Counters({ data }: { data: HomepageData }) {
  const businessCounter = useCounter(data.totals.businesses);
  const countryCounter = useCounter(data.totals.countries);
  const cityCounter = useCounter(data.totals.cities);
  return (
    <section className="counters container" aria-label="Directory in numbers">
      <div className="counter">
        <strong data-testid="counter-businesses" data-counted={businessCounter.shown || undefined}>{formatMillions(businessCounter.value)}</strong>
        <span>Businesses</span>
      </div>
      <div className="counter">
        <strong data-testid="counter-countries" data-counted={countryCounter.shown || undefined}>{countryCounter.value.toLocaleString('en-US')}+</strong>
        <span>Countries</span>
      </div>
      <div className="counter">
        <strong data-testid="counter-cities" data-counted={cityCounter.shown || undefined}>{formatThousandsPlus(cityCounter.value)}</strong>
        <span>Cities</span>
      </div>
    </section>
  );
}

/** The card's photo, or the placeholder icon when there is none or it fails to load (before hydration too). */
function CardImage({ src, alt }: { src: string | null | undefined; alt: string }) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (image.current?.complete && image.current.naturalWidth === 0) setBroken(true);
  }, []);
  return src && !broken ? (
    <img ref={image} src={src} alt={alt} loading="lazy" width={320} height={160} onError={() => setBroken(true)} />
  ) : (
    <span className="placeholder-icon" role="img" aria-label={src ? 'Image not available' : `No photo of ${alt}`}>
      <Icon name="building" size={48} />
    </span>
  );
}

function FeaturedCard({ business }: { business: FeaturedBusiness }) {
  const rating = business.rating ?? 0;
  const reviews = business.review_count;
  return (
    <Link to={businessHref(business.slug)} className="card featured-card">
      <div className="card-image">
        <CardImage src={business.image_url} alt={business.name} />
      </div>
      <div className="card-body">
        <div className="card-row">
          <span className="rating-pill">{rating > 0 ? `★ ${rating.toFixed(1)}` : 'New'}</span>
          {business.phone && (
            <span className="phone-icon">
              <Icon name="phone" size={18} label="Phone available" />
            </span>
          )}
        </div>
        <h3 className="card-title" title={business.name}>
          {truncate(business.name, 15)}
        </h3>
        {business.type && <p className="muted">{business.type}</p>}
        <p className="muted">{firstAddressPart(business.full_address)}</p>
        <p className="muted small">{reviewsCapped(reviews)} reviews</p>
      </div>
    </Link>
  );
}

function TopLists({ data }: { data: HomepageData }) {
  return (
    <>
      <section className="section container" aria-labelledby="categories-heading">
        <h2 id="categories-heading">Popular Categories</h2>
        <ChipCardGrid
          chips={data.popularSearches.slice(0, 12).map((item) => ({
            key: item.category,
            label: truncate(item.category, 12),
            href: categoryHref(item.category, item.slug),
            figure: formatK(item.count),
            title: item.category,
          }))}
        />
      </section>
      <section className="section container" aria-labelledby="cities-heading">
        <h2 id="cities-heading">Top Cities</h2>
        <ChipCardGrid
          chips={data.topCities.slice(0, 12).map((item) => ({
            key: `${item.countryCode}-${item.city}`,
            label: item.city,
            href: cityHref(item.city, item.countryCode, item.slug),
            figure: formatK(item.count),
          }))}
        />
      </section>
      <section className="section container" aria-labelledby="countries-heading">
        <h2 id="countries-heading">Countries</h2>
        <ChipCardGrid
          chips={data.topCountries.slice(0, 12).map((item) => ({
            key: item.country,
            label: item.country,
            href: countryHref(item.country, item.countryCode, item.slug),
            figure: countOf(item.businessCount, 'business', 'businesses'),
          }))}
        />
      </section>
    </>
  );
}

function WhyChooseUs() {
  const features = [
    { icon: 'map' as const, title: 'Interactive Maps', text: 'See every business on a map and get directions in one click.' },
    { icon: 'search' as const, title: 'Advanced Search', text: 'Search by name, category, city or country, with typo-tolerant matching.' },
    { icon: 'check' as const, title: 'Verified Information', text: 'Ratings, reviews, opening hours and contact details kept up to date.' },
  ];
  return (
    <section className="section container" aria-labelledby="why-heading">
      <h2 id="why-heading">Why Choose Us</h2>
      <div className="feature-grid">
        {features.map((feature) => (
          <div key={feature.title} className="card feature">
            <span className="feature-icon">
              <Icon name={feature.icon} size={32} />
            </span>
            <h3>{feature.title}</h3>
            <p className="muted">{feature.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
