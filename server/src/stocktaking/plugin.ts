import { msg } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { requirePermission } from '../auth/guards';
import { notFound } from '../domain/errors';
import { rowId } from '../graphql/ids';
import { languageOf } from '../domain/time-zone';
import { exportCsv, languageOf as acceptedLanguage, parseExportQuery } from '../lists/export';
import { stocktakingLineList } from './list';
import { stocktakingPdf } from './pdf';
import { stocktakingResolvers } from './resolvers';
import { findStocktaking } from './stocktaking';

/** Stocktaking: the area's GraphQL resolvers, the result as CSV and as PDF. */
async function stocktakingPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(stocktakingResolvers as IResolvers);

  /**
   * GET /export/stocktakings/:id.csv (stocktaking:view): the lines in walking order with
   * expected (empty while blind and not completed), counted, variance and value; `lang`,
   * `search`, `onlyVariances=true` as the summary's. 401 / 403 / 404.
   */
  app.get<{ Params: { id: string } }>(
    '/export/stocktakings/:id.csv',
    { preHandler: requirePermission('stocktaking:view') },
    async (request, reply) => {
      const st = await findStocktaking(app.db, rowId(request.params.id, 'Stocktaking'));
      if (!st) throw notFound(msg('notFound.stocktaking'));
      const csv = stocktakingLineList.csv!;
      const list = { ...stocktakingLineList, csv } as Parameters<typeof exportCsv>[1];
      const query: Record<string, unknown> = {
        ...(request.query as Record<string, unknown>),
        stocktakingId: String(st.id),
      };
      const hidden = st.blind && (st.status === 'draft' || st.status === 'counting');
      if (hidden) delete query.onlyVariances;
      const { read, lang } = parseExportQuery(list, query);
      const language = lang ?? acceptedLanguage(request.headers['accept-language']);
      const body = await exportCsv(app.db, list, read, language);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${st.number}.csv"`)
        .send(body);
    },
  );

  /** GET /spa/stocktakings/:id.pdf?lang= (stocktaking:view): the count list a warehouse files. */
  app.get<{ Params: { id: string } }>(
    '/spa/stocktakings/:id.pdf',
    { preHandler: requirePermission('stocktaking:view') },
    async (request, reply) => {
      const id = rowId(request.params.id, 'Stocktaking');
      const lang = languageOf((request.query as { lang?: unknown } | undefined)?.lang);
      const pdf = await stocktakingPdf(app.db, id, lang);
      if (!pdf) throw notFound(msg('notFound.stocktaking'));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="stocktaking-${id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}

export default fp(stocktakingPlugin, {
  name: 'kontor-stocktaking',
  dependencies: ['kontor-graphql', 'kontor-products', 'kontor-warehouses', 'kontor-stock'],
});
