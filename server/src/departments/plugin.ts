import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IResolvers } from 'mercurius';
import { departmentResolvers } from './resolvers';
import { exportRoutes } from '../lists/routes';
import { departmentList } from './list';

/** Departments: the area's GraphQL resolvers (its schema.graphql is read by convention). */
async function departmentsPlugin(app: FastifyInstance): Promise<void> {
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(departmentResolvers as IResolvers);
  exportRoutes(app, departmentList);
}

export default fp(departmentsPlugin, {
  name: 'kontor-departments',
  dependencies: ['kontor-graphql'],
});
