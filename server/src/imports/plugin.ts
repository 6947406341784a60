import { wordMessage } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { currentUser, permissionsOfRequest, requireUser } from '../auth/guards';
import { formatter } from '../domain/time-zone';
import { visibleJob } from '../jobs/jobs';
import { languageOf } from '../lists/export';
import { importReason } from '../jobs/import-reasons';
import { reportCsv, type ImportRejectedRow } from './report';

/**
 * GET /spa/jobs/:id/report.csv: the rejected rows of an ended import (row, SKU, column, field,
 * value, reason) as CSV — for the job's starter or a holder of administrate (404 for anyone
 * else, as the job query answers). `?lang=de|en` (else Accept-Language) picks the headers.
 */
async function importsPlugin(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
    '/spa/jobs/:id/report.csv',
    { preHandler: requireUser },
    async (request, reply) => {
      const administrate = (await permissionsOfRequest(request)).has('administrate');
      const job = await visibleJob(app.db, request.params.id, {
        userId: currentUser(request).id,
        administrate,
      });
      const lang =
        request.query.lang === 'de' || request.query.lang === 'en'
          ? request.query.lang
          : languageOf(request.headers['accept-language']);
      const rejected = (job.result?.rejected ?? []) as ImportRejectedRow[];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-report-${job.id}.csv"`)
        .send(reportCsv(rejected, lang, (row) => wordMessage(importReason(row), formatter(lang))));
    },
  );
}

export default fp(importsPlugin, {
  name: 'kontor-imports',
  dependencies: ['kontor-jobs'],
});
