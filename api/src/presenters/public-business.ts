/**
 * Indexed business document -> the visitor API's business shapes (common/api/public.ts). The detail
 * keeps the spec's wire format: about and workingHours as JSON strings, coordinates as strings.
 */
import type { BusinessDetail, BusinessListItem, FeaturedBusiness } from '../../../common/api/public.ts';
import type { BusinessDocument, FeaturedBusiness as FeaturedDocument } from '../../../common/search-documents.ts';
import { countryName } from '../../../common/countries.ts';

/** The document fields the list presenter reads (searches retrieve only these). */
export const LIST_ATTRIBUTES = [
  'id', 'name', 'slug', 'type', 'category', 'city', 'country', 'countryCode', 'fullAddress', 'photo', 'rating',
  'reviewCount', 'phone', 'verified',
] as const satisfies ReadonlyArray<keyof BusinessDocument>;

export type BusinessListDocument = Pick<BusinessDocument, (typeof LIST_ATTRIBUTES)[number]>;

function countryOf(doc: Pick<BusinessDocument, 'country' | 'countryCode'>): string | null {
  return doc.countryCode ? countryName(doc.countryCode) : doc.country;
}

function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function presentBusinessListItem(doc: BusinessListDocument): BusinessListItem {
  return {
    id: doc.id,
    name: doc.name,
    slug: doc.slug,
    type: doc.type ?? null,
    category: doc.category ?? null,
    city: doc.city ?? null,
    country: countryOf(doc),
    countryCode: doc.countryCode ?? null,
    fullAddress: doc.fullAddress ?? null,
    photo: doc.photo ?? null,
    rating: doc.rating ?? null,
    reviews: doc.reviewCount ?? 0,
    phone: doc.phone ?? null,
    verified: doc.verified ?? false,
  };
}

export function presentBusinessDetail(doc: BusinessDocument): Omit<BusinessDetail, 'slugMatches'> {
  return {
    ...presentBusinessListItem(doc),
    categorySlug: doc.categorySlug ?? null,
    citySlug: doc.citySlug ?? null,
    reviewsLink: doc.reviewsLink ?? null,
    about: textOf(doc.about),
    workingHours: textOf(doc.workingHours),
    latitude: doc.latitude === null || doc.latitude === undefined ? null : String(doc.latitude),
    longitude: doc.longitude === null || doc.longitude === undefined ? null : String(doc.longitude),
    website: doc.website ?? null,
    businessStatus: doc.businessStatus ?? null,
  };
}

export function presentFeaturedBusiness(doc: FeaturedDocument): FeaturedBusiness {
  return {
    id: doc.id,
    slug: doc.slug,
    name: doc.name,
    image_url: doc.image_url ?? null,
    rating: doc.rating ?? null,
    type: doc.type ?? doc.category ?? null,
    full_address: doc.full_address ?? null,
    phone: doc.phone ?? null,
    review_count: doc.review_count ?? 0,
  };
}
