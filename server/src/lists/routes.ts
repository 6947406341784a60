import type { FastifyInstance } from 'fastify';
import { permissionsOfRequest, requireUser } from '../auth/guards';
import { unauthorized } from '../http/errors';
import { exportCsv, languageOf, parseExportQuery } from './export';
import type { ListDefinition } from './list';

/**
 * GET /export/<list>.csv for each of an area's lists that declare a `csv` export: the whole
 * filtered, sorted list as CSV, streamed. 401 logged out, 403 without the list's view
 * permission, 422 naming the bad parameter. An area's plugin calls this for its own lists;
 * one static route per list, so /export/invoice and other pages of the front end stay pages.
 */
export function exportRoutes(
  app: FastifyInstance,
  ...lists: readonly ListDefinition<string, string>[]
): void {
  for (const list of lists) {
    const csv = list.csv;
    if (!csv) throw new Error('exportRoutes: a list without a csv export');
    app.get(`/export/${csv.name}.csv`, async (request, reply) => {
      await requireUser(request);
      if (!(await permissionsOfRequest(request)).has(csv.permission)) throw unauthorized();
      const { read, lang } = parseExportQuery({ ...list, csv }, request.query);
      const language = lang ?? languageOf(request.headers['accept-language']);
      const body = await exportCsv(app.db, { ...list, csv }, read, language);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.name}.csv"`)
        .send(body);
    });
  }
}
