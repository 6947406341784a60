import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { permissionsOfRequest, requireUser } from '../auth/guards';
import { unauthorized } from '../http/errors';
import { exportCsv, languageOf, parseExportQuery } from './export';
import { EXPORTABLE_LISTS } from './exports';

/**
 * GET /export/<list>.csv: the whole filtered, sorted list as CSV, streamed (contract 5 of
 * issue 10). 401 logged out, 403 without the list's view
 * permission, 422 naming the bad parameter.
 */
async function listsPlugin(app: FastifyInstance): Promise<void> {
  // One static route per list: /export/invoice and other pages of the front end stay pages.
  for (const list of EXPORTABLE_LISTS) {
    app.get(`/export/${list.csv.name}.csv`, async (request, reply) => {
      await requireUser(request);
      if (!(await permissionsOfRequest(request)).has(list.csv.permission)) throw unauthorized();
      const { read, lang } = parseExportQuery(list, request.query);
      const language = lang ?? languageOf(request.headers['accept-language']);
      const csv = await exportCsv(app.db, list, read, language);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${list.csv.name}.csv"`)
        .send(csv);
    });
  }
}

export default fp(listsPlugin, { name: 'kontor-lists' });
