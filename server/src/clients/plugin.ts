import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { clientResolvers } from './resolvers';
import { exportRoutes } from '../lists/routes';
import { clientList } from './list';

/** Clients (Mandanten): the area's GraphQL resolvers (its schema.graphql is read by convention). */
async function clientsPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(clientResolvers as IResolvers);
  exportRoutes(app, clientList);
}

export default fp(clientsPlugin, { name: 'kontor-clients', dependencies: ['kontor-graphql'] });
