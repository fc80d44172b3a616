/**
 * Business row (SQL) -> BusinessDocument. The one mapping used by the incremental drain, the full
 * rebuild and --verify, so all three agree field by field.
 */
import { displayAddress } from '../../../common/address.ts';
import { pageOfCitySlug } from '../../../common/city-names.ts';
import { phoneKeys } from '../../../common/phone-keys.ts';
import type { BusinessStatus } from '../../../common/business.ts';
import { countryName, countrySlug, isCountryCode } from '../../../common/countries.ts';
import { geoCellsOf } from '../../../common/geo-cells.ts';
import { cityFacetKey, letterOf, type BusinessDocument } from '../../../common/search-documents.ts';
import { slugify, stripSlugSuffix } from '../../../common/slug.ts';

/** Columns every reader selects; timestamps as unix seconds so documents compare exactly. */
export const BUSINESS_COLUMNS = `
  id, slug, name, type, category, category_slug, subtypes, full_address, street, city, city_slug,
  postal_code, state, country, country_code, phone, latitude, longitude, rating, review_count,
  reviews_link, photo, logo, located_in, working_hours, about, verified, website, url, business_status, is_approved,
  floor(extract(epoch from created_at))::int AS created_at_s, floor(extract(epoch from updated_at))::int AS updated_at_s`;

export interface BusinessSqlRow {
  id: number;
  slug: string;
  name: string;
  type: string | null;
  category: string | null;
  category_slug: string | null;
  subtypes: string[] | null;
  full_address: string | null;
  street: string | null;
  city: string | null;
  city_slug: string | null;
  postal_code: string | null;
  state: string | null;
  country: string | null;
  country_code: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  review_count: number;
  reviews_link: string | null;
  photo: string | null;
  logo: string | null;
  located_in: string | null;
  working_hours: Record<string, string> | null;
  about: BusinessDocument['about'];
  verified: boolean;
  website: string | null;
  url: string | null;
  business_status: BusinessStatus | null;
  is_approved: boolean;
  created_at_s: number;
  updated_at_s: number;
}

function emptyToNull(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

export function toBusinessDocument(row: BusinessSqlRow): BusinessDocument {
  const code = row.country_code && isCountryCode(row.country_code) ? row.country_code : null;
  const country = code ? countryName(code) : emptyToNull(row.country);
  // One page per city whichever name the file used (Beograd and Belgrade): common/city-names.ts.
  const citySlug = row.city_slug ? pageOfCitySlug(row.city_slug, code) : null;
  const hasGeo = row.latitude !== null && row.longitude !== null && Number.isFinite(row.latitude) && Number.isFinite(row.longitude);
  const document: BusinessDocument = {
    id: row.id,
    slug: row.slug,
    slugBase: stripSlugSuffix(row.slug) ?? row.slug,
    name: row.name,
    category: emptyToNull(row.category),
    categorySlug: emptyToNull(row.category_slug),
    type: emptyToNull(row.type),
    subtypes: row.subtypes ?? [],
    city: emptyToNull(row.city),
    citySlug,
    cityKey: citySlug ? cityFacetKey(code, citySlug) : null,
    country,
    countryCode: row.country_code,
    countrySlug: code ? countrySlug(code) : country ? slugify(country) || null : null,
    fullAddress: displayAddress({ fullAddress: row.full_address, street: row.street, postalCode: row.postal_code, city: row.city, state: row.state, countryCode: row.country_code }),
    street: row.street,
    postalCode: row.postal_code,
    state: row.state,
    phone: row.phone,
    phoneDigits: phoneKeys(row.phone, code),
    rating: row.rating,
    reviewCount: row.review_count,
    photo: row.photo,
    logo: row.logo,
    verified: row.verified,
    isApproved: row.is_approved,
    createdAt: row.created_at_s,
    updatedAt: row.updated_at_s,
    letter: letterOf(row.name),
    latitude: row.latitude,
    longitude: row.longitude,
    workingHours: row.working_hours,
    about: row.about,
    reviewsLink: row.reviews_link,
    website: row.website,
    url: row.url,
    businessStatus: row.business_status,
    locatedIn: row.located_in,
  };
  if (hasGeo) {
    document._geo = { lat: row.latitude!, lng: row.longitude! };
    document.geoCells = geoCellsOf(row.latitude!, row.longitude!);
  }
  return document;
}
