import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { actingUser } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { importProducts, productImportPreview } from './import';

/** The product import: its preview and its start as a background job (product:import). */
const importResolvers: Resolvers = {
  Query: {
    productImportPreview: async (_, args, context) =>
      productImportPreview(context.db, args.uploadId, actingUser(context).id),
  },
  Mutation: {
    importProducts: async (_, args, context) =>
      importProducts(context.db, args, actingUser(context).id),
  },
};

async function productsImportPlugin(app: FastifyInstance): Promise<void> {
  app.graphql.defineResolvers(importResolvers as IResolvers);
}

export default fp(productsImportPlugin, {
  name: 'kontor-products-import',
  dependencies: ['kontor-graphql', 'kontor-jobs'],
});
