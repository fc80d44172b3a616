/**
 * The one bulk writer of businesses, shared by the importer and the demo seed. Never row by row: per-row
 * inserts are about a thousand times slower than COPY, and the statement-level outbox triggers fire once
 * per statement, not once per row.
 *
 * One indexed lookup first splits a batch by place_id into rows the table does not have and rows it has:
 * - new rows (the bulk of any first import) are COPYed straight into businesses, so each is written once
 *   instead of twice (COPY into staging, then INSERT ... SELECT ... ON CONFLICT);
 * - existing rows (and, as a fallback, new rows whose direct COPY was refused because a concurrent writer
 *   took their place_id or a slug collided) go through a temporary staging table and ONE set-based
 *   statement per mode (ON CONFLICT upsert, insert-new, or update-existing).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { isContentKey, JsonText, type BusinessRow } from '../../common/business.ts';
import { businessSlug, categorySlug, citySlug, randomSlugSuffix, slugSuffixFor } from '../../common/slug.ts';
import { copyBoolean, copyJson, copyJsonText, copyNumber, copyText, copyTextArray } from './copy-text.ts';
import type { PoolClient } from './pool.ts';

export type WriteMode = 'upsert' | 'insert' | 'update';

export interface SkippedRow {
  /** Position in the input array. */
  index: number;
  placeId: string | null;
  name: string;
  reason: 'exists' | 'no_match';
}

export interface WriteOutcome {
  /** New rows. */
  inserted: number;
  /** Existing rows (matched by place_id) whose data changed. */
  updated: number;
  /** Existing rows matched but identical: not rewritten, so no outbox churn and re-runs are idempotent. */
  unchanged: number;
  skipped: SkippedRow[];
  /** Rows dropped because a later row of the same batch had the same place_id (last one wins). */
  duplicatesInBatch: number;
  /** New slugs that collided with an existing slug and were given a fresh random suffix. */
  slugRetries: number;
  /** Distinct place_ids of the batch that were already in the table before it was written. */
  existing: number;
  /** The same for content keys (rows without a place_id: CONTENT_KEY_PREFIX), not counted in `existing`. */
  existingByContent: number;
}

export interface WriteOptions {
  mode: WriteMode;
  /**
   * Stored as businesses.source on insert (an import id or 'demo'). Existing rows keep theirs, but for a
   * demo row that the write changes: it becomes the writer's (real data, kept by "delete test data").
   */
  source: string;
  /** is_approved of NEW rows (default true: imports publish); existing rows keep their approval. */
  isApproved?: boolean;
  /**
   * The data columns (DATA_COLUMN_NAMES) an existing row may be changed in; the others keep their stored
   * values. Default: all. The importer passes the columns its file has, so a file without, say, a phone
   * column never erases the phones stored by an earlier, fuller import. New rows get every column.
   */
  columns?: readonly string[];
}

const STAGING = 'business_staging';
const SLUG_CONSTRAINT = 'businesses_slug_key';
const MAX_SLUG_ATTEMPTS = 5;

// A batch names a handful of cities and categories many times over: slugify each once.
const categorySlugs = new Map<string, string>();
const citySlugs = new Map<string, string>();
const SLUG_CACHE_LIMIT = 50_000;

function cachedSlug(cache: Map<string, string>, text: string, derive: (text: string) => string): string {
  let slug = cache.get(text);
  if (slug === undefined) {
    if (cache.size >= SLUG_CACHE_LIMIT) cache.clear();
    slug = derive(text);
    cache.set(text, slug);
  }
  return slug;
}

interface Column {
  name: string;
  type: string;
  encode(row: BusinessRow): string;
}

