/**
 * Outscraper's JSON export: one array of flat objects (nested values such as working_hours and about are
 * objects, re-serialised here to the JSON text the CSV export would hold). Read whole, so it is capped well
 * below the upload limit; large exports should be uploaded as CSV or XLSX.
 */
import { readFile, stat } from 'node:fs/promises';
import { ImportFileError, uniqueHeaders, type RowSource, type SourceRow } from './source-rows.ts';

export const MAX_JSON_BYTES = 32 * 1024 * 1024;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export async function openJson(path: string): Promise<RowSource> {
  const { size } = await stat(path);
  if (size > MAX_JSON_BYTES) {
    throw new ImportFileError('too_large', `JSON uploads are limited to ${MAX_JSON_BYTES / 1024 / 1024} MB; upload large exports as CSV or XLSX.`);
  }
  let data: unknown;
  try {
    data = JSON.parse((await readFile(path, 'utf8')).replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ImportFileError('malformed', `The JSON file cannot be parsed (${(error as Error).message}).`);
  }
  // Outscraper wraps results per query in some exports: [[{...}, ...], ...] or { data: [...] }.
  if (data && typeof data === 'object' && !Array.isArray(data) && Array.isArray((data as { data?: unknown }).data)) data = (data as { data: unknown[] }).data;
  if (Array.isArray(data) && data.every((item) => Array.isArray(item))) data = (data as unknown[][]).flat();
  if (!Array.isArray(data)) throw new ImportFileError('malformed', 'The JSON file must hold an array of records.');
  const records = data.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object' && !Array.isArray(item));
  if (records.length === 0) throw new ImportFileError('empty', 'The JSON file holds no records.');
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) if (!seen.has(key)) seen.add(key), keys.push(key);
  const headers = uniqueHeaders(keys);
  let index = 0;
  async function* rows(): AsyncGenerator<SourceRow[]> {
    while (index < records.length) {
      const chunk: SourceRow[] = [];
      for (const end = Math.min(records.length, index + 1000); index < end; index++) {
        const record = records[index];
        // Rows are the records' numbers: the report's "Row 3" is the third record (there is no header row).
        chunk.push({ rowNumber: index + 1, values: keys.map((key) => cellText(record[key])) });
      }
      yield chunk;
    }
  }
  return { headers, sheets: [], rows: rows(), close: async () => undefined, fraction: () => (records.length ? index / records.length : 1) };
}
