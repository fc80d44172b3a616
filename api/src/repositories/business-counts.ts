/**
 * Exact business counts per (category, approval) from business_count_deltas, which triggers on
 * businesses keep (migration 20261127185500): a read sums a few hundred small rows instead of scanning
 * every business, so the admin figures stay instant at a million listings.
 */
import type { Pool } from '../../../platform/db/pool.ts';

export interface BusinessCountGroup {
  /** null: businesses without a category. */
  category: string | null;
  isApproved: boolean;
  businesses: number;
  /** Businesses with a rating above 0, and the sum of those ratings. */
  rated: number;
  ratingSum: number;
}

/** Above this many delta rows per group a read folds them first (a 1,000,000-row import leaves ~2,000 per category). */
const FOLD_WHEN_ROWS_PER_GROUP = 4;
/** Below this many rows the sum is cheap whatever their spread: no fold. */
const FOLD_MIN_ROWS = 2_000;

/** Whether `deltaRows` rows for `groups` groups have piled up enough to be worth a fold. */
function shouldFold(deltaRows: number, groups: number): boolean {
  return deltaRows > FOLD_MIN_ROWS && deltaRows > FOLD_WHEN_ROWS_PER_GROUP * Math.max(1, groups);
}

/** Every (category, approval) group with at least one business, folding the deltas first when they piled up. */
export async function listBusinessCountGroups(pool: Pool): Promise<BusinessCountGroup[]> {
  const groups = await sumDeltas(pool);
  if (shouldFold(groups.deltaRows, groups.groups.length)) await foldBusinessCountDeltas(pool);
  return groups.groups;
}

/**
 * The exact number of businesses in a category and/or approval state (or all of them), from the counters:
 * what `SELECT count(*) FROM businesses WHERE category = $1 AND is_approved ...` answers, without reading
 * the businesses. The triggers write the deltas in the writer's own transaction, so a committed write is in
 * the sum of any statement that starts after it (the same visibility as the count(*) it replaces). A
 * category of null or '' is no category filter, as in the list's filter.
 */
export async function countBusinessesFromCounters(pool: Pool, filter: { category?: string; approval?: 'all' | 'approved' | 'pending' }): Promise<number> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (filter.category) {
    params.push(filter.category);
    conditions.push(`category = $${params.length}`);
  }
  if (filter.approval === 'approved') conditions.push('is_approved');
  if (filter.approval === 'pending') conditions.push('NOT is_approved');
  const matches = conditions.length ? conditions.join(' AND ') : 'true';
  // One pass over the (folded: a few rows per group) deltas: the matching sum, and what the fold rule needs.
  const { rows } = await pool.query<{ total: string; delta_rows: string; groups: string }>(
    `SELECT coalesce(sum(businesses) FILTER (WHERE ${matches}), 0)::text AS total, count(*)::text AS delta_rows,
            count(DISTINCT (category, is_approved))::text AS groups
       FROM business_count_deltas`,
    params,
  );
  const { total, delta_rows: deltaRows, groups } = rows[0];
  if (shouldFold(Number(deltaRows), Number(groups))) await foldBusinessCountDeltas(pool);
  return Number(total);
}

async function sumDeltas(pool: Pool): Promise<{ groups: BusinessCountGroup[]; deltaRows: number }> {
  const { rows } = await pool.query<{ category: string | null; is_approved: boolean; businesses: string; rated: string; rating_sum: number; delta_rows: string }>(`
    SELECT category, is_approved, sum(businesses)::text AS businesses, sum(rated)::text AS rated, sum(rating_sum)::float8 AS rating_sum,
      (sum(count(*)) OVER ())::text AS delta_rows
    FROM business_count_deltas GROUP BY 1, 2`);
  return {
    groups: rows
      .filter((row) => Number(row.businesses) > 0)
      .map((row) => ({ category: row.category, isApproved: row.is_approved, businesses: Number(row.businesses), rated: Number(row.rated), ratingSum: row.rating_sum })),
    deltaRows: Number(rows[0]?.delta_rows ?? 0),
  };
}

/**
 * Replaces the delta rows with one row per group, in one statement. A concurrent writer's rows that are
 * not committed yet are invisible to the DELETE and stay, and a fold running at the same time skips the
 * rows this one deleted, so no change is lost or counted twice.
 */
export async function foldBusinessCountDeltas(pool: Pool): Promise<void> {
  await pool.query(`
    WITH folded AS (DELETE FROM business_count_deltas RETURNING category, is_approved, businesses, rated, rating_sum)
    INSERT INTO business_count_deltas (category, is_approved, businesses, rated, rating_sum)
    SELECT category, is_approved, sum(businesses), sum(rated), sum(rating_sum) FROM folded GROUP BY 1, 2
    HAVING sum(businesses) <> 0 OR sum(rated) <> 0`);
}