/** The data columns compared and rewritten on update (not slug, source, is_approved or timestamps). */
const DATA_COLUMNS: Column[] = [
  { name: 'name', type: 'text', encode: (row) => copyText(row.name) },
  { name: 'type', type: 'text', encode: (row) => copyText(row.type) },
  { name: 'category', type: 'text', encode: (row) => copyText(row.category) },
  { name: 'category_slug', type: 'text', encode: (row) => copyText(row.category ? cachedSlug(categorySlugs, row.category, categorySlug) : null) },
  { name: 'subtypes', type: 'text[]', encode: (row) => copyTextArray(row.subtypes ?? []) },
  { name: 'full_address', type: 'text', encode: (row) => copyText(row.fullAddress) },
  { name: 'street', type: 'text', encode: (row) => copyText(row.street) },
  { name: 'city', type: 'text', encode: (row) => copyText(row.city) },
  { name: 'city_slug', type: 'text', encode: (row) => copyText(row.city ? cachedSlug(citySlugs, row.city, citySlug) || null : null) },
  { name: 'postal_code', type: 'text', encode: (row) => copyText(row.postalCode) },
  { name: 'state', type: 'text', encode: (row) => copyText(row.state) },
  { name: 'country', type: 'text', encode: (row) => copyText(row.country) },
  { name: 'country_code', type: 'varchar(2)', encode: (row) => copyText(row.countryCode) },
  { name: 'phone', type: 'text', encode: (row) => copyText(row.phone) },
  { name: 'latitude', type: 'double precision', encode: (row) => copyNumber(row.latitude) },
  { name: 'longitude', type: 'double precision', encode: (row) => copyNumber(row.longitude) },
  { name: 'rating', type: 'double precision', encode: (row) => copyNumber(row.rating) },
  { name: 'review_count', type: 'integer', encode: (row) => copyNumber(row.reviewCount ?? 0) },
  { name: 'reviews_link', type: 'text', encode: (row) => copyText(row.reviewsLink) },
  { name: 'photo', type: 'text', encode: (row) => copyText(row.photo) },
  { name: 'logo', type: 'text', encode: (row) => copyText(row.logo) },
  { name: 'located_in', type: 'text', encode: (row) => copyText(row.locatedIn) },
  { name: 'working_hours', type: 'json', encode: (row) => copyJsonField(row.workingHours) },
  { name: 'about', type: 'json', encode: (row) => copyJsonField(row.about) },
  { name: 'verified', type: 'boolean', encode: (row) => copyBoolean(Boolean(row.verified)) },
  { name: 'website', type: 'text', encode: (row) => copyText(row.website) },
  { name: 'url', type: 'text', encode: (row) => copyText(row.url) },
  { name: 'business_status', type: 'text', encode: (row) => copyText(row.businessStatus) },
];

function copyJsonField(value: unknown): string {
  return value instanceof JsonText ? copyJsonText(value.json) : copyJson(value);
}

/** The names of the data columns, in COPY order (what WriteOptions.columns chooses from). */
export const DATA_COLUMN_NAMES: readonly string[] = DATA_COLUMNS.map((column) => column.name);

const DATA = DATA_COLUMNS.map((column) => `"${column.name}"`);
const DATA_LIST = DATA.join(', ');
// json has no equality operator: those columns are compared as jsonb, so key order and spacing do not count
// as a change (rows stored as jsonb before the 20261127030000 migration read back in jsonb's own order).
// Only rows that already exist pay for the conversion.
const JSON_COLUMNS = new Set(DATA_COLUMNS.filter((column) => column.type === 'json').map((column) => `"${column.name}"`));
const comparable = (table: string, column: string) => (JSON_COLUMNS.has(column) ? `${table}.${column}::jsonb` : `${table}.${column}`);
const IS_CHANGED = (columns: readonly string[], target: string, incoming: string) =>
  `(${columns.map((column) => comparable(target, column)).join(', ')}) IS DISTINCT FROM (${columns.map((column) => comparable(incoming, column)).join(', ')})`;

// Created once per connection and emptied at every commit (ON COMMIT DELETE ROWS truncates in place), so a
// batch costs no catalog churn; the DELETE only matters when a caller writes several batches in one
// transaction. Outside a transaction the rows would vanish after the COPY: STAGED_COUNT catches that.
// The staging rows take the very COPY text sent to businesses (so the encoded batch serves both paths);
// "ord" numbers them in COPY order, and minus the batch's lowest ord it is the row's position.
const PREPARE_STAGING = `
  CREATE TEMP TABLE IF NOT EXISTS ${STAGING} (
    "place_id" text,
    "slug" text NOT NULL,
    ${DATA_COLUMNS.map((column) => `"${column.name}" ${column.type}`).join(',\n    ')},
    "source" text,
    "is_approved" boolean NOT NULL DEFAULT true,
    "ord" bigint GENERATED ALWAYS AS IDENTITY
  ) ON COMMIT DELETE ROWS;
  DELETE FROM ${STAGING};`;

