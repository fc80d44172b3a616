/**
 * `indexer --verify`: compares PostgreSQL (the truth) with Meilisearch: document counts of every
 * index, a random sample of businesses field by field (both directions: rows missing from the index
 * and documents whose row is gone), and the aggregate documents recomputed from SQL.
 */
import type { Meilisearch } from 'meilisearch';
import type { Pool } from '../../platform/db/pool.ts';
import { indexUid, INDEX_KINDS } from '../../platform/search/client.ts';
import { HOME_DOCUMENT_ID } from '../../common/search-documents.ts';
import { computeAggregates } from './db/aggregates.ts';
import { fetchBusinessesByIds } from './db/outbox.ts';
import { BUSINESS_COLUMNS, toBusinessDocument, type BusinessSqlRow } from './documents/business-document.ts';

export interface VerifyReport {
  differences: string[];
  counts: Record<string, { postgres: number; meilisearch: number | null }>;
  sampled: number;
}

/** Field-by-field differences of two JSON values (numbers within 1e-9). */
export function diffValues(path: string, expected: unknown, actual: unknown, out: string[] = [], limit = 20): string[] {
  if (out.length >= limit) return out;
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (Math.abs(expected - actual) > 1e-9) out.push(`${path}: expected ${expected}, found ${actual}`);
    return out;
  }
  if (expected === null || actual === null || typeof expected !== 'object' || typeof actual !== 'object') {
    if (expected !== actual && !(expected === undefined && actual === null) && !(expected === null && actual === undefined)) {
      out.push(`${path}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(actual)}`);
    }
    return out;
  }
  if (Array.isArray(expected) !== Array.isArray(actual)) {
    out.push(`${path}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(actual)}`);
    return out;
  }
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const key of keys) diffValues(`${path}.${key}`, (expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], out, limit);
  return out;
}

async function documentCount(meili: Meilisearch, uid: string): Promise<number | null> {
  try {
    return (await meili.index(uid).getStats()).numberOfDocuments;
  } catch {
    return null;
  }
}

async function fetchAll(meili: Meilisearch, uid: string, max: number): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (let offset = 0; offset < max; offset += 1000) {
    const page = await meili.index(uid).getDocuments<Record<string, unknown>>({ offset, limit: Math.min(1000, max - offset) });
    for (const doc of page.results) found.set(String(doc.id), doc);
    if (page.results.length < 1000) break;
  }
  return found;
}

export async function verifyIndexes({ pool, meili, prefix, sampleSize = 200 }: { pool: Pool; meili: Meilisearch; prefix: string; sampleSize?: number }): Promise<VerifyReport> {
  const differences: string[] = [];
  const counts: VerifyReport['counts'] = {};
  const businessesUid = indexUid(prefix, 'businesses');

  // Businesses: count, then a random sample of rows compared field by field.
  const total = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses')).rows[0].n;
  counts.businesses = { postgres: total, meilisearch: await documentCount(meili, businessesUid) };
  const sample = await pool.query<BusinessSqlRow>(
    total > 50_000
      ? `SELECT ${BUSINESS_COLUMNS} FROM businesses TABLESAMPLE SYSTEM (1) ORDER BY random() LIMIT $1`
      : `SELECT ${BUSINESS_COLUMNS} FROM businesses ORDER BY random() LIMIT $1`,
    [sampleSize],
  );
  if (sample.rows.length && counts.businesses.meilisearch !== null) {
    const ids = sample.rows.map((row) => row.id);
    const indexed = await meili.index(businessesUid).getDocuments<Record<string, unknown>>({ ids, limit: ids.length });
    const byId = new Map(indexed.results.map((doc) => [Number(doc.id), doc]));
    for (const row of sample.rows) {
      const doc = byId.get(row.id);
      if (!doc) differences.push(`businesses/${row.id}: missing from Meilisearch`);
      else differences.push(...diffValues(`businesses/${row.id}`, JSON.parse(JSON.stringify(toBusinessDocument(row))), doc));
    }
  }
  // The other direction: indexed documents whose row is gone.
  if (counts.businesses.meilisearch) {
    const offset = Math.max(0, Math.floor(Math.random() * (counts.businesses.meilisearch - sampleSize)));
    const page = await meili.index(businessesUid).getDocuments<{ id: number }>({ offset, limit: sampleSize, fields: ['id'] });
    const ids = page.results.map((doc) => Number(doc.id));
    const present = new Set((await fetchBusinessesByIds(pool, ids)).map((row) => row.id));
    for (const id of ids) if (!present.has(id)) differences.push(`businesses/${id}: in Meilisearch but not in PostgreSQL`);
  }
  if (counts.businesses.meilisearch !== total) differences.push(`businesses: ${total} rows in PostgreSQL, ${counts.businesses.meilisearch ?? 'no index'} documents in Meilisearch`);

  // Aggregates: recompute from SQL and compare every document (up to 20,000 per index).
  const aggregates = await computeAggregates(pool);
  const expectedByKind = {
    categories: aggregates.categories,
    countries: aggregates.countries,
    cities: aggregates.cities,
    home: [aggregates.home],
  };
  for (const kind of INDEX_KINDS) {
    if (kind === 'businesses') continue;
    const uid = indexUid(prefix, kind);
    const expected = expectedByKind[kind] as unknown as Array<{ id: string } & Record<string, unknown>>;
    const actualCount = await documentCount(meili, uid);
    counts[kind] = { postgres: expected.length, meilisearch: actualCount };
    if (actualCount !== expected.length) differences.push(`${kind}: ${expected.length} expected from PostgreSQL, ${actualCount ?? 'no index'} in Meilisearch`);
    if (actualCount === null) continue;
    const actual = await fetchAll(meili, uid, 20_000);
    let reported = 0;
    for (const doc of expected.slice(0, 20_000)) {
      const found = actual.get(doc.id);
      const before = differences.length;
      if (!found) differences.push(`${kind}/${doc.id}: missing from Meilisearch`);
      else if (doc.id === HOME_DOCUMENT_ID) {
        const { computedAt: _ignored, ...rest } = JSON.parse(JSON.stringify(doc));
        const { computedAt: _ignoredToo, ...found2 } = found;
        diffValues(`${kind}/${doc.id}`, rest, found2, differences, differences.length + 20);
      } else diffValues(`${kind}/${doc.id}`, JSON.parse(JSON.stringify(doc)), found, differences, differences.length + 20);
      if (differences.length > before && ++reported >= 20) break;
    }
  }
  return { differences, counts, sampled: sample.rows.length };
}
