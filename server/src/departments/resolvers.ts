import { allow } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import {
  createDepartment,
  deleteDepartment,
  findDepartment,
  listDepartments,
  updateDepartment,
} from './departments';

/** Departments: department:view/create/update/delete; the client comes through the loader. */
export const departmentResolvers: Resolvers = {
  Query: {
    departments: async (_, args, context) => {
      await allow(context, 'department:view');
      return listDepartments(context.db, args.page, args.sortBy ?? 'NAME');
    },
    department: async (_, args, context) => {
      await allow(context, 'department:view');
      return (await findDepartment(context.db, rowId(args.id, 'Department'))) ?? null;
    },
  },
  Mutation: {
    createDepartment: async (_, args, context) => {
      await allow(context, 'department:create');
      return createDepartment(context.db, args.input);
    },
    updateDepartment: async (_, args, context) => {
      await allow(context, 'department:update');
      return updateDepartment(context.db, rowId(args.id, 'Department'), args.version, args.input);
    },
    deleteDepartment: async (_, args, context) => {
      await allow(context, 'department:delete');
      await deleteDepartment(context.db, rowId(args.id, 'Department'));
      return { id: args.id };
    },
  },
  Department: {
    client: async (department, _, context) => {
      const client = await context.loaders.client.load(department.clientId);
      if (!client) throw new Error(`department ${department.id} has no client`);
      return client;
    },
  },
};