const STAGED_COUNT = `SELECT count(*)::int AS staged, min("ord")::bigint AS base FROM ${STAGING}`;

const FIND_EXISTING = 'SELECT "place_id" FROM businesses WHERE "place_id" = ANY(ARRAY(SELECT json_array_elements_text($1::json)))';

/** The columns of an encoded batch's payload, in order (EncodedBatch.payload). */
export const PAYLOAD_COLUMNS = `"place_id", "slug", ${DATA_LIST}, "source", "is_approved"`;

const COPY_DIRECT = `COPY businesses (${PAYLOAD_COLUMNS}) FROM STDIN`;

const COPY_STAGING = `COPY ${STAGING} (${PAYLOAD_COLUMNS}) FROM STDIN`;

// A new slug must not take one that another business already has (a row matched by place_id keeps its own).
const FIND_SLUG_COLLISIONS = `
  SELECT s."ord" FROM ${STAGING} s
  WHERE EXISTS (
    SELECT 1 FROM businesses b
    WHERE b."slug" = s."slug" AND (s."place_id" IS NULL OR b."place_id" IS DISTINCT FROM s."place_id")
  )`;

const INSERT_SELECT = `
  INSERT INTO businesses (${PAYLOAD_COLUMNS})
  SELECT ${PAYLOAD_COLUMNS} FROM ${STAGING} ORDER BY "ord"`;

// A demo row (prisma/seed) that a write changes becomes the writer's: an import that updated it made it real
// data, which "delete test data" must keep. Any other row keeps the source of the import that created it.
const CLAIM_DEMO = (target: string, incoming: string) => `"source" = CASE WHEN ${target}."source" = 'demo' THEN ${incoming}."source" ELSE ${target}."source" END`;

// xmax = 0 only on a freshly inserted tuple, so RETURNING tells inserts from conflict-updates exactly; rows
// whose data is identical (in the columns the update may change) do not pass the WHERE and are neither
// rewritten nor returned.
const upsert = (columns: readonly string[]) => `
  WITH written AS (
    ${INSERT_SELECT}
    ON CONFLICT ("place_id") DO UPDATE SET
      ${columns.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}, "updated_at" = now(), ${CLAIM_DEMO('businesses', 'EXCLUDED')}
    WHERE ${IS_CHANGED(columns, 'businesses', 'EXCLUDED')}
    RETURNING (xmax = 0) AS inserted
  )
  SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM written`;

const INSERT_NEW = `
  WITH written AS (
    ${INSERT_SELECT}
    ON CONFLICT ("place_id") DO NOTHING
    RETURNING "place_id"
  )
  SELECT ARRAY(
    SELECT s."ord" FROM ${STAGING} s
    WHERE s."place_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM written w WHERE w."place_id" = s."place_id")
    ORDER BY s."ord"
  ) AS skipped`;

// Both parts of the statement see the same snapshot, so "missing" is judged on the table before the update.
const updateExisting = (columns: readonly string[]) => `
  WITH written AS (
    UPDATE businesses b SET
      ${columns.map((column) => `${column} = s.${column}`).join(', ')}, "updated_at" = now(), ${CLAIM_DEMO('b', 's')}
    FROM ${STAGING} s
    WHERE s."place_id" IS NOT NULL AND b."place_id" = s."place_id" AND ${IS_CHANGED(columns, 'b', 's')}
    RETURNING b."id"
  )
  SELECT (SELECT count(*) FROM written)::int AS updated, ARRAY(
    SELECT s."ord" FROM ${STAGING} s
    WHERE s."place_id" IS NULL OR NOT EXISTS (SELECT 1 FROM businesses b WHERE b."place_id" = s."place_id")
    ORDER BY s."ord"
  ) AS skipped`;

/** The update statements for a set of columns, built once per set (an import uses one set throughout). */
const updateStatements = new Map<string, { upsert: string; update: string }>();

function statementsFor(columns: readonly string[] | undefined): { upsert: string; update: string } {
  const chosen = columns ? DATA_COLUMN_NAMES.filter((name) => columns.includes(name)) : DATA_COLUMN_NAMES;
  for (const name of columns ?? []) if (!DATA_COLUMN_NAMES.includes(name)) throw new Error(`unknown business column "${name}"`);
  if (chosen.length === 0) throw new Error('an update needs at least one column');
  const key = chosen.join(',');
  let statements = updateStatements.get(key);
  if (!statements) {
    const quoted = chosen.map((name) => `"${name}"`);
    statements = { upsert: upsert(quoted), update: updateExisting(quoted) };
    updateStatements.set(key, statements);
  }
  return statements;
}

