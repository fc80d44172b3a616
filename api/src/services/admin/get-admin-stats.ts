import type { AdminStats } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import { listBusinessCountGroups, type BusinessCountGroup } from '../../repositories/business-counts.ts';

export interface BusinessTotals extends AdminStats {
  ratedBusinesses: number;
  /** Mean of the ratings above 0, one decimal; null when none is rated. */
  averageRating: number | null;
}

/** Totals, approval split, rating mean and per-category counts of every business, from the count groups. */
export function summariseBusinessCounts(groups: BusinessCountGroup[]): BusinessTotals {
  let total = 0;
  let approved = 0;
  let rated = 0;
  let ratingSum = 0;
  const byCategory = new Map<string, number>();
  for (const group of groups) {
    total += group.businesses;
    if (group.isApproved) approved += group.businesses;
    rated += group.rated;
    ratingSum += group.ratingSum;
    // A business without a category counts in the totals, not as a category.
    if (group.category !== null && group.category !== '') byCategory.set(group.category, (byCategory.get(group.category) ?? 0) + group.businesses);
  }
  const categories = [...byCategory]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => b.count - a.count || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
  return {
    totalBusinesses: total,
    approvedBusinesses: approved,
    pendingBusinesses: total - approved,
    totalCategories: categories.length,
    categories,
    ratedBusinesses: rated,
    averageRating: rated > 0 ? Math.round((ratingSum / rated) * 10) / 10 : null,
  };
}

/**
 * GET /api/admin/stats: every business (approved and held) counted exactly, by category too. Read from
 * the trigger-kept counters (repositories/business-counts.ts), never by scanning businesses.
 */
export async function getAdminStats(options: { pool: Pool }): Promise<AdminStats> {
  const { ratedBusinesses: _rated, averageRating: _average, ...stats } = summariseBusinessCounts(await listBusinessCountGroups(options.pool));
  return stats;
}
