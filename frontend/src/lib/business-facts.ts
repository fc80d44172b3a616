import type { BusinessDetail } from '../../../common/api/public.ts';
import { countryName } from '../../../common/countries.ts';
import { telHref } from '../../../common/numbers.ts';
import { parseAbout } from './amenities.ts';
import { openNow, parseWorkingHours } from './open-now.ts';
import { businessHref } from './slugs.ts';

/** What the page says of a place its import marked closed (Google's business_status). */
const CLOSED_NOTICES: Record<string, { status: string; notice: string }> = {
  CLOSED_TEMPORARILY: { status: 'Temporarily closed', notice: 'Temporarily closed: check with the business before you go.' },
  CLOSED_PERMANENTLY: { status: 'Permanently closed', notice: 'Permanently closed: this business no longer operates here.' },
};

/** A coordinate as the API sends it (decimal degrees as text, spec §3); null when it is no finite number. */
export function parseCoordinate(value: string | null): number | null {
  if (value === null || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export type BusinessFacts = ReturnType<typeof readBusinessFacts>;

/** What the business page, its cards and its structured data read from the API's answer, read once. */
export function readBusinessFacts(business: BusinessDetail) {
  const latitude = parseCoordinate(business.latitude);
  const longitude = parseCoordinate(business.longitude);
  const hours = parseWorkingHours(business.workingHours);
  const closed = CLOSED_NOTICES[business.businessStatus ?? ''];
  const country = business.countryCode ? countryName(business.countryCode) : business.country ?? '';
  // The city and country too when the address lacks them ("375 N Park St" alone is in many towns).
  const place = [business.city, country].filter((part): part is string => Boolean(part) && !(business.fullAddress ?? '').includes(part!));
  return {
    rating: business.rating ?? 0,
    reviews: business.reviews,
    tel: business.phone ? telHref(business.phone) : null,
    latitude,
    longitude,
    hours,
    hasHours: Boolean(hours && Object.keys(hours).length > 0),
    closed,
    // A closed place is not "Open Now" whatever its hours say.
    isOpen: closed ? null : openNow({ workingHours: hours, countryCode: business.countryCode, longitude }),
    country,
    about: parseAbout(business.about),
    categoryName: business.type || business.category,
    path: businessHref(business.slug),
    mapsQuery: encodeURIComponent([business.fullAddress || business.name, ...place].join(', ')),
  };
}