/** What the writer needs to know of a row besides its COPY text. */
export interface EncodedRow {
  /** Position in the input array. */
  index: number;
  placeId: string | null;
  name: string;
  city: string | null;
}

/**
 * A batch ready for COPY, as plain compact data: a worker posts it to the writing thread, where 500 row
 * objects a batch would be thousands of short-lived objects to clone and collect (the writing thread's heap
 * swung by ~100 MB over a 3,000,000-row import). The rows' texts travel as three JSON arrays, parsed only
 * when a row must be named (skipped rows, slug collisions); rowAt() gives one row.
 */
export interface EncodedBatch {
  /** Rows to write: the last occurrence of each place_id. */
  count: number;
  /** Per row: its position in the input array. */
  indexes: Uint32Array;
  /** Per row, as a JSON array: place_id (null for none), name, city (null for none). */
  placeIds: string;
  names: string;
  cities: string;
  /** Rows with a place_id. */
  withPlaceId: number;
  /**
   * The rows' COPY text, UTF-8, one line each (place_id, slug, data columns, source): the same bytes go
   * to businesses or to the staging table. Its own ArrayBuffer, so a worker can transfer it without a copy.
   */
  payload: Uint8Array;
  /** Byte offset where each row's line ends (after its newline). */
  lineEnds: Uint32Array;
  /** Rows dropped because a later row of the same batch had the same place_id. */
  duplicatesInBatch: number;
}

const parsed = new WeakMap<EncodedBatch, { placeIds: Array<string | null>; names: string[]; cities: Array<string | null> }>();

/** Row `line` of a batch (0 .. count - 1). */
export function rowAt(batch: EncodedBatch, line: number): EncodedRow {
  let lists = parsed.get(batch);
  if (!lists) {
    lists = { placeIds: JSON.parse(batch.placeIds), names: JSON.parse(batch.names), cities: JSON.parse(batch.cities) };
    parsed.set(batch, lists);
  }
  return { index: batch.indexes[line], placeId: lists.placeIds[line], name: lists.names[line], city: lists.cities[line] };
}

const utf8 = new TextEncoder();
/** Bytes per encoded row in the latest batch (the next batch's buffer is sized from it). */
let bytesPerRow = 1024;

/** What BatchEncoder.addPrepared needs of a row besides its encoded columns. */
export interface PreparedRow {
  placeId: string | null;
  name: string;
  city: string | null;
  slug: string;
}

/** The end of every COPY line of an import: its source and is_approved columns and the newline. */
export function copyLineTail(source: string, isApproved = true): string {
  return `\t${copyText(source)}\t${copyBoolean(isApproved)}\n`;
}

/** A new row's slug (suffix from the place_id, else random); BatchEncoder replaces it if the batch has it. */
export function proposedSlug(row: Pick<BusinessRow, 'name' | 'city' | 'placeId'>): string {
  return businessSlug(row.name, row.city, row.placeId ? slugSuffixFor(row.placeId) : randomSlugSuffix());
}

/** A row's COPY line after its place_id and slug: a tab and each data column, then `tail` (copyLineTail). */
export function encodeLineRest(row: BusinessRow, tail: string): string {
  let rest = '';
  for (const column of DATA_COLUMNS) rest += `\t${column.encode(row)}`;
  return rest + tail;
}

/**
 * Encodes rows for COPY one at a time, as they arrive (the importer adds each row as soon as it is
 * validated, so the row object dies young instead of waiting in a list of 500 for the batch to fill up,
 * which made the parse worker's garbage collector promote and later mark every row). The caller
 * guarantees that no two rows added have the same place_id (encodeBatch reduces a list to that).
 */
export class BatchEncoder {
  private readonly tail: string;
  private payload: Uint8Array;
  private bytes = 0;
  private readonly indexes: number[] = [];
  private readonly lineEnds: number[] = [];
  private readonly placeIds: Array<string | null> = [];
  private readonly names: string[] = [];
  private readonly cities: Array<string | null> = [];
  private readonly slugs = new Set<string>();
  private withPlaceId = 0;

