import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import type { Resolvers } from '../graphql/generated';
import { sharedDashboard } from './dashboard';

/** The dashboard's figures (order:view, checked by the schema's @allow). */
const dashboardResolvers: Resolvers = {
  Query: {
    dashboard: async (_, _args, context) => sharedDashboard(context.db),
  },
};

/** The landing page's figures: the area's GraphQL resolver (its schema.graphql is read by convention). */
async function dashboardPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(dashboardResolvers as IResolvers);
}

export default fp(dashboardPlugin, { name: 'kontor-dashboard', dependencies: ['kontor-graphql'] });
