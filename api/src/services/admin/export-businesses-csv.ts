/**
 * CSV export of businesses for the admin (GET /api/admin/export-csv and the older POST /api/export-csv):
 * resolves the dialog's filters, names the file as the spec does, streams the rows from PostgreSQL
 * (repositories/business-exports.ts) after a UTF-8 byte order mark, and records one audit row per export
 * with who, the filters, the outcome and the row count.
 */
import type { Writable } from 'node:stream';
import type { ExportCsvQuery, ExportField, LegacyExportCsvBody, LegacyExportField } from '../../../../common/api/admin.ts';
import { categorySlug } from '../../../../common/slug.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { AppError } from '../../errors.ts';
import { insertAuditLog, type AuditValue } from '../../repositories/audit-logs.ts';
import { copyBusinessesCsv, type BusinessCsvColumn, type BusinessExportSelection } from '../../repositories/business-exports.ts';
import { fileStamp, resolveExportRange } from './resolve-export-range.ts';

/** Excel reads a CSV as the machine's legacy code page unless it starts with this: accents then stay accents. */
export const UTF8_BOM = '\uFEFF';

/** Which column each field of the older dialog is; its field names are its headers. */
const LEGACY_COLUMNS: Record<LegacyExportField, BusinessCsvColumn> = {
  name: 'name',
  address: 'full_address',
  phone: 'phone',
  category: 'category',
  reviewCount: 'reviews',
  rating: 'rating',
  placeId: 'place_id',
  countryCode: 'country_code',
  url: 'url',
};

/**
 * Exports one API process streams at a time. Each holds a pool connection (and a PostgreSQL backend
 * scanning the table) for as long as the download lasts, about a minute for a million rows; more at
 * once would take the connections the rest of the API needs from the same pool.
 */
export const MAX_CONCURRENT_EXPORTS = 3;
let runningExports = 0;

/** How a destination that went away (the browser cancelled or lost the download) fails the pipe. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ECONNRESET', 'EPIPE']);

export type ExportRequest = { variant: 'full'; query: ExportCsvQuery } | { variant: 'legacy'; body: LegacyExportCsvBody };

export interface ExportBusinessesCsvOptions {
  pool: Pool;
  prisma: Prisma;
  request: ExportRequest;
  adminUserId: number | null;
  ip?: string | null;
  /** The clock the date ranges and the file name read (tests fix it). */
  now?: Date;
  /** Called once before the first byte with the file name; answers where the bytes go (left open on failure). */
  open(fileName: string): Writable;
}

export interface ExportOutcome {
  fileName: string;
  outcome: 'completed' | 'aborted';
  /** Rows written (without the header line); null when the download stopped early. */
  rowCount: number | null;
}

/**
 * Refuses (429, Retry-After) while every export slot is taken. The export calls it, and so does the HEAD
 * the export dialog sends first: a browser download cannot show a refusal, so the probe must say it.
 */
export function assertExportSlotFree(): void {
  if (runningExports >= MAX_CONCURRENT_EXPORTS) {
    throw new AppError('too_many_requests', `${MAX_CONCURRENT_EXPORTS} exports are already running. Try again when one has finished.`, undefined, { retryAfterSeconds: 30 });
  }
}

/** Streams the export into the destination `open` gives and ends it once the audit row is written. */
export async function exportBusinessesCsv(options: ExportBusinessesCsvOptions): Promise<ExportOutcome> {
  const now = options.now ?? new Date();
  const { selection, fileName, filters } = planExport(options.request, now);
  assertExportSlotFree();
  runningExports += 1;
  try {
    return await streamExport(options, selection, fileName, filters);
  } finally {
    runningExports -= 1;
  }
}

async function streamExport(options: ExportBusinessesCsvOptions, selection: BusinessExportSelection, fileName: string, filters: ExportPlan['filters']): Promise<ExportOutcome> {
  const destination = options.open(fileName);
  const audit = (outcome: string, rowCount: number | null) =>
    insertAuditLog(options.prisma, {
      action: 'admin.export_csv',
      adminUserId: options.adminUserId,
      entity: 'business',
      ip: options.ip ?? null,
      details: { ...filters, fileName, outcome, rowCount },
    });

  destination.write(UTF8_BOM);
  let rowCount: number;
  try {
    rowCount = await copyBusinessesCsv(options.pool, selection, destination);
  } catch (error) {
    const aborted = CLIENT_GONE.has((error as NodeJS.ErrnoException).code ?? '');
    // A file cut short must not look complete: the connection is reset instead of ended.
    destination.destroy();
    await audit(aborted ? 'aborted' : 'failed', null).catch(() => undefined);
    if (aborted) return { fileName, outcome: 'aborted', rowCount: null };
    throw error;
  }
  try {
    await audit('completed', rowCount);
  } catch (error) {
    // An export the audit trail does not hold is not delivered whole.
    destination.destroy();
    throw error;
  }
  destination.end();
  return { fileName, outcome: 'completed', rowCount };
}

interface ExportPlan {
  selection: BusinessExportSelection;
  fileName: string;
  /** What the audit row records about the request. */
  filters: { [key: string]: AuditValue };
}

function planExport(request: ExportRequest, now: Date): ExportPlan {
  if (request.variant === 'legacy') {
    const { selectedFields, countryCode } = request.body;
    return {
      selection: {
        columns: selectedFields.map((field) => ({ header: field, column: LEGACY_COLUMNS[field] })),
        countryCode: countryCode === 'all' ? undefined : countryCode,
        approval: 'all',
      },
      fileName: `businesses_export_${now.toISOString().slice(0, 10)}.csv`,
      filters: { variant: 'legacy', fields: selectedFields, countryCode },
    };
  }
  const query = request.query;
  const range = resolveExportRange({ ...query, now });
  const categorySlugs = [...new Set(query.categories.map(categorySlug))];
  const rangePart = query.dateRange === 'all' ? '' : query.dateRange === 'custom' ? `_${query.startDate}_${query.endDate}` : `_${query.dateRange}`;
  const categoriesPart = query.categories.length ? `_${query.categories.length}categories` : '';
  return {
    selection: {
      columns: query.fields.map((field: ExportField) => ({ header: field, column: field })),
      countryCode: query.countryCode === 'all' ? undefined : query.countryCode,
      categorySlugs,
      createdFrom: range?.from,
      createdBefore: range?.before,
      approval: query.approval,
    },
    fileName: `businesses_${query.countryCode}${categoriesPart}${rangePart}_${fileStamp(now, query.timeZone)}.csv`,
    filters: {
      variant: 'full',
      fields: query.fields,
      countryCode: query.countryCode,
      categories: query.categories,
      dateRange: query.dateRange,
      ...(query.dateRange === 'custom' ? { startDate: query.startDate!, endDate: query.endDate! } : {}),
      timeZone: query.timeZone,
      approval: query.approval,
      ...(range ? { createdFrom: range.from.toISOString(), createdBefore: range.before.toISOString() } : {}),
    },
  };
}