  /**
   * `expectedRows` sizes the payload buffer; `allocate` gives it (the importer recycles them); `isApproved`
   * is the approval of the batch's new rows (false: held for review).
   */
  constructor(source: string, expectedRows: number, private readonly allocate: (bytes: number) => Uint8Array = (bytes) => new Uint8Array(bytes), isApproved = true) {
    this.tail = copyLineTail(source, isApproved);
    // Each line is encoded straight into one buffer (no joined string, no second pass to measure), sized from
    // the previous batch's bytes per row so it rarely grows and wastes little (the whole ArrayBuffer travels).
    this.payload = allocate(Math.max(16 * 1024, Math.ceil(expectedRows * bytesPerRow * 1.15)));
  }

  get count(): number {
    return this.indexes.length;
  }

  /** Adds a row; `index` is its position in the caller's input (EncodedRow.index). */
  add(row: BusinessRow, index: number): void {
    this.addPrepared({ placeId: row.placeId, name: row.name, city: row.city, slug: proposedSlug(row) }, encodeLineRest(row, this.tail), index);
  }

  /**
   * Adds a row encoded elsewhere (the importer's prepare threads): its slug as proposedSlug() gave it, and
   * its line from the first data column on (encodeLineRest(), as text or as its UTF-8 bytes).
   */
  addPrepared(row: PreparedRow, rest: string | Uint8Array, index: number): void {
    let { slug } = row;
    // Two new rows of one batch with the same slug would fail the unique index together.
    while (this.slugs.has(slug)) slug = businessSlug(row.name, row.city, randomSlugSuffix());
    this.slugs.add(slug);
    this.writeText(`${copyText(row.placeId || null)}\t${copyText(slug)}`);
    if (typeof rest === 'string') {
      this.writeText(rest);
    } else {
      this.reserve(rest.length);
      this.payload.set(rest, this.bytes);
      this.bytes += rest.length;
    }
    this.lineEnds.push(this.bytes);
    this.indexes.push(index);
    // As stored: COPY drops NUL (PostgreSQL text cannot hold it), and json_array_elements_text refuses \u0000.
    const placeId = row.placeId ? row.placeId.replaceAll('\u0000', '') || null : null;
    this.placeIds.push(placeId);
    if (placeId) this.withPlaceId++;
    this.names.push(row.name);
    this.cities.push(row.city);
  }

  private writeText(text: string): void {
    for (;;) {
      const { read, written } = utf8.encodeInto(text, this.payload.subarray(this.bytes));
      if (read === text.length) {
        this.bytes += written;
        return;
      }
      this.reserve(text.length * 3);
    }
  }

  /** Room for `bytes` more after the bytes written. */
  private reserve(bytes: number): void {
    if (this.bytes + bytes <= this.payload.length) return;
    const grown = this.allocate(Math.max(this.payload.length * 2, this.bytes + bytes));
    grown.set(this.payload.subarray(0, this.bytes));
    this.payload = grown;
  }

  /** The batch; `duplicatesInBatch` is how many input rows the caller left out as repeats. */
  finish(duplicatesInBatch = 0): EncodedBatch {
    const count = this.indexes.length;
    if (count) bytesPerRow = this.bytes / count;
    return {
      count, indexes: Uint32Array.from(this.indexes), lineEnds: Uint32Array.from(this.lineEnds), payload: this.payload.subarray(0, this.bytes),
      placeIds: JSON.stringify(this.placeIds), names: JSON.stringify(this.names), cities: JSON.stringify(this.cities),
      withPlaceId: this.withPlaceId, duplicatesInBatch,
    };
  }
}

/**
 * The CPU half of writing a batch, kept apart so the importer can run it in its parse worker: reduces
 * repeated place_ids to the last occurrence, gives every row its slug (suffix from the place_id) and
 * encodes the rows as COPY text. `allocate` gives the payload's buffer (the importer recycles them).
 */
export function encodeBatch(rows: BusinessRow[], source: string, allocate?: (bytes: number) => Uint8Array, isApproved = true): EncodedBatch {
  const lastIndex = new Map<string, number>();
  rows.forEach((row, index) => {
    if (row.placeId) lastIndex.set(row.placeId, index);
  });
  const encoder = new BatchEncoder(source, rows.length, allocate, isApproved);
  rows.forEach((row, index) => {
    if (!row.placeId || lastIndex.get(row.placeId) === index) encoder.add(row, index);
  });
  return encoder.finish(rows.length - encoder.count);
}

