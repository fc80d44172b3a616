import type { AdminDashboard } from '../../../../common/api/admin.ts';
import { HOME_DOCUMENT_ID, type HomeDocument } from '../../../../common/search-documents.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { getIndexerStatus } from '../../../../platform/search/status.ts';
import type { RequestMetrics } from '../../middleware/request-metrics.ts';
import { listRecentAuditLogs } from '../../repositories/audit-logs.ts';
import { listBusinessCountGroups } from '../../repositories/business-counts.ts';
import { findDatabaseSizeBytes } from '../../repositories/database-health.ts';
import { listUnfinishedImportJobs } from '../../repositories/import-jobs.ts';
import { findLatestUploadReport, summariseUploadReportsSince } from '../../repositories/upload-reports.ts';
import { readSearch, type SearchReader } from '../public/search-reader.ts';
import { summariseBusinessCounts } from './get-admin-stats.ts';

/** Rows of the audit log the dashboard lists. */
export const RECENT_ACTIVITY_LIMIT = 20;
/** Failed imports of the last day the dashboard names. */
export const RECENT_FAILURES_LIMIT = 5;
const DAY_MS = 86_400_000;

export interface GetAdminDashboardOptions {
  pool: Pool;
  prisma: Prisma;
  reader: SearchReader;
  meiliIndexPrefix: string;
  requestMetrics: RequestMetrics;
  /** When this process started (ms since the epoch). */
  startedAt: number;
  now?: Date;
}

/**
 * GET /api/admin/dashboard: the figures the seed showed as fixed text, live. Business counts are exact
 * (trigger-kept counters); countries and cities are the indexer's aggregates of approved businesses;
 * lag and outbox depth are the indexer status (platform/search/status.ts); request rate, p95 and memory
 * are this API process's own (request rate and p95 from the counters its metrics endpoint serves). Parts
 * read in parallel; a Meilisearch that is down leaves its figures null.
 */
export async function getAdminDashboard(options: GetAdminDashboardOptions): Promise<AdminDashboard> {
  const { pool, prisma, reader, requestMetrics } = options;
  const now = options.now ?? new Date();
  const [groups, indexer, home, searchBytes, databaseBytes, lastReport, unfinished, activity, lastDay, lastMinute, last5Minutes] = await Promise.all([
    listBusinessCountGroups(pool),
    getIndexerStatus({ pool, meili: reader.meili, prefix: options.meiliIndexPrefix }),
    readHomeTotals(reader),
    readSearch(() => reader.meili.getStats()).then((stats) => stats.databaseSize, () => null),
    findDatabaseSizeBytes(pool),
    findLatestUploadReport(prisma),
    listUnfinishedImportJobs(pool),
    listRecentAuditLogs(prisma, RECENT_ACTIVITY_LIMIT),
    summariseUploadReportsSince(prisma, new Date(now.getTime() - DAY_MS), RECENT_FAILURES_LIMIT),
    requestMetrics.window(60, now.getTime()),
    requestMetrics.window(300, now.getTime()),
  ]);
  const totals = summariseBusinessCounts(groups);
  const memory = process.memoryUsage();
  return {
    generatedAt: now.toISOString(),
    businesses: {
      total: totals.totalBusinesses,
      approved: totals.approvedBusinesses,
      pending: totals.pendingBusinesses,
      categories: totals.totalCategories,
      averageRating: totals.averageRating,
      ratedBusinesses: totals.ratedBusinesses,
    },
    directory: {
      countries: home?.totals.countries ?? null,
      cities: home?.totals.cities ?? null,
      computedAt: home ? new Date(home.computedAt * 1000).toISOString() : null,
    },
    imports: {
      last: lastReport && {
        id: lastReport.id,
        fileName: lastReport.fileName,
        kind: lastReport.kind,
        success: lastReport.success,
        totalRows: lastReport.totalRows,
        successCount: lastReport.successCount,
        errorCount: lastReport.errorCount,
        skippedCount: lastReport.skippedCount,
        processingSeconds: lastReport.processingSeconds,
        createdAt: lastReport.createdAt.toISOString(),
      },
      running: unfinished.length,
      lastDay: { reports: lastDay.reports, failed: lastDay.failed },
      recentFailures: lastDay.recentFailures.map((row) => ({ id: row.id, fileName: row.fileName, createdAt: row.createdAt.toISOString() })),
    },
    search: {
      reachable: indexer.meilisearch.reachable,
      outboxDepth: indexer.outbox.depth,
      lagSeconds: indexer.outbox.lagSeconds,
      indexedBusinesses: indexer.indexes.businesses.documents,
    },
    storage: { databaseBytes, searchBytes },
    process: {
      pid: process.pid,
      uptimeSeconds: Math.floor((now.getTime() - options.startedAt) / 1000),
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal, externalBytes: memory.external },
    },
    requests: { scope: 'process', lastMinute, last5Minutes },
    recentActivity: activity.map((row) => ({
      action: row.action,
      admin: row.adminUsername,
      entity: row.entity,
      entityId: row.entityId,
      at: row.createdAt.toISOString(),
      ip: row.ip,
    })),
  };
}

/** The home document's totals, or null while it is not built or search is unreachable. */
async function readHomeTotals(reader: SearchReader): Promise<Pick<HomeDocument, 'totals' | 'computedAt'> | null> {
  try {
    // The document is the indexer's shape (common/search-documents.ts).
    return (await readSearch(() => reader.index<HomeDocument>('home').getDocument(HOME_DOCUMENT_ID, { fields: ['totals', 'computedAt'] }))) as Pick<HomeDocument, 'totals' | 'computedAt'>;
  } catch {
    // Not built yet (document or index missing), or search is down or slow (readSearch logged it): the
    // dashboard still answers, and search.reachable says which.
    return null;
  }
}
