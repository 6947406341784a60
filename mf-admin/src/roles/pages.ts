import { placeholderPages } from '../shared-session';

/** Roles and their permissions. */
export const rolesPages = placeholderPages('admin.roles', 'admin.roles.create', 'admin.roles.edit');
