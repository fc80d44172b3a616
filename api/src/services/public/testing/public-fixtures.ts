/**
 * Test data for the visitor API: a business factory, and `seedDirectory` which writes rows with the
 * real writer (platform/db/business-writer.ts) and builds every index with the real indexer's full
 * rebuild, so a test reads exactly what production would.
 */
import type { BusinessRow } from '../../../../../common/business.ts';
import type { Config } from '../../../../../platform/config.ts';
import { withTransaction, type Pool } from '../../../../../platform/db/pool.ts';
import { writeBusinessBatch } from '../../../../../platform/db/business-writer.ts';
import { createLogger } from '../../../../../platform/log.ts';
import { createMeili } from '../../../../../platform/search/client.ts';
import { rebuildAllIndexes } from '../../../../../indexer/src/jobs/full-rebuild.ts';
import { createRuntime } from '../../../../../indexer/src/runtime.ts';

let sequence = 0;

export function buildBusiness(overrides: Partial<BusinessRow> = {}): BusinessRow {
  sequence += 1;
  return {
    placeId: `place-${sequence}`,
    name: `Business ${sequence}`,
    type: 'Bakery',
    category: 'Bakery',
    fullAddress: `Street ${sequence}, 10115 Berlin, Germany`,
    street: `Street ${sequence}`,
    city: 'Berlin',
    postalCode: '10115',
    state: 'Berlin',
    country: 'Germany',
    countryCode: 'DE',
    phone: '+49 30 1234567',
    latitude: 52.52,
    longitude: 13.405,
    rating: 4.5,
    reviewCount: 10,
    reviewsLink: null,
    photo: null,
    logo: null,
    locatedIn: null,
    workingHours: { Monday: '9AM-5PM', Sunday: 'Closed' },
    about: { 'Service options': { Takeout: true, Delivery: false } },
    verified: false,
    website: null,
    url: null,
    businessStatus: null,
    ...overrides,
    subtypes: overrides.subtypes ?? [overrides.category ?? 'Bakery'],
  };
}

/** Writes the rows (upsert) and rebuilds every index of this test's prefix. */
export async function seedDirectory(options: { config: Config; pool: Pool; rows: BusinessRow[] }): Promise<void> {
  if (options.rows.length) {
    await withTransaction(options.pool, (client) => writeBusinessBatch(client, options.rows, { mode: 'upsert', source: 'test' }));
  }
  await reindexDirectory(options);
}

export async function reindexDirectory(options: { config: Config; pool: Pool }): Promise<void> {
  const controller = new AbortController();
  await rebuildAllIndexes(
    {
      config: options.config,
      pool: options.pool,
      meili: createMeili(options.config),
      prefix: options.config.meiliIndexPrefix,
      log: createLogger('test-indexer'),
      runtime: createRuntime(() => undefined),
      signal: controller.signal,
    },
    'test',
  );
}
