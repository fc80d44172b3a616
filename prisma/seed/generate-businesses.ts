/**
 * The deterministic demo-data generator: businesses shaped like Google-Maps (Outscraper) exports, in real
 * cities of 40 countries. Every row is a pure function of (seed, position), so the same --seed gives the same
 * data on every machine, a million rows stream without being held in memory, and a duplicate can rebuild the
 * earlier row it repeats instead of remembering it.
 */
import type { BusinessRow } from '../../common/business.ts';
import { countryName } from '../../common/countries.ts';
import { slugify } from '../../common/slug.ts';
import { generateAbout } from './about.ts';
import { generateAddress, generateCoordinates, generatePhone } from './business-address.ts';
import { generateBusinessName } from './business-name.ts';
import { mix32, Prng } from './prng.ts';
import { CATEGORIES, CATEGORY_WEIGHTS, findCategory, type Category } from './reference/categories.ts';
import { CITIES, type City } from './reference/cities.ts';
import { COUNTRIES } from './reference/countries.ts';
import { CHAINS, type Chain } from './reference/names.ts';
import { generateWorkingHours } from './working-hours.ts';

export const DEFAULT_SEED = 20261122;

/** Share of rows that repeat an earlier place_id (as overlapping export queries do). */
const DUPLICATE_SHARE = 0.02;
/** How far back a duplicate reaches: real exports repeat a place within the same query's results. */
const DUPLICATE_WINDOW = 2000;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const CITY_WEIGHTS = CITIES.map((city) => city.weight);
const COUNTRY_NAMES = new Map(CITIES.map((city) => [city.countryCode, countryName(city.countryCode)]));
const CHAIN_CATEGORIES = new Map(CHAINS.map((chain) => [chain, findCategory(chain.category)]));

export interface GenerateOptions {
  /** Distinct businesses; about 2% more rows follow that repeat an earlier place_id. */
  count: number;
  seed?: number;
}

/**
 * "ChIJ" + 23 base64url characters. Six of them hold `unique` (a bijection of the row's position, 32 bits:
 * 2 + 5 x 6), so two rows of one seed never share a place id; the rest are random.
 */
function placeIdFor(prng: Prng, unique: number): string {
  let id = `ChIJ${BASE64URL[(prng.nextUint32() & 60) | (unique >>> 30)]}`;
  for (let shift = 24; shift >= 0; shift -= 6) id += BASE64URL[(unique >>> shift) & 63];
  while (id.length < 27) id += BASE64URL[prng.nextUint32() & 63];
  return id;
}

function websiteFor(prng: Prng, name: string, city: City, chain: Chain | null): string {
  if (chain) return `${chain.website}/locations/${slugify(city.name)}`;
  const base = slugify(name).normalize('NFKD').replace(/[^a-z0-9]/g, '');
  const host = base.length >= 4 ? base.slice(0, 30) : `${slugify(city.name).replace(/[^a-z0-9]/g, '') || 'shop'}${prng.int(10, 999)}`;
  // Reserved .example domains: a demo must not link to real, unrelated businesses.
  return `https://www.${host}.example/`;
}

function rate(prng: Prng, reviewCount: number): number {
  if (reviewCount < 4) return prng.pick([5, 5, 5, 4, 4.5, 3, 1]);
  const rating = 5 - Math.abs(prng.normal()) * 0.55 - (prng.chance(0.07) ? prng.next() * 2 : 0);
  return Math.round(Math.min(5, Math.max(1, rating)) * 10) / 10;
}

