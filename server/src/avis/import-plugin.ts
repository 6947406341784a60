import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { actingUser } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { avisImportPreview, importAvis } from './import';

/** The avis file import: its preview and its start as a background job (avis:import). */
const importResolvers: Resolvers = {
  Query: {
    avisImportPreview: async (_, args, context) =>
      avisImportPreview(context.db, args.uploadId, actingUser(context).id),
  },
  Mutation: {
    importAvis: async (_, args, context) => importAvis(context.db, args, actingUser(context).id),
  },
};

async function avisImportPlugin(app: FastifyInstance): Promise<void> {
  app.graphql.defineResolvers(importResolvers as IResolvers);
}

export default fp(avisImportPlugin, {
  name: 'kontor-avis-import',
  dependencies: ['kontor-graphql', 'kontor-jobs'],
});
