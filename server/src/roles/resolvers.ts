import { parse } from '../domain/validation';
import { heldPermissions } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import { roleLoaders } from './loaders';
import {
  defineRole,
  deleteRole,
  findRole,
  listRoles,
  permissionNames,
  roleInput,
  updateRole,
} from './roles';

/** Roles and the permission list: role:view/create/update/delete. */
export const roleResolvers: Resolvers = {
  Query: {
    permissions: async (_, __, context) => {
      return permissionNames(context.db);
    },
    roles: async (_, args, context) => {
      return listRoles(context.db, args.page, args.sortBy ?? 'NAME');
    },
    role: async (_, args, context) => {
      return (await findRole(context.db, rowId(args.id, 'Role'))) ?? null;
    },
  },
  Mutation: {
    createRole: async (_, args, context) => {
      const input = parse(roleInput, args.input);
      return defineRole(context.db, await heldPermissions(context), input);
    },
    updateRole: async (_, args, context) => {
      const id = rowId(args.id, 'Role');
      const input = parse(roleInput, args.input);
      return updateRole(context.db, await heldPermissions(context), id, args.version, input);
    },
    deleteRole: async (_, args, context) => {
      const id = rowId(args.id, 'Role');
      await deleteRole(context.db, await heldPermissions(context), id, args.confirmed ?? false);
      return { id: args.id };
    },
  },
  Role: {
    permissions: (role, _, context) => roleLoaders(context).permissionsOfRole.load(role.id),
    userCount: (role, _, context) => roleLoaders(context).userCountOfRole.load(role.id),
  },
};
