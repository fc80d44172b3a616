import type { BusinessDetail } from '../../../common/api/public.ts';
import { phoneNumbers } from '../../../common/numbers.ts';
import type { BusinessFacts } from './business-facts.ts';
import { readDayHours } from './open-now.ts';
import { breadcrumbs } from './seo.ts';
import { cityHref } from './slugs.ts';
import { compareWeekdays, DAY_NAMES } from './week-days.ts';

/** The structured data of a business page: its schema.org LocalBusiness and its breadcrumb trail. */
export function buildBusinessJsonLd(business: BusinessDetail, facts: BusinessFacts): object[] {
  return [buildLocalBusiness(business, facts), breadcrumbs(buildTrail(business, facts.path))];
}

function buildLocalBusiness(business: BusinessDetail, facts: BusinessFacts): object {
  // One specification per opening range (a day with a lunch break has two); 'Open 24 hours' is 00:00-23:59.
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const opening = Object.entries(facts.hours ?? {})
    .filter(([day]) => DAY_NAMES.includes(day))
    .sort(([a], [b]) => compareWeekdays(a, b))
    .flatMap(([day, text]) => {
      const hours = readDayHours(String(text));
      const ranges = hours === 'all-day' ? [{ from: 0, to: 23 * 60 + 59 }] : Array.isArray(hours) ? hours : [];
      return ranges.map(({ from, to }) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${day}`, opens: clock(from), closes: clock(to) }));
    });
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': facts.path,
    name: business.name,
    url: facts.path,
    ...(business.photo ? { image: business.photo } : {}),
    ...(business.phone ? { telephone: phoneNumbers(business.phone)[0] } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(business.fullAddress ? { streetAddress: business.fullAddress.split(',')[0] } : {}),
      ...(business.city ? { addressLocality: business.city } : {}),
      ...(business.countryCode ? { addressCountry: business.countryCode } : {}),
    },
    ...(facts.latitude !== null && facts.longitude !== null ? { geo: { '@type': 'GeoCoordinates', latitude: facts.latitude, longitude: facts.longitude } } : {}),
    ...(opening.length ? { openingHoursSpecification: opening } : {}),
    ...(facts.reviews > 0 && facts.rating > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: facts.rating, reviewCount: facts.reviews, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

function buildTrail(business: BusinessDetail, path: string) {
  const items = [{ name: 'Home', path: '/' }];
  if (business.city && business.countryCode) items.push({ name: business.city, path: cityHref(business.city, business.countryCode, business.citySlug ?? undefined) });
  items.push({ name: business.name, path });
  return items;
}
