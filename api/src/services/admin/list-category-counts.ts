import type { AdminCategoryCounts } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import { countBusinessesByCategory } from '../../repositories/businesses.ts';

/** Every category with its number of businesses, approved and held (the public counts hold only approved ones). */
export async function listCategoryCounts(options: { pool: Pool }): Promise<AdminCategoryCounts> {
  return { categories: await countBusinessesByCategory(options.pool) };
}
