import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { shippingResolvers } from './resolvers';
import { exportRoutes } from '../lists/routes';
import { shipperList, shippingMethodList } from './list';

/** Shippers and shipping methods: the area's GraphQL resolvers (its schema.graphql is read by convention). */
async function shippingPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(shippingResolvers as IResolvers);
  exportRoutes(app, shipperList, shippingMethodList);
}

export default fp(shippingPlugin, { name: 'kontor-shipping', dependencies: ['kontor-graphql'] });
