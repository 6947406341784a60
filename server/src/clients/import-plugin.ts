import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { actingUser } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { importClients } from './import';

/** importClients(uploadId): the clients import as a background job (client:create). */
const importResolvers: Resolvers = {
  Mutation: {
    importClients: async (_, args, context) =>
      importClients(context.db, args.uploadId, actingUser(context).id),
  },
};

async function clientsImportPlugin(app: FastifyInstance): Promise<void> {
  app.graphql.defineResolvers(importResolvers as IResolvers);
}

export default fp(clientsImportPlugin, {
  name: 'kontor-clients-import',
  dependencies: ['kontor-graphql', 'kontor-jobs'],
});
