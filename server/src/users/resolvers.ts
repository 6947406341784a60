import { parse } from '../domain/validation';
import { actingUser, heldPermissions } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import { roleLoaders } from '../roles/loaders';
import {
  deleteUser,
  findAdministeredUser,
  listUsers,
  registerUser,
  updateUser,
  userInput,
} from './directory';
import { userLoaders } from './loaders';

/** The user administration: user:view/create/update/delete; roles come through the loaders. */
export const userResolvers: Resolvers = {
  Query: {
    users: async (_, args, context) => {
      return listUsers(context.db, args.page, args.sortBy ?? 'NAME', args.filter);
    },
    user: async (_, args, context) => {
      return (await findAdministeredUser(context.db, rowId(args.id, 'User'))) ?? null;
    },
  },
  Mutation: {
    createUser: async (_, args, context) => {
      const input = parse(userInput, args.input);
      return registerUser(context.db, await heldPermissions(context), input);
    },
    updateUser: async (_, args, context) => {
      const id = rowId(args.id, 'User');
      const input = parse(userInput, args.input);
      return updateUser(context.db, await heldPermissions(context), id, args.version, input);
    },
    deleteUser: async (_, args, context) => {
      const actor = actingUser(context);
      const id = rowId(args.id, 'User');
      await deleteUser(context.db, actor.id, await heldPermissions(context), id);
      return { id: args.id };
    },
  },
  User: {
    roles: async (user, _, context) => {
      const roles = await userLoaders(context).rolesOfUser.load(user.id);
      // The roles came whole: later fields of the same request find them in the role loader.
      const cache = roleLoaders(context).role;
      for (const role of roles) cache.prime(role.id, role);
      return roles;
    },
  },
};
