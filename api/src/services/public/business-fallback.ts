/**
 * The one PostgreSQL read of the visitor API: a business by its unique slug, for the moments when
 * its search document does not exist yet or Meilisearch is down. A primary-key-like lookup (unique
 * index), never a scan.
 */
import type { BusinessDetail } from '../../../../common/api/public.ts';
import { displayAddress } from '../../../../common/address.ts';
import { isBusinessStatus } from '../../../../common/business.ts';
import { pageOfCitySlug } from '../../../../common/city-names.ts';
import { countryName } from '../../../../common/countries.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { findBusinessRowBySlug } from '../../repositories/businesses.ts';

function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export async function findApprovedBusinessInDatabase(prisma: Prisma, slug: string): Promise<BusinessDetail | null> {
  const row = await findBusinessRowBySlug(prisma, slug);
  if (!row || !row.isApproved) return null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    category: row.category,
    categorySlug: row.categorySlug,
    city: row.city,
    citySlug: row.citySlug && pageOfCitySlug(row.citySlug, row.countryCode),
    countryCode: row.countryCode,
    country: row.countryCode ? countryName(row.countryCode) : row.country,
    fullAddress: displayAddress(row),
    phone: row.phone,
    photo: row.photo,
    verified: row.verified,
    rating: row.rating,
    reviews: row.reviewCount,
    reviewsLink: row.reviewsLink,
    about: textOf(row.about),
    workingHours: textOf(row.workingHours),
    latitude: row.latitude === null ? null : String(row.latitude),
    longitude: row.longitude === null ? null : String(row.longitude),
    website: row.website,
    businessStatus: isBusinessStatus(row.businessStatus) ? row.businessStatus : null,
    slugMatches: 1,
  };
}
