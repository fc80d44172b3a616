/**
 * CSV exports of the directory (the export dialog). The admin guard (middleware/admin-guard.ts) requires
 * an admin session for both: the GET because it is under /api/admin, the POST because it writes under /api.
 * - GET /api/admin/export-csv?fields&countryCode&categories&dateRange&startDate&endDate&timeZone&approval
 * - POST /api/export-csv { selectedFields[], countryCode } (the older dialog)
 * Both answer a file download streamed from PostgreSQL (services/admin/export-businesses-csv.ts).
 */
import { Router, type Request, type Response } from 'express';
import { ExportCsvQuery, LegacyExportCsvBody } from '../../../../../common/api/admin.ts';
import type { RouteDeps } from '../../../deps.ts';
import { parseInput } from '../../../middleware/validate.ts';
import { assertExportSlotFree, exportBusinessesCsv, type ExportRequest } from '../../../services/admin/export-businesses-csv.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

export function createExportRouter(deps: RouteDeps): Router {
  const router = Router();

  const download = (req: Request, res: Response, request: ExportRequest) =>
    exportBusinessesCsv({
      pool: deps.pool,
      prisma: deps.prisma,
      request,
      adminUserId: req.admin?.id ?? null,
      ip: req.ip,
      open: (fileName) => res.status(200).attachment(fileName).type('text/csv; charset=utf-8'),
    });

  addAdminRoute(router, ADMIN_ROUTES.exportCsv, async (req, res) => {
    const query = parseInput(ExportCsvQuery, req.query, { style: 'labelled', location: 'query' });
    // Express answers HEAD with the GET handler: a download manager's probe must not scan the table, but it
    // says a refusal the GET would give (all export slots taken), as the export dialog probes before downloading.
    if (req.method === 'HEAD') {
      assertExportSlotFree();
      return void res.status(200).type('text/csv; charset=utf-8').end();
    }
    await download(req, res, { variant: 'full', query });
  });

  addAdminRoute(router, ADMIN_ROUTES.legacyExportCsv, async (req, res) => {
    await download(req, res, { variant: 'legacy', body: parseInput(LegacyExportCsvBody, req.body, { style: 'labelled' }) });
  });

  return router;
}
