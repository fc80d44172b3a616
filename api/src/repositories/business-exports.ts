/**
 * CSV exports of businesses, streamed by PostgreSQL itself: `COPY (SELECT ...) TO STDOUT WITH CSV`
 * through pg-copy-streams, piped to the HTTP answer with backpressure, so a million rows never sit in
 * the API's memory and PostgreSQL does the CSV quoting (docs/decisions.md, "CSV exports").
 *
 * COPY takes no bind parameters: every value put in the statement is a validated one (a country code,
 * category slugs, instants this code computed) and goes through pg's escapeLiteral anyway; column
 * names come only from BUSINESS_CSV_COLUMNS.
 */
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { LONG_STATEMENT_BOUNDS, type Pool } from '../../../platform/db/pool.ts';

/**
 * The formula-injection rule (OWASP "CSV Injection"), in one place, applied to every text cell of every
 * export: a cell starting with = + - @ tab or carriage return gets a leading single quote, so Excel,
 * LibreOffice and Google Sheets show it as text instead of running it (`=HYPERLINK(...)` stays words).
 * Except a cell made only of digits, spaces and + - ( ) . (with at least one digit): a phone number
 * ("+1 212-555-0123", "+49 30 1234") or a negative number ("-73.98"). Such a cell has no letter, so
 * no function or reference a spreadsheet could run, and a quote would break the number for its reader.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;
export const HARMLESS_NUMBER_PATTERN = '^[-0-9 ()+.]*[0-9][-0-9 ()+.]*$';

const TRIGGER_LIST = FORMULA_TRIGGERS.map((char) => (char === '\t' ? 'E\'\\t\'' : char === '\r' ? 'E\'\\r\'' : `'${char}'`)).join(', ');

/**
 * The SQL expression that applies the rule to a text expression. The first-character test is a plain
 * comparison, not a regular expression: it runs for every text cell, the pattern only for the few cells
 * that start with a trigger.
 */
export function neutraliseFormula(expression: string): string {
  return `CASE WHEN left(${expression}, 1) IN (${TRIGGER_LIST}) AND ${expression} !~ '${HARMLESS_NUMBER_PATTERN}' THEN '''' || ${expression} ELSE ${expression} END`;
}

const text = (column: string) => neutraliseFormula(`b.${column}`);
/** ISO 8601 in UTC, as the admin API's JSON writes instants. */
const instant = (column: string) => `to_char(b.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every column an export can hold, by the name the full export gives it (spec §3 "Business (full)").
 * Numbers, booleans and instants cannot start a formula and are written as they are; JSON columns are
 * written as the JSON text the importer reads back (an `about` that is plain text, as that text).
 */
export const BUSINESS_CSV_COLUMNS = {
  id: 'b.id',
  name: text('name'),
  slug: text('slug'),
  category: text('category'),
  type: text('type'),
  full_address: text('full_address'),
  street: text('street'),
  city: text('city'),
  postal_code: text('postal_code'),
  country: text('country'),
  country_code: text('country_code'),
  phone: text('phone'),
  latitude: 'b.latitude',
  longitude: 'b.longitude',
  rating: 'b.rating',
  reviews: 'b.review_count',
  reviews_link: text('reviews_link'),
  photo: text('photo'),
  logo: text('logo'),
  located_in: text('located_in'),
  working_hours: neutraliseFormula('b.working_hours::text'),
  verified: 'b.verified::text',
  about: neutraliseFormula(`(CASE WHEN json_typeof(b.about) = 'string' THEN b.about #>> '{}' ELSE b.about::text END)`),
  place_id: text('place_id'),
  created_at: instant('created_at'),
  updated_at: instant('updated_at'),
  url: text('url'),
} as const;
export type BusinessCsvColumn = keyof typeof BUSINESS_CSV_COLUMNS;

export interface BusinessExportSelection {
  /** In file order: the header each column carries and which column it is. */
  columns: Array<{ header: string; column: BusinessCsvColumn }>;
  countryCode?: string;
  /** category_slug values (common/slug.ts categorySlug of the names asked for). */
  categorySlugs?: string[];
  /** created_at from (inclusive) and before (exclusive). */
  createdFrom?: Date;
  createdBefore?: Date;
  approval: 'all' | 'approved' | 'pending';
}

/** The COPY statement of a selection (exported for the benchmark, which times the same statement raw). */
export function businessCsvStatement(selection: BusinessExportSelection): string {
  const literal = (value: string) => pg.escapeLiteral(value);
  const list = selection.columns.map(({ header, column }) => `${BUSINESS_CSV_COLUMNS[column]} AS ${pg.escapeIdentifier(header)}`);
  const where: string[] = [];
  if (selection.countryCode) where.push(`b.country_code = ${literal(selection.countryCode)}`);
  if (selection.categorySlugs?.length) where.push(`b.category_slug IN (${selection.categorySlugs.map(literal).join(', ')})`);
  if (selection.createdFrom) where.push(`b.created_at >= ${literal(selection.createdFrom.toISOString())}::timestamptz`);
  if (selection.createdBefore) where.push(`b.created_at < ${literal(selection.createdBefore.toISOString())}::timestamptz`);
  if (selection.approval !== 'all') where.push(`b.is_approved = ${selection.approval === 'approved' ? 'true' : 'false'}`);
  const select = `SELECT ${list.join(', ')} FROM businesses b${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  return `COPY (${select}) TO STDOUT WITH (FORMAT csv, HEADER true, ENCODING 'UTF8')`;
}

/**
 * Streams the selection as CSV (header line first) into `destination`, leaving it open. Answers the
 * number of rows. When the copy stops early (the destination closed because the client went away, or
 * PostgreSQL failed), the running statement is cancelled at once with pg_cancel_backend and its
 * connection is discarded, so an abandoned download does not keep a backend scanning the table.
 */
export async function copyBusinessesCsv(pool: Pool, selection: BusinessExportSelection, destination: Writable): Promise<number> {
  const client = await pool.connect();
  const backendPid = (client as unknown as { processID: number }).processID;
  let copy: ReturnType<typeof copyTo> | undefined;
  try {
    // The export's own bound for its one long statement (platform/db/pool.ts), set back before the
    // connection returns to the pool; on failure the connection is discarded anyway.
    await client.query(`SET statement_timeout = ${LONG_STATEMENT_BOUNDS.exportMs}`);
    copy = client.query(copyTo(businessCsvStatement(selection)));
    await pipeline(copy, destination, { end: false });
    await client.query('RESET statement_timeout');
  } catch (error) {
    await pool.query('SELECT pg_cancel_backend($1)', [backendPid]).catch(() => undefined);
    // The connection stopped mid-protocol: close it rather than hand it to the next caller.
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  client.release();
  return copy.rowCount;
}
