import { allow, heldPermissions } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import type { Role } from '../roles/roles';
import { deleteUser, findAdministeredUser, listUsers, registerUser, updateUser } from './directory';

/** The user administration: user:view/create/update/delete; roles come through the loaders. */
export const userResolvers: Resolvers = {
  Query: {
    users: async (_, args, context) => {
      await allow(context, 'user:view');
      return listUsers(context.db, args.page, args.sortBy ?? 'NAME');
    },
    user: async (_, args, context) => {
      await allow(context, 'user:view');
      return (await findAdministeredUser(context.db, rowId(args.id, 'User'))) ?? null;
    },
  },
  Mutation: {
    createUser: async (_, args, context) => {
      await allow(context, 'user:create');
      return registerUser(context.db, await heldPermissions(context), args.input);
    },
    updateUser: async (_, args, context) => {
      await allow(context, 'user:update');
      const id = rowId(args.id, 'User');
      return updateUser(context.db, await heldPermissions(context), id, args.version, args.input);
    },
    deleteUser: async (_, args, context) => {
      const actor = await allow(context, 'user:delete');
      const id = rowId(args.id, 'User');
      await deleteUser(context.db, actor.id, await heldPermissions(context), id);
      return { id: args.id };
    },
  },
  User: {
    roles: async (user, _, context) => {
      const roleIds = await context.loaders.roleIdsOfUser.load(user.id);
      const roles = await context.loaders.role.loadMany(roleIds);
      return roles.filter((role): role is Role => role !== undefined && !(role instanceof Error));
    },
  },
};
