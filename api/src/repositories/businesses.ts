/** Data access for businesses read through Prisma (the bulk writes are platform/db/business-writer.ts). */
import type { Business } from '../../../generated/prisma/client.ts';
import { withTransaction, type Pool } from '../../../platform/db/pool.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';
import { insertAuditLogWith, type AuditEntry } from './audit-logs.ts';
import { recordSlugRedirects } from './slug-redirects.ts';

export type { Business };

/** By the unique slug: an index lookup, never a scan. Approved or not: the caller decides. */
export function findBusinessRowBySlug(prisma: Prisma, slug: string): Promise<Business | null> {
  return prisma.business.findUnique({ where: { slug } });
}

/** By id, approved or not (the admin's view). */
export function findBusinessById(prisma: Prisma, id: number): Promise<Business | null> {
  return prisma.business.findUnique({ where: { id } });
}

/** The columns an admin edit may write, by Prisma field name (id, approval, source and timestamps are not among them). */
const EDITABLE_COLUMNS = {
  placeId: 'place_id',
  name: 'name',
  slug: 'slug',
  type: 'type',
  category: 'category',
  categorySlug: 'category_slug',
  subtypes: 'subtypes',
  fullAddress: 'full_address',
  street: 'street',
  city: 'city',
  citySlug: 'city_slug',
  postalCode: 'postal_code',
  state: 'state',
  country: 'country',
  countryCode: 'country_code',
  phone: 'phone',
  latitude: 'latitude',
  longitude: 'longitude',
  rating: 'rating',
  reviewCount: 'review_count',
  reviewsLink: 'reviews_link',
  photo: 'photo',
  logo: 'logo',
  locatedIn: 'located_in',
  workingHours: 'working_hours',
  about: 'about',
  verified: 'verified',
  website: 'website',
  url: 'url',
  businessStatus: 'business_status',
} as const satisfies Partial<Record<keyof Business, string>>;

export type EditableBusinessField = keyof typeof EDITABLE_COLUMNS;
export const EDITABLE_BUSINESS_FIELDS = Object.keys(EDITABLE_COLUMNS) as EditableBusinessField[];
export type BusinessChanges = Partial<Pick<Business, EditableBusinessField>>;

const JSON_FIELDS: ReadonlySet<string> = new Set(['workingHours', 'about']);

const ALL_COLUMNS: Record<keyof Business, string> = {
  ...EDITABLE_COLUMNS,
  id: 'id',
  isApproved: 'is_approved',
  source: 'source',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
/** Every column under its Prisma name, so a pg row reads as Prisma's Business. */
const SELECT_AS_BUSINESS = Object.entries(ALL_COLUMNS)
  .map(([field, column]) => `"${column}" AS "${field}"`)
  .join(', ');

/** What a business edit decides once it holds the row: the columns to write and the audit row, or nothing to write. */
export interface BusinessEditPlan {
  changes: BusinessChanges;
  audit: AuditEntry;
}

/** Queries an edit's decision may need while it holds the row. */
export interface BusinessEditLookups {
  /** The id of the business that has `slug` now, or null. */
  findIdBySlug(slug: string): Promise<number | null>;
}

/**
 * Edits one business in one transaction: locks the row, lets `decide` turn it into changes (it may throw
 * to refuse: nothing is written), writes them, records the old slug's redirect when the slug changed, and
 * writes the audit row. Null when no business has `id`; otherwise the row as stored after the edit.
 */
export async function editBusiness(
  pool: Pool,
  id: number,
  decide: (current: Business, lookups: BusinessEditLookups) => Promise<BusinessEditPlan | null> | BusinessEditPlan | null,
): Promise<{ before: Business; after: Business } | null> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<Business>(`SELECT ${SELECT_AS_BUSINESS} FROM businesses WHERE id = $1 FOR UPDATE`, [id]);
    const before = found.rows[0];
    if (!before) return null;
    const plan = await decide(before, {
      async findIdBySlug(slug) {
        const { rows } = await client.query<{ id: number }>('SELECT id FROM businesses WHERE slug = $1', [slug]);
        return rows[0]?.id ?? null;
      },
    });
    const fields = Object.keys(plan?.changes ?? {}) as EditableBusinessField[];
    if (!plan || fields.length === 0) return { before, after: before };
    const values = fields.map((field) => {
      const value = plan.changes[field];
      return JSON_FIELDS.has(field) && value !== null ? JSON.stringify(value) : value;
    });
    const assignments = fields.map((field, index) => `"${EDITABLE_COLUMNS[field]}" = $${index + 2}${JSON_FIELDS.has(field) ? '::json' : ''}`);
    const updated = await client.query<Business>(
      `UPDATE businesses SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1 RETURNING ${SELECT_AS_BUSINESS}`,
      [id, ...values],
    );
    const after = updated.rows[0];
    if (after.slug !== before.slug) await recordSlugRedirects(client, [{ oldSlug: before.slug, businessId: id }]);
    await insertAuditLogWith(client, plan.audit);
    return { before, after };
  });
}

/** Flips is_approved and writes the audit row in the same transaction; null when no business has `id`. */
export async function flipBusinessApproval(pool: Pool, id: number, audit: (after: Business) => AuditEntry): Promise<Business | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<Business>(`UPDATE businesses SET is_approved = NOT is_approved WHERE id = $1 RETURNING ${SELECT_AS_BUSINESS}`, [id]);
    if (!rows[0]) return null;
    await insertAuditLogWith(client, audit(rows[0]));
    return rows[0];
  });
}

/**
 * Deletes one business and writes the audit row in the same transaction (its slug redirects go with it:
 * ON DELETE CASCADE); null when no business has `id`.
 */
export async function deleteBusinessById(pool: Pool, id: number, audit: (deleted: Business) => AuditEntry): Promise<Business | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<Business>(`DELETE FROM businesses WHERE id = $1 RETURNING ${SELECT_AS_BUSINESS}`, [id]);
    if (!rows[0]) return null;
    await insertAuditLogWith(client, audit(rows[0]));
    return rows[0];
  });
}