/**
 * Writes one batch inside the caller's open transaction (the caller does BEGIN/COMMIT, so it can record
 * its progress in the same transaction). Rows of the batch that share a place_id are reduced to the last
 * one, because ON CONFLICT cannot touch one row twice in a statement.
 */
export async function writeBusinessBatch(client: PoolClient, rows: BusinessRow[], options: WriteOptions): Promise<WriteOutcome> {
  return writeEncodedBatch(client, encodeBatch(rows, options.source, undefined, options.isApproved ?? true), options);
}

/** A subset of a batch's rows: their lines (0 .. count - 1). */
type Lines = number[];

/** writeBusinessBatch for a batch encoded beforehand (encodeBatch, with the source written in it). */
export async function writeEncodedBatch(client: PoolClient, batch: EncodedBatch, options: Pick<WriteOptions, 'mode' | 'columns'>): Promise<WriteOutcome> {
  const statements = statementsFor(options.columns);
  const outcome: WriteOutcome = { inserted: 0, updated: 0, unchanged: 0, skipped: [], duplicatesInBatch: batch.duplicatesInBatch, slugRetries: 0, existing: 0, existingByContent: 0 };
  if (batch.count === 0) return outcome;

  // The place_ids go as one JSON text that PostgreSQL unpacks; only those that exist come back, and only
  // then are the batch's rows unpacked here to match them.
  const found = batch.withPlaceId ? (await client.query<{ place_id: string }>(FIND_EXISTING, [batch.placeIds])).rows : [];
  outcome.existingByContent = found.reduce((n, row) => n + (isContentKey(row.place_id) ? 1 : 0), 0);
  outcome.existing = found.length - outcome.existingByContent;
  const fresh: Lines = [];
  const old: Lines = [];
  if (found.length === 0) {
    for (let line = 0; line < batch.count; line++) fresh.push(line);
  } else {
    const known = new Set(found.map((row) => row.place_id));
    for (let line = 0; line < batch.count; line++) {
      const { placeId } = rowAt(batch, line);
      (placeId && known.has(placeId) ? old : fresh).push(line);
    }
  }
  const skip = (lines: Lines, reason: SkippedRow['reason']) => {
    for (const line of lines) {
      const { index, placeId, name } = rowAt(batch, line);
      outcome.skipped.push({ index, placeId, name, reason });
    }
  };

  if (options.mode === 'update') {
    skip(fresh, 'no_match');
    if (old.length) await writeStaged(client, batch, old, options.mode, statements, outcome);
    else await requireTransaction(client);
  } else {
    if (options.mode === 'insert') skip(old, 'exists');
    else if (old.length) await writeStaged(client, batch, old, options.mode, statements, outcome);
    if (fresh.length) {
      if (await copyDirect(client, batch, fresh)) outcome.inserted += fresh.length;
      else await writeStaged(client, batch, fresh, options.mode, statements, outcome);
    } else {
      await requireTransaction(client);
    }
  }
  outcome.skipped.sort((a, b) => a.index - b.index);
  return outcome;
}

const NOT_IN_TRANSACTION = 'writeBusinessBatch must run inside a transaction (BEGIN ... COMMIT)';

/** SAVEPOINT is refused outside a transaction block, which is exactly the check wanted. */
async function requireTransaction(client: PoolClient): Promise<void> {
  await savepoint(client, 'business_write_check');
  await client.query('RELEASE SAVEPOINT business_write_check');
}

