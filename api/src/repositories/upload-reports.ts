/** Data access for stored import reports (upload_reports). */
import type { UploadReport } from '../../../generated/prisma/client.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';

export type { UploadReport };

export interface NewUploadReport {
  importJobId: string;
  kind: string;
  success: boolean;
  fileName: string;
  fileSizeBytes: bigint;
  totalRows: number;
  successCount: number;
  errorCount: number;
  skippedCount: number;
  processingSeconds: number;
  /** The report as the API answers it (import-report.ts), stored whole. */
  report: object;
}

/**
 * Not awaited here: Prisma runs the returned query lazily, so a caller can put it in a `$transaction`
 * with the job's update (import-jobs.ts). Takes a transaction client as well as the client.
 */
export function createUploadReport(prisma: Pick<Prisma, 'uploadReport'>, report: NewUploadReport) {
  return prisma.uploadReport.create({ data: report });
}

/** One page of reports, newest first, and how many there are in all (one snapshot). */
export async function listUploadReportPage(prisma: Prisma, options: { page: number; limit: number }): Promise<{ total: number; rows: UploadReport[] }> {
  const { page, limit } = options;
  const [total, rows] = await prisma.$transaction([
    prisma.uploadReport.count(),
    prisma.uploadReport.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * limit, take: limit }),
  ]);
  return { total, rows };
}

/** The newest stored report, or null before the first import. */
export function findLatestUploadReport(prisma: Prisma): Promise<UploadReport | null> {
  return prisma.uploadReport.findFirst({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** Reports stored since `since`, how many failed, and the newest `failuresListed` failed ones (the created_at index). */
export async function summariseUploadReportsSince(
  prisma: Prisma,
  since: Date,
  failuresListed: number,
): Promise<{ reports: number; failed: number; recentFailures: Pick<UploadReport, 'id' | 'fileName' | 'createdAt'>[] }> {
  const where = { createdAt: { gte: since } };
  const [reports, failed, recentFailures] = await prisma.$transaction([
    prisma.uploadReport.count({ where }),
    prisma.uploadReport.count({ where: { ...where, success: false } }),
    prisma.uploadReport.findMany({
      where: { ...where, success: false },
      select: { id: true, fileName: true, createdAt: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: failuresListed,
    }),
  ]);
  return { reports, failed, recentFailures };
}
