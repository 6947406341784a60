import { parse } from '../domain/validation';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import {
  createSupplier,
  deleteSupplier,
  findSupplier,
  listSuppliers,
  supplierInput,
  updateSupplier,
} from './suppliers';

/** Suppliers: supplier:view/create/update/delete (checked by @allow in schema.graphql). */
export const supplierResolvers: Resolvers = {
  Query: {
    suppliers: async (_, args, context) => {
      return listSuppliers(context.db, args.page, args.sortBy ?? 'NAME');
    },
    supplier: async (_, args, context) => {
      return (await findSupplier(context.db, rowId(args.id, 'Supplier'))) ?? null;
    },
  },
  Mutation: {
    createSupplier: async (_, args, context) => {
      return createSupplier(context.db, parse(supplierInput, args.input));
    },
    updateSupplier: async (_, args, context) => {
      const id = rowId(args.id, 'Supplier');
      return updateSupplier(context.db, id, args.version, parse(supplierInput, args.input));
    },
    deleteSupplier: async (_, args, context) => {
      await deleteSupplier(context.db, rowId(args.id, 'Supplier'));
      return { id: args.id };
    },
  },
};
