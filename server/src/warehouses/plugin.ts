import { msg } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { z } from 'zod';
import { requirePermission } from '../auth/guards';
import { invalidField } from '../domain/errors';
import { field, parse } from '../domain/validation';
import { exportRoutes } from '../lists/routes';
import { labelsPdf, MAX_LABELS } from './labels';
import { placeList, warehouseList } from './list';
import { warehouseResolvers } from './resolvers';
import { placesForLabels } from './warehouses';

/** The query of the labels PDF: exactly one of rackId, storageId, warehouseId, placeIds (comma-separated). */
const labelsQuery = z
  .object({
    rackId: field.id('rack').optional(),
    storageId: field.id('storage').optional(),
    warehouseId: field.id('warehouse').optional(),
    placeIds: z
      .string()
      .max(100_000)
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return undefined;
        const ids = text.split(',').map((part) => field.id('place').safeParse(part));
        if (ids.length === 0 || ids.some((id) => !id.success)) {
          ctx.addIssue({
            code: 'custom',
            message: 'The placeIds field must be place ids separated by commas.',
            params: { rule: 'ids' },
          });
          return z.NEVER;
        }
        return ids.map((id) => id.data!);
      }),
  })
  .superRefine((query, ctx) => {
    const given = [query.rackId, query.storageId, query.warehouseId, query.placeIds].filter(
      (value) => value !== undefined,
    );
    if (given.length !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['rackId'],
        message: 'Name exactly one of rackId, storageId, warehouseId or placeIds.',
        params: { rule: 'oneOf' },
      });
  });

/** Warehouses down to places: the area's GraphQL resolvers, list exports and the labels PDF. */
async function warehousesPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(warehouseResolvers as IResolvers);
  exportRoutes(app, warehouseList, placeList);

  /**
   * GET /spa/warehouses/labels.pdf?rackId=… (or storageId, warehouseId, placeIds=1,2,3): the
   * place labels with their barcodes, A4, in walking order. 401 logged out, 403 without
   * warehouse:view, 422 naming the bad parameter; an id naming nothing gives a page "No places.".
   */
  app.get(
    '/spa/warehouses/labels.pdf',
    { preHandler: requirePermission('warehouse:view') },
    async (request, reply) => {
      const query = parse(labelsQuery, request.query);
      const places = await placesForLabels(app.db, query);
      if (places.length > MAX_LABELS)
        throw invalidField('rackId', 'max', msg('warehouses.tooManyLabels', { max: MAX_LABELS }), {
          max: MAX_LABELS,
        });
      const pdf = await labelsPdf(places, 'Kontor place labels');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="labels.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}

export default fp(warehousesPlugin, {
  name: 'kontor-warehouses',
  dependencies: ['kontor-graphql'],
});
