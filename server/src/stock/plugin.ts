import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { exportRoutes } from '../lists/routes';
import { inventoryList, stockChangeList } from './list';
import { stockResolvers } from './resolvers';

/** Stock and bookings: the area's GraphQL resolvers and the CSV exports of the ledger and the inventory. */
async function stockPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(stockResolvers as IResolvers);
  exportRoutes(app, stockChangeList, inventoryList);
}

export default fp(stockPlugin, {
  name: 'kontor-stock',
  dependencies: ['kontor-graphql', 'kontor-products', 'kontor-warehouses'],
});
