import { allow } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import { createClient, deleteClient, findClient, listClients, updateClient } from './clients';

/** Clients (Mandanten): client:view/create/update/delete. */
export const clientResolvers: Resolvers = {
  Query: {
    clients: async (_, args, context) => {
      await allow(context, 'client:view');
      return listClients(context.db, args.page, args.sortBy ?? 'NAME');
    },
    client: async (_, args, context) => {
      await allow(context, 'client:view');
      return (await findClient(context.db, rowId(args.id, 'Client'))) ?? null;
    },
  },
  Mutation: {
    createClient: async (_, args, context) => {
      await allow(context, 'client:create');
      return createClient(context.db, args.input);
    },
    updateClient: async (_, args, context) => {
      await allow(context, 'client:update');
      return updateClient(context.db, rowId(args.id, 'Client'), args.version, args.input);
    },
    deleteClient: async (_, args, context) => {
      await allow(context, 'client:delete');
      await deleteClient(context.db, rowId(args.id, 'Client'));
      return { id: args.id };
    },
  },
};
