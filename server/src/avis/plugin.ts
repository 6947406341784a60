import { msg } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { requirePermission } from '../auth/guards';
import { notFound } from '../domain/errors';
import { languageOf } from '../domain/time-zone';
import { field } from '../domain/validation';
import { exportRoutes } from '../lists/routes';
import { avisList } from './list';
import { receiptPdf } from './receipt';
import { avisResolvers } from './resolvers';

/** Avis: the area's GraphQL resolvers, the list's CSV export and the goods-receipt PDF. */
async function avisPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(avisResolvers as IResolvers);
  exportRoutes(app, avisList);

  /**
   * GET /spa/avis/receipts/:id.pdf?lang=: the goods-receipt document of one booking (A4), in
   * `lang` (German unless `en`). 401
   * logged out, 403 without avis:view, 404 for an id naming no receipt.
   */
  app.get<{ Params: { id: string } }>(
    '/spa/avis/receipts/:id.pdf',
    { preHandler: requirePermission('avis:view') },
    async (request, reply) => {
      const id = field.id('receipt').safeParse(request.params.id);
      if (!id.success) throw notFound(msg('notFound.receipt'));
      const lang = languageOf((request.query as { lang?: unknown } | undefined)?.lang);
      const pdf = await receiptPdf(app.db, id.data, lang);
      if (!pdf) throw notFound(msg('notFound.receipt'));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${pdf.fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf.data);
    },
  );
}

export default fp(avisPlugin, { name: 'kontor-avis', dependencies: ['kontor-graphql'] });
