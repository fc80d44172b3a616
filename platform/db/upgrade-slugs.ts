/**
 * Brings the stored category and city slugs up to the current slug rules (SLUG_RULES_VERSION in
 * common/slug.ts), once per database: `npm start` and `npm run migrate` call it after the migrations.
 * A business's own slug is never changed (its URL is stable); category and city slugs are derived values
 * that every new import writes with the current rules, so stored rows must follow or one city would be
 * split in two. Only text with a non-ASCII character, or with no letter or digit, can slug differently, so
 * only that is read; the updates reach the search index through the outbox like any other change.
 */
import { categorySlug, citySlug, SLUG_RULES_VERSION } from '../../common/slug.ts';
import type { Pool, PoolClient } from './pool.ts';

const STATE_KEY = 'slug_rules_version';
/** Two processes starting at once (npm start and npm run migrate) upgrade one after the other. */
const UPGRADE_LOCK_ID = 72707370;

export interface SlugUpgrade {
  from: number;
  to: number;
  /** Businesses whose category slug or city slug changed. */
  categories: number;
  cities: number;
}

/** The line `npm start` and `npm run migrate` print about an upgrade; null when it changed nothing. */
export function describeSlugUpgrade(upgrade: SlugUpgrade | null): string | null {
  if (!upgrade || upgrade.categories + upgrade.cities === 0) return null;
  return `slug rules ${upgrade.from} -> ${upgrade.to}: ${upgrade.categories} category and ${upgrade.cities} city slugs brought up to date`;
}

/** Null when the stored slugs already follow the current rules. */
export async function upgradeStoredSlugs(pool: Pool): Promise<SlugUpgrade | null> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [UPGRADE_LOCK_ID]);
    try {
      const { rows } = await client.query<{ value: unknown }>('SELECT value FROM indexer_state WHERE key = $1', [STATE_KEY]);
      // Databases from before the version was recorded were slugged by version 1.
      const from = rows.length ? Number(rows[0].value) : 1;
      if (from >= SLUG_RULES_VERSION) return null;
      await client.query('BEGIN');
      const categories = await reslug(client, 'category', 'category_slug', categorySlug);
      const cities = await reslug(client, 'city', 'city_slug', (city) => citySlug(city) || null);
      await client.query(
        `INSERT INTO indexer_state (key, value, updated_at) VALUES ($1, $2::jsonb, now())
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [STATE_KEY, JSON.stringify(SLUG_RULES_VERSION)],
      );
      await client.query('COMMIT');
      return { from, to: SLUG_RULES_VERSION, categories, cities };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [UPGRADE_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

async function reslug(client: PoolClient, column: 'category' | 'city', slugColumn: 'category_slug' | 'city_slug', derive: (text: string) => string | null): Promise<number> {
  // Text with a non-ASCII character, or without a letter or digit (its slug is made from the whole text).
  const { rows } = await client.query<{ text: string }>(
    `SELECT DISTINCT ${column} AS text FROM businesses WHERE ${column} ~ '[^\\x01-\\x7f]' OR ${column} !~ '[A-Za-z0-9]'`,
  );
  if (rows.length === 0) return 0;
  const texts = rows.map((row) => row.text);
  // One statement for every distinct text: a hash join, not one table scan per city.
  const { rowCount } = await client.query(
    `UPDATE businesses b SET ${slugColumn} = v.slug
       FROM unnest($1::text[], $2::text[]) AS v(text, slug)
      WHERE b.${column} = v.text AND b.${slugColumn} IS DISTINCT FROM v.slug`,
    [texts, texts.map(derive)],
  );
  return rowCount ?? 0;
}
