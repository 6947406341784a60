import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { exportRoutes } from '../lists/routes';
import { supplierList } from './list';
import { supplierResolvers } from './resolvers';

/** Suppliers: the area's GraphQL resolvers and CSV export (its schema.graphql is read by convention). */
async function suppliersPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(supplierResolvers as IResolvers);
  exportRoutes(app, supplierList);
}

export default fp(suppliersPlugin, { name: 'kontor-suppliers', dependencies: ['kontor-graphql'] });
