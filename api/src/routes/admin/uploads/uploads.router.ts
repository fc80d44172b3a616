/**
 * Spreadsheet uploads (issue 3). The admin guard (middleware/admin-guard.ts) already requires an admin
 * session and an allowed Origin for these POSTs and for everything under /api/admin.
 * - POST /api/upload-excel-batch: multipart `file` (+ batchSize, fileIndex, totalFiles, mode) -> batch result
 * - POST /api/upload-excel: multipart `file` -> the single-file report
 * - GET /api/admin/upload-reports?page&limit: stored reports, newest first
 * Progress of a running import goes over the WebSocket in import-progress.socket.ts, on this replica
 * in-process and on the others through PostgreSQL (services/import/progress-relay.ts).
 */
import { Router, type Request, type Response } from 'express';
import type { RouteDeps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { parseInput } from '../../../middleware/validate.ts';
import { importFile } from '../../../services/import/import-file.ts';
import { toSingleFileReport } from '../../../services/import/import-report.ts';
import { listUploadReports } from '../../../services/import/list-upload-reports.ts';
import { createProgressRelay } from '../../../services/import/progress-relay.ts';
import { receiveUpload } from './receive-upload.ts';
import { UploadFields, UploadReportsQuery } from '../../../../../common/api/admin.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

/** Longest a refused upload's remaining body is read and discarded after the answer. */
const LINGER_MS = 5_000;

/**
 * After an answer sent before the request body ended (a refused upload): keep reading and discarding
 * the body, so the client reads the answer, and cut the connection if the body is still arriving after
 * LINGER_MS. `Connection: close` closed the socket right after the answer instead, and bytes the client
 * was still sending then reset the connection, at times before its HTTP client had read the answer
 * ("fetch failed" in CI). A body that ends within the time leaves the connection open for reuse.
 */
function lingerThenClose(req: Request): void {
  if (req.complete) return;
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.once('end', done);
  req.once('close', done);
}

export function createUploadsRouter(deps: RouteDeps): Router {
  const router = Router();

  const handleUpload = (kind: 'batch' | 'single') => async (req: Request, res: Response) => {
    let upload;
    try {
      upload = await receiveUpload(req);
    } catch (error) {
      // Refused before the body was read to its end: the error answer is sent while the client may still be sending.
      lingerThenClose(req);
      throw error;
    }
    let body: object;
    try {
      const fields = parseInput(UploadFields, upload.fields, { style: 'labelled' });
      const outcome = await importFile({
        pool: deps.pool,
        prisma: deps.prisma,
        path: upload.filePath,
        fileName: upload.fileName,
        mode: fields.mode,
        batchSize: fields.batchSize,
        holdForReview: fields.holdForReview,
        adminUserId: req.admin?.id ?? null,
        kind,
        readerThreads: deps.config.importReaderThreads,
        // The admin's progress socket may be open on another replica than the one the balancer sent the upload to.
        onProgress: createProgressRelay(deps.pool),
      });
      body = kind === 'batch' ? { ...outcome.result, fileIndex: fields.fileIndex, totalFiles: fields.totalFiles, reportId: outcome.reportId } : toSingleFileReport(outcome.result);
      if (outcome.status === 'failed') {
        // The failed import's results stay in the answer, as the spec's upload form shows them.
        throw new AppError(outcome.result.error ?? 'import_failed', outcome.result.message, undefined, { fields: { ...body } });
      }
    } finally {
      // Removed before answering, so a client that sees the answer never sees a leftover temp file.
      await upload.cleanup();
    }
    res.json(body);
  };

  addAdminRoute(router, ADMIN_ROUTES.uploadBatchFile, handleUpload('batch'));
  addAdminRoute(router, ADMIN_ROUTES.uploadFile, handleUpload('single'));

  addAdminRoute(router, ADMIN_ROUTES.uploadReports, async (req, res) => {
    const query = parseInput(UploadReportsQuery, req.query, { style: 'labelled', location: 'query' });
    res.json(await listUploadReports({ prisma: deps.prisma, ...query }));
  });

  return router;
}
