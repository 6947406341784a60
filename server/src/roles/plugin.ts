import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { roleResolvers } from './resolvers';
import { exportRoutes } from '../lists/routes';
import { roleList } from './list';

/** Roles and the permission list: the area's GraphQL resolvers (its schema.graphql is read by convention). */
async function rolesPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(roleResolvers as IResolvers);
  exportRoutes(app, roleList);
}

export default fp(rolesPlugin, { name: 'kontor-roles', dependencies: ['kontor-graphql'] });
