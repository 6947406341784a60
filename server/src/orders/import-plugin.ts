import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { actingUser } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { importOrders, orderImportPreview } from './import';

/** The order file import: its preview and its start as a background job (order:import). */
const importResolvers: Resolvers = {
  Query: {
    orderImportPreview: async (_, args, context) =>
      orderImportPreview(context.db, args.uploadId, actingUser(context).id),
  },
  Mutation: {
    importOrders: async (_, args, context) =>
      importOrders(context.db, args, actingUser(context).id),
  },
};

async function ordersImportPlugin(app: FastifyInstance): Promise<void> {
  app.graphql.defineResolvers(importResolvers as IResolvers);
}

export default fp(ordersImportPlugin, {
  name: 'kontor-orders-import',
  dependencies: ['kontor-graphql', 'kontor-jobs'],
});
