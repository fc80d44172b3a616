import type { Prisma } from '../../../../platform/db/prisma.ts';
import { listUploadReportPage } from '../../repositories/upload-reports.ts';

/**
 * Stored upload reports, newest first, one page at a time. Each item is the stored report as the spec
 * shapes it (success, timestamp, summary, results, duplicateAnalysis, and the batch result's counts and
 * lists) with the record's own fields beside it (id, importJobId, kind, fileName, fileSizeBytes, createdAt).
 */
export async function listUploadReports(options: { prisma: Prisma; page: number; limit: number }) {
  const { prisma, page, limit } = options;
  const { total, rows } = await listUploadReportPage(prisma, { page, limit });
  return {
    reports: rows.map((row) => ({
      ...(row.report !== null && typeof row.report === 'object' && !Array.isArray(row.report) ? (row.report as Record<string, unknown>) : {}),
      id: row.id,
      importJobId: row.importJobId,
      kind: row.kind,
      fileName: row.fileName,
      fileSizeBytes: Number(row.fileSizeBytes),
      success: row.success,
      totalRows: row.totalRows,
      successCount: row.successCount,
      errorCount: row.errorCount,
      skippedCount: row.skippedCount,
      processingSeconds: row.processingSeconds,
      createdAt: row.createdAt.toISOString(),
    })),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}
