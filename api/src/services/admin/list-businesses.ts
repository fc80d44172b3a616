import type { AdminBusinessFilter, AdminBusinessList, AdminBusinessListQuery } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import { presentAdminBusiness } from '../../presenters/admin-business.ts';
import { listBusinessesForAdmin, type BusinessSelection } from '../../repositories/businesses.ts';

/** The list's filter fields as the repository's selection (the bulk action uses the same translation). */
export function selectionOf(filter: AdminBusinessFilter): BusinessSelection {
  return { nameSearch: filter.filter, category: filter.category, countryCode: filter.countryCode, approval: filter.approval };
}

/**
 * One page of every business (approved and held) matching the filter, truly sorted across all matches,
 * read from PostgreSQL so an admin's own write shows on the next read. A page past the last is empty
 * with the real totals.
 */
export async function listBusinesses(options: { pool: Pool; query: AdminBusinessListQuery }): Promise<AdminBusinessList> {
  const { query } = options;
  const { rows, total } = await listBusinessesForAdmin(options.pool, {
    selection: selectionOf(query),
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    businesses: rows.map(presentAdminBusiness),
    pagination: { page: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit), total },
  };
}
