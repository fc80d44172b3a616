import type { Prisma } from '../../../../platform/db/prisma.ts';

/** Stored upload reports, newest first, one page at a time; each item carries the stored report body. */
export async function listUploadReports(options: { prisma: Prisma; page: number; limit: number }) {
  const { prisma, page, limit } = options;
  const [total, rows] = await prisma.$transaction([
    prisma.uploadReport.count(),
    prisma.uploadReport.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * limit, take: limit }),
  ]);
  return {
    reports: rows.map((row) => ({
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
      report: row.report,
    })),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}
