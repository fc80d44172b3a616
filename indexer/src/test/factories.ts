/**
 * Test data for indexer tests: businesses inserted with plain SQL (the outbox triggers fire as for
 * any writer), with slugs from common/slug.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from '../../../platform/db/pool.ts';
import { countryName } from '../../../common/countries.ts';
import { businessSlug, categorySlug, citySlug, randomSlugSuffix } from '../../../common/slug.ts';

export interface BusinessInput {
  name?: string;
  category?: string | null;
  type?: string | null;
  city?: string | null;
  countryCode?: string | null;
  rating?: number | null;
  reviewCount?: number;
  latitude?: number | null;
  longitude?: number | null;
  isApproved?: boolean;
  photo?: string | null;
  phone?: string | null;
  postalCode?: string | null;
}

const COLUMNS = [
  'name', 'slug', 'type', 'category', 'category_slug', 'subtypes', 'full_address', 'city', 'city_slug', 'postal_code',
  'country', 'country_code', 'phone', 'latitude', 'longitude', 'rating', 'review_count', 'photo', 'working_hours', 'about',
  'is_approved', 'source',
];

function values(input: BusinessInput) {
  const name = input.name ?? `Business ${randomBytes(4).toString('hex')}`;
  const city = input.city === undefined ? 'Berlin' : input.city;
  const category = input.category === undefined ? 'Cafe' : input.category;
  const code = input.countryCode === undefined ? 'DE' : input.countryCode;
  return [
    name,
    businessSlug(name, city, randomSlugSuffix()),
    input.type ?? category,
    category,
    category ? categorySlug(category) : null,
    category ? [category, 'Shop'] : [],
    `${name} Street 1, ${city ?? ''}`,
    city,
    city ? citySlug(city) : null,
    input.postalCode ?? '10115',
    code ? countryName(code) : null,
    code,
    input.phone ?? '+49 30 1234567',
    input.latitude === undefined ? 52.52 : input.latitude,
    input.longitude === undefined ? 13.405 : input.longitude,
    input.rating === undefined ? 4.5 : input.rating,
    input.reviewCount ?? 10,
    input.photo ?? null,
    JSON.stringify({ Monday: '9AM-5PM', Sunday: 'Closed' }),
    JSON.stringify({ Service: { 'Wi-Fi': true } }),
    input.isApproved ?? true,
    'test',
  ];
}

/** Inserts businesses in one statement; returns their ids in order. */
export async function insertBusinesses(pool: Pick<Pool, 'query'>, inputs: BusinessInput[]): Promise<number[]> {
  if (!inputs.length) return [];
  const params: unknown[] = [];
  const tuples = inputs.map((input) => {
    const row = values(input);
    const placeholders = row.map((value) => {
      params.push(value);
      return `$${params.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  const { rows } = await pool.query<{ id: number }>(`INSERT INTO businesses (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} RETURNING id`, params);
  return rows.map((row) => row.id);
}

/** Inserts `count` generated businesses server-side in one statement (fast for thousands of rows). */
export async function insertManyBusinesses(pool: Pool, count: number, tag = 'bulk'): Promise<void> {
  await pool.query(
    `INSERT INTO businesses (name, slug, category, category_slug, type, city, city_slug, country, country_code, rating, review_count, latitude, longitude, is_approved, source)
     SELECT '${tag} ' || g, '${tag}-' || g || '-' || substr(md5(random()::text), 1, 6),
            (ARRAY['Cafe','Bakery','Dentist','Hotel'])[1 + g % 4], (ARRAY['cafe','bakery','dentist','hotel'])[1 + g % 4],
            (ARRAY['Cafe','Bakery','Dentist','Hotel'])[1 + g % 4],
            (ARRAY['Berlin','Paris','Lyon'])[1 + g % 3], (ARRAY['berlin','paris','lyon'])[1 + g % 3],
            (ARRAY['Germany','France','France'])[1 + g % 3], (ARRAY['DE','FR','FR'])[1 + g % 3],
            round((random() * 5)::numeric, 1), (random() * 500)::int, 48 + random(), 2 + random() * 10, true, 'test'
     FROM generate_series(1, $1) AS g`,
    [count],
  );
}
