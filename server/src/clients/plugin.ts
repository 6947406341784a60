import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { clientResolvers } from './resolvers';

/** Clients (Mandanten): the area's GraphQL resolvers (its schema.graphql is read by convention). */
async function clientsPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(clientResolvers as IResolvers);
}

export default fp(clientsPlugin, { name: 'kontor-clients', dependencies: ['kontor-graphql'] });
