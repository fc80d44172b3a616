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

/**
 * The business whose own slug this is, as PostgreSQL has it: its detail when it is approved, `held` when
 * it exists but visitors may not see it (held for review), `absent` when no business has this slug.
 */
export type DatabaseBusiness = { kind: 'approved'; detail: BusinessDetail } | { kind: 'held' } | { kind: 'absent' };

export async function findBusinessInDatabase(prisma: Prisma, slug: string): Promise<DatabaseBusiness> {
  const row = await findBusinessRowBySlug(prisma, slug);
  if (!row) return { kind: 'absent' };
  if (!row.isApproved) return { kind: 'held' };
  return { kind: 'approved', detail: {
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
  } };
}
