import type { AdminCountryCodeCounts } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import { countBusinessesByCountryCode } from '../../repositories/businesses.ts';

/** Every country code present with its number of businesses, approved and held, for the export's country filter. */
export async function listCountryCodeCounts(options: { pool: Pool }): Promise<AdminCountryCodeCounts> {
  return { countryCodes: await countBusinessesByCountryCode(options.pool) };
}
