import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { businessQuery } from '../api/queries.ts';
import type { BusinessDetail } from '../../../common/api/public.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { AboutCard } from '../components/business/about-card.tsx';
import { AmenitiesCard } from '../components/business/amenities-card.tsx';
import { BusinessDetailsCard } from '../components/business/business-details-card.tsx';
import { BusinessHeader } from '../components/business/business-header.tsx';
import { BusinessPhoto } from '../components/business/business-photo.tsx';
import { ContactCard } from '../components/business/contact-card.tsx';
import { LocationCard } from '../components/business/location-card.tsx';
import { NearbyCard } from '../components/business/nearby-card.tsx';
import { OpeningHoursCard } from '../components/business/opening-hours-card.tsx';
import { ReviewsCard } from '../components/business/reviews-card.tsx';
import { NotFoundScreen } from '../components/not-found-screen.tsx';
import { describeBusiness } from '../lib/business-description.ts';
import { readBusinessFacts } from '../lib/business-facts.ts';
import { buildBusinessJsonLd } from '../lib/business-json-ld.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { useApi } from '../lib/use-api.ts';

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
  return (
    <NotFoundScreen
      title="Business Not Found"
      text="The business you are looking for does not exist or has been removed. Try searching for it instead."
      description="This business could not be found."
    />
  );
}

/** The page composes the cards; what they show is read from the answer once (lib/business-facts.ts). */
function BusinessView({ business }: { business: BusinessDetail }) {
  const facts = readBusinessFacts(business);
  const { latitude, longitude, hours, about } = facts;
  useSeo({
    title: `${business.name} - ${business.type || business.category || 'Business'} | ${SITE_NAME}`,
    description: describeBusiness(business, facts),
    canonicalPath: facts.path,
    image: business.photo,
    ogType: 'business.business',
    jsonLd: buildBusinessJsonLd(business, facts),
  });

  useEffect(() => {
    if (business.latitude && (latitude === null || longitude === null)) console.warn('Invalid coordinates for', business.slug);
  }, [business.latitude, business.slug, latitude, longitude]);

  return (
    <div className="container section business-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Back to Home</Link>
      </nav>
      <BusinessHeader business={business} facts={facts} />
      <div className="business-hero">
        <BusinessPhoto business={business} />
        <AdSlot slot="ad2" />
      </div>
      <div className="business-layout">
        <div className="business-main">
          {about.text && <AboutCard text={about.text} />}
          {about.groups && Object.keys(about.groups).length > 0 && <AmenitiesCard groups={about.groups} />}
          <AdSlot slot="ad1" />
          {facts.reviews > 0 && <ReviewsCard rating={facts.rating} reviews={facts.reviews} reviewsLink={business.reviewsLink} />}
          {hours && facts.hasHours && <OpeningHoursCard hours={hours} />}
        </div>
        <aside className="business-sidebar" aria-label="Business information">
          <LocationCard latitude={latitude} longitude={longitude} name={business.name} address={business.fullAddress} />
          <ContactCard phone={business.phone} website={business.website} />
          <BusinessDetailsCard categoryName={facts.categoryName} categorySlug={business.categorySlug} closedStatus={facts.closed?.status} />
          {business.city && <NearbyCard city={business.city} citySlug={business.citySlug} countryCode={business.countryCode} slug={business.slug} />}
          <AdSlot slot="ad3" />
          <AdSlot slot="ad4" />
        </aside>
      </div>
    </div>
  );
}
