import { clientLoaders } from '../clients/loaders';
import { parse } from '../domain/validation';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import {
  createDepartment,
  deleteDepartment,
  departmentInput,
  findDepartment,
  listDepartments,
  updateDepartment,
} from './departments';

/** Departments: department:view/create/update/delete; the client comes through the loader. */
export const departmentResolvers: Resolvers = {
  Query: {
    departments: async (_, args, context) => {
      return listDepartments(context.db, args.page, args.sortBy ?? 'NAME', args.filter);
    },
    department: async (_, args, context) => {
      return (await findDepartment(context.db, rowId(args.id, 'Department'))) ?? null;
    },
  },
  Mutation: {
    createDepartment: async (_, args, context) => {
      return createDepartment(context.db, parse(departmentInput, args.input));
    },
    updateDepartment: async (_, args, context) => {
      const id = rowId(args.id, 'Department');
      return updateDepartment(context.db, id, args.version, parse(departmentInput, args.input));
    },
    deleteDepartment: async (_, args, context) => {
      await deleteDepartment(context.db, rowId(args.id, 'Department'));
      return { id: args.id };
    },
  },
  Department: {
    client: async (department, _, context) => {
      const client = await clientLoaders(context).client.load(department.clientId);
      if (!client) throw new Error(`department ${department.id} has no client`);
      return client;
    },
  },
};
