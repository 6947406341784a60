import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { heldPermissions } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { seesAnyFigure, sharedDashboard, visibleTo, type DashboardFigures } from './dashboard';

/** No figure at all: what a user who may see none of the figures' lists reads (nothing counted). */
const NONE = Object.freeze({}) as DashboardFigures;

/**
 * The dashboard's figures (@loggedIn): each one only for those who may see the list it links
 * to (FIGURE_PERMISSIONS), null for everyone else. The read is shared by the viewers asking at
 * once whatever their permissions; what each gets is cut after.
 */
const dashboardResolvers: Resolvers = {
  Query: {
    dashboard: async (_, _args, context) => {
      const held = await heldPermissions(context);
      const figures = seesAnyFigure(held) ? await sharedDashboard(context.db) : NONE;
      return visibleTo(figures, held);
    },
  },
};

/** The landing page's figures: the area's GraphQL resolver (its schema.graphql is read by convention). */
async function dashboardPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(dashboardResolvers as IResolvers);
}

export default fp(dashboardPlugin, { name: 'kontor-dashboard', dependencies: ['kontor-graphql'] });