function buildBusiness(seedBase: number, position: number): BusinessRow {
  const unique = mix32((seedBase + position) >>> 0);
  const prng = new Prng(unique);
  const placeId = placeIdFor(prng, unique);
  const city = CITIES[prng.weighted(CITY_WEIGHTS)];
  const country = COUNTRIES[city.countryCode];
  const language = city.language ?? country.language;

  const chain = prng.chance(0.1) ? prng.pick(CHAINS) : null;
  const category: Category = chain ? CHAIN_CATEGORIES.get(chain)! : CATEGORIES[prng.weighted(CATEGORY_WEIGHTS)];
  let name: string;
  if (chain) {
    const branch = prng.weighted([5, 3, 2]);
    name = branch === 0 ? chain.name : branch === 1 ? `${chain.name} ${city.name}` : `${chain.name} - ${prng.pick(country.streets)}`;
  } else {
    name = generateBusinessName(prng, category, city, language);
  }

  const subtypes = [category.name, ...prng.sample(category.subtypes, prng.int(0, Math.min(3, category.subtypes.length)))];
  const address = generateAddress(prng, city, country);
  const coordinates = prng.chance(0.03) ? null : generateCoordinates(prng, city);
  const isNew = prng.chance(0.06);
  const reviewCount = isNew ? 0 : Math.min(60_000, Math.max(1, Math.floor(Math.exp(2.6 + 1.6 * prng.normal() + (chain ? 1 : 0)))));
  const locatedIn = ['shop', 'food', 'cafe', 'beauty'].includes(category.kind) && prng.chance(0.07)
    ? `${city.name} ${prng.pick(['Central Mall', 'Plaza', 'Galleria', 'Shopping Centre', 'Central Station', 'Market Hall', 'Airport'])}`
    : null;

  return {
    placeId,
    name,
    type: category.name,
    category: category.name,
    subtypes,
    fullAddress: address.fullAddress,
    street: address.street,
    city: city.name,
    postalCode: address.postalCode,
    state: city.state,
    country: COUNTRY_NAMES.get(city.countryCode)!,
    countryCode: city.countryCode,
    phone: prng.chance(0.1) ? null : generatePhone(prng, city, country),
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    rating: isNew ? null : rate(prng, reviewCount),
    reviewCount,
    reviewsLink: `https://search.google.com/local/reviews?placeid=${placeId}&authuser=0&hl=en&gl=${city.countryCode}`,
    photo: prng.chance(0.85) ? `https://picsum.photos/seed/${placeId}/400/300` : null,
    logo: prng.chance(0.5) ? `https://picsum.photos/seed/${placeId}-logo/120/120` : null,
    locatedIn,
    workingHours: prng.chance(0.15) ? null : generateWorkingHours(prng, category.kind, category.open24),
    about: prng.chance(0.1) ? null : generateAbout(prng, category.kind),
    verified: prng.chance(chain ? 0.95 : 0.65),
    website: !chain && prng.chance(0.35) ? null : websiteFor(prng, name, city, chain),
    url: `https://www.google.com/maps/place/?q=place_id:${placeId}`,
    businessStatus: 'OPERATIONAL',
  };
}

/** An earlier row seen again: identical (overlapping queries) or with fresher reviews, phone or hours. */
function repeatBusiness(prng: Prng, original: BusinessRow): BusinessRow {
  if (prng.chance(0.3)) return original;
  const reviewCount = original.reviewCount + prng.int(1, 40);
  const rating = original.rating === null ? prng.pick([4, 4.5, 5]) : Math.round(Math.min(5, Math.max(1, original.rating + prng.pick([-0.1, 0.1]))) * 10) / 10;
  return {
    ...original,
    reviewCount,
    rating,
    phone: prng.chance(0.2) && original.phone ? original.phone.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10)) : original.phone,
    verified: prng.chance(0.2) ? true : original.verified,
  };
}

/**
 * Streams `count` distinct businesses (plus ~2% rows that repeat an earlier place_id), the same for the same
 * seed. Rows are built one at a time, so a million rows need no more memory than one.
 */
export function* generateBusinesses(options: GenerateOptions): Generator<BusinessRow> {
  const seedBase = mix32((options.seed ?? DEFAULT_SEED) ^ 0x9e3779b9);
  for (let position = 0; position < options.count; position++) {
    yield buildBusiness(seedBase, position);
    const prng = new Prng(mix32(seedBase ^ mix32(position ^ 0x5bd1e995)));
    if (position > 0 && prng.chance(DUPLICATE_SHARE)) {
      const earlier = position - prng.int(0, Math.min(position, DUPLICATE_WINDOW));
      yield repeatBusiness(prng, buildBusiness(seedBase, earlier));
    }
  }
}
