import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { exportRoutes } from '../lists/routes';
import { orderList } from './list';
import { orderResolvers } from './resolvers';

/** Orders (issue 14): the area's GraphQL resolvers (schema.graphql read by convention) and the CSV export. */
async function ordersPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(orderResolvers as IResolvers);
  exportRoutes(app, orderList);
}

export default fp(ordersPlugin, { name: 'kontor-orders', dependencies: ['kontor-graphql'] });
