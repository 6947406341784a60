import { allow, heldPermissions } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import { defineRole, deleteRole, findRole, listRoles, permissionNames, updateRole } from './roles';

/** Roles and the permission list: role:view/create/update/delete. */
export const roleResolvers: Resolvers = {
  Query: {
    permissions: async (_, __, context) => {
      await allow(context, 'role:view');
      return permissionNames(context.db);
    },
    roles: async (_, args, context) => {
      await allow(context, 'role:view');
      return listRoles(context.db, args.page, args.sortBy ?? 'NAME');
    },
    role: async (_, args, context) => {
      await allow(context, 'role:view');
      return (await findRole(context.db, rowId(args.id, 'Role'))) ?? null;
    },
  },
  Mutation: {
    createRole: async (_, args, context) => {
      await allow(context, 'role:create');
      return defineRole(context.db, await heldPermissions(context), args.input);
    },
    updateRole: async (_, args, context) => {
      await allow(context, 'role:update');
      const id = rowId(args.id, 'Role');
      return updateRole(context.db, await heldPermissions(context), id, args.version, args.input);
    },
    deleteRole: async (_, args, context) => {
      await allow(context, 'role:delete');
      const id = rowId(args.id, 'Role');
      await deleteRole(context.db, await heldPermissions(context), id, args.confirmed ?? false);
      return { id: args.id };
    },
  },
  Role: {
    permissions: (role, _, context) => context.loaders.permissionsOfRole.load(role.id),
    userCount: (role, _, context) => context.loaders.userCountOfRole.load(role.id),
  },
};
