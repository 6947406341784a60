import { msg } from '@kontor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { Readable } from 'node:stream';
import { currentUser, requirePermission } from '../auth/guards';
import { invalidField, notFound } from '../domain/errors';
import { findJob } from '../jobs/jobs';
import { languageOf } from '../lists/export';
import { invoiceCsv } from './csv';
import { DIRECT_EXPORT_LIMIT, invoiceSummary, parseExport } from './invoices';
import { exportFileChunks, invoicesExport } from './job';
import { invoiceSummaryPdf } from './pdf';
import { invoiceResolvers } from './resolvers';

/** The client, period and language (`lang`, else the Accept-Language header's) of a request. */
const exportOf = (request: FastifyRequest) =>
  parseExport(
    request.query as Record<string, unknown>,
    languageOf(request.headers['accept-language']),
  );

/** The period's file name part: <from>_<to>. */
const fileName = (kind: string, from: string, to: string) => `${kind}_${from}_${to}`;

/**
 * The invoice export: GraphQL preview and job start, and the downloads (invoice:export; 401
 * logged out, 403 without it, 422 naming a bad parameter).
 */
async function invoicesPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(invoiceResolvers as IResolvers);
  const guard = { preHandler: requirePermission('invoice:export') };

  /**
   * GET /export/invoices.csv?clientId=&from=&to=&lang=: one row per shipped position of the
   * period. More than DIRECT_EXPORT_LIMIT positions: 422 on clientId asking for the job.
   */
  app.get('/export/invoices.csv', guard, async (request, reply) => {
    const { lang, ...period } = exportOf(request);
    const summary = await invoiceSummary(app.db, period);
    if (summary.asJob)
      throw invalidField(
        'clientId',
        'max',
        msg('invoices.tooManyPositions', { max: DIRECT_EXPORT_LIMIT }),
        { max: DIRECT_EXPORT_LIMIT },
      );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${fileName('invoices', period.from, period.to)}.csv"`,
      )
      .send(invoiceCsv(app.db, period, lang));
  });

  /** GET /spa/invoices/summary.pdf?clientId=&from=&to=&lang=: the sums per department and rate. */
  app.get('/spa/invoices/summary.pdf', guard, async (request, reply) => {
    const { lang, ...period } = exportOf(request);
    const pdf = await invoiceSummaryPdf(await invoiceSummary(app.db, period), lang);
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `inline; filename="${fileName('invoice-summary', period.from, period.to)}.pdf"`,
      )
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  /** GET /export/invoices/jobs/:id.csv: the CSV of the caller's finished export job. */
  app.get<{ Params: { id: string } }>(
    '/export/invoices/jobs/:id.csv',
    guard,
    async (request, reply) => {
      const job = await findJob(app.db, request.params.id);
      const user = currentUser(request);
      if (
        !job ||
        job.kind !== invoicesExport.name ||
        job.createdBy?.id !== user.id ||
        job.state !== 'COMPLETED'
      )
        throw notFound(msg('notFound.export'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoices_${job.id}.csv"`)
        .send(Readable.from(exportFileChunks(app.db, job.id)));
    },
  );
}

export default fp(invoicesPlugin, {
  name: 'kontor-invoices',
  dependencies: ['kontor-graphql', 'kontor-jobs'],
});
