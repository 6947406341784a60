import { parse } from '../domain/validation';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import {
  clientInput,
  createClient,
  deleteClient,
  findClient,
  listClients,
  updateClient,
} from './clients';

/** Clients (Mandanten): client:view/create/update/delete. */
export const clientResolvers: Resolvers = {
  Query: {
    clients: async (_, args, context) => {
      return listClients(context.db, args.page, args.sortBy ?? 'NAME');
    },
    client: async (_, args, context) => {
      return (await findClient(context.db, rowId(args.id, 'Client'))) ?? null;
    },
  },
  Mutation: {
    createClient: async (_, args, context) => {
      return createClient(context.db, parse(clientInput, args.input));
    },
    updateClient: async (_, args, context) => {
      const id = rowId(args.id, 'Client');
      return updateClient(context.db, id, args.version, parse(clientInput, args.input));
    },
    deleteClient: async (_, args, context) => {
      await deleteClient(context.db, rowId(args.id, 'Client'));
      return { id: args.id };
    },
  },
};