async function savepoint(client: PoolClient, name: string): Promise<void> {
  try {
    await client.query(`SAVEPOINT ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code === '25P01') throw new Error(NOT_IN_TRANSACTION);
    throw error;
  }
}

/**
 * COPY of rows believed new straight into businesses. False (and nothing written) when a unique index
 * refused a row: a place_id inserted meanwhile by another writer, or a slug already taken.
 */
async function copyDirect(client: PoolClient, batch: EncodedBatch, lines: Lines): Promise<boolean> {
  await savepoint(client, 'business_copy');
  try {
    await copyLines(client, COPY_DIRECT, batch, lines);
    await client.query('RELEASE SAVEPOINT business_copy');
    return true;
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT business_copy');
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}

/** The set-based path: COPY into the staging table, then one statement for the mode. Adds to `outcome`. */
async function writeStaged(
  client: PoolClient, batch: EncodedBatch, lines: Lines, mode: WriteMode, statements: { upsert: string; update: string }, outcome: WriteOutcome,
): Promise<void> {
  await client.query(PREPARE_STAGING);
  await copyLines(client, COPY_STAGING, batch, lines);
  const { rows: [check] } = await client.query<{ staged: number; base: string }>(STAGED_COUNT);
  if (check.staged !== lines.length) throw new Error(NOT_IN_TRANSACTION);
  // ord - base is the position in `lines` (ords number the COPY's rows in order).
  const base = Number(check.base);
  const rowOf = (ord: number | string) => rowAt(batch, lines[Number(ord) - base]);
  const skip = (ords: Array<number | string>, reason: SkippedRow['reason']) => {
    for (const ord of ords) {
      const { index, placeId, name } = rowOf(ord);
      outcome.skipped.push({ index, placeId, name, reason });
    }
  };

  if (mode === 'update') {
    const { rows: [result] } = await client.query<{ updated: number; skipped: string[] }>(statements.update);
    skip(result.skipped, 'no_match');
    outcome.updated += result.updated;
    outcome.unchanged += lines.length - result.updated - result.skipped.length;
    return;
  }

  const statement = mode === 'upsert' ? statements.upsert : INSERT_NEW;
  for (let attempt = 1; ; attempt++) {
    // Slug collisions are astronomically rare, so they are looked for only after the unique index refused
    // one: the savepoint undoes the failed statement without losing the batch or the caller's transaction.
    await client.query('SAVEPOINT business_write');
    try {
      const { rows: [result] } = await client.query<{ inserted?: number; updated?: number; skipped?: string[] }>(statement);
      await client.query('RELEASE SAVEPOINT business_write');
      if (mode === 'upsert') {
        outcome.inserted += result.inserted!;
        outcome.updated += result.updated!;
        outcome.unchanged += lines.length - result.inserted! - result.updated!;
      } else {
        skip(result.skipped!, 'exists');
        outcome.inserted += lines.length - result.skipped!.length;
      }
      return;
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT business_write');
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code !== '23505' || constraint !== SLUG_CONSTRAINT || attempt >= MAX_SLUG_ATTEMPTS) throw error;
      outcome.slugRetries += await resolveSlugCollisions(client, rowOf);
    }
  }
}

/** Streams the chosen lines of a batch's payload to a COPY: the whole payload at once when all are chosen. */
async function copyLines(client: PoolClient, statement: string, batch: EncodedBatch, lines: Lines): Promise<void> {
  const payload = Buffer.from(batch.payload.buffer, batch.payload.byteOffset, batch.payload.byteLength);
  function* parts(): Generator<Buffer> {
    if (lines.length === batch.count) {
      yield payload;
      return;
    }
    for (const line of lines) yield payload.subarray(line === 0 ? 0 : batch.lineEnds[line - 1], batch.lineEnds[line]);
  }
  await pipeline(Readable.from(parts(), { objectMode: false }), client.query(copyFrom(statement)));
}

/** Gives staged rows whose slug is already taken a new random suffix, until none collides. */
async function resolveSlugCollisions(client: PoolClient, rowOf: (ord: number | string) => EncodedRow): Promise<number> {
  let renamed = 0;
  for (let round = 0; round < MAX_SLUG_ATTEMPTS; round++) {
    const { rows } = await client.query<{ ord: string; slug: string }>(FIND_SLUG_COLLISIONS);
    if (rows.length === 0) return renamed;
    const slugs = rows.map(({ ord }) => {
      const { name, city } = rowOf(ord);
      return businessSlug(name, city, randomSlugSuffix());
    });
    await client.query(
      `UPDATE ${STAGING} s SET "slug" = v.slug FROM unnest($1::bigint[], $2::text[]) AS v(ord, slug) WHERE s."ord" = v.ord`,
      [rows.map((row) => row.ord), slugs],
    );
    renamed += rows.length;
  }
  throw new Error(`business slugs kept colliding after ${MAX_SLUG_ATTEMPTS} rounds`);
}
