import { msg } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { requirePermission } from '../auth/guards';
import { notFound } from '../domain/errors';
import { languageOf } from '../domain/time-zone';
import { field } from '../domain/validation';
import { publishedOnOwnChannels } from '../graphql/record-changes';
import { picklistPdf } from './pdf';
import { picklistResolvers } from './resolvers';

// createPicklist answers a result (the picklist and the orders it could not take).
publishedOnOwnChannels(
  'PicklistResult',
  'RecordChanged of its Picklist (picklist:view) and of its Orders (order:view)',
);

/** Picklists: the area's GraphQL resolvers and the picklist to print. */
async function picklistsPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(picklistResolvers as IResolvers);

  /** GET /spa/picklists/:id.pdf (picklist:view): lines in walking order with barcodes. 401 / 403 / 404. */
  app.get<{ Params: { id: string } }>(
    '/spa/picklists/:id.pdf',
    { preHandler: requirePermission('picklist:view') },
    async (request, reply) => {
      const id = field.id('picklist').safeParse(request.params.id);
      if (!id.success) throw notFound(msg('notFound.picklist'));
      const lang = languageOf((request.query as { lang?: unknown } | undefined)?.lang);
      const pdf = await picklistPdf(app.db, id.data, lang);
      if (!pdf) throw notFound(msg('notFound.picklist'));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${pdf.fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf.data);
    },
  );
}

export default fp(picklistsPlugin, { name: 'kontor-picklists', dependencies: ['kontor-graphql'] });
