import type { AdminBusinessRow } from '../../../common/api/admin.ts';
import { displayAddress } from '../../../common/address.ts';
import type { AdminBusinessListRow } from '../repositories/businesses.ts';

/** A row of the admin list: the address as the public pages show it (built from its parts when the file had none). */
export function presentAdminBusiness(row: AdminBusinessListRow): AdminBusinessRow {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    address: displayAddress({ fullAddress: row.full_address, street: row.street, postalCode: row.postal_code, city: row.city, state: row.state, countryCode: row.country_code }),
    city: row.city,
    countryCode: row.country_code,
    rating: row.rating,
    reviewCount: row.review_count,
    slug: row.slug,
    isApproved: row.is_approved,
    createdAt: row.created_at.toISOString(),
  };
}
