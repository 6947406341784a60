import type { ListDefinition } from '../lists/list';
import type { UserSort } from './directory';

/** The user list: searchable by name and e-mail, filtered by role, exported with its roles. */
export const userList: ListDefinition<UserSort, 'roleId'> = {
  select: 'u.id, u.name, u.email, u.version',
  from: 'users u',
  estimatedFrom: 'users',
  searchColumns: ['u.name', 'u.email'],
  sortColumns: { NAME: 'lower(u.name)', EMAIL: 'lower(u.email)', ID: 'u.id' },
  idColumn: 'u.id',
  filters: {
    roleId: {
      names: 'role',
      where: (p) =>
        `EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = ${p})`,
    },
  },
  csv: {
    name: 'users',
    permission: 'user:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 'u.id' },
      { de: 'Name', en: 'Name', sql: 'u.name' },
      { de: 'E-Mail', en: 'Email', sql: 'u.email' },
      {
        de: 'Rollen',
        en: 'Roles',
        sql: `(SELECT string_agg(r.name, ', ' ORDER BY lower(r.name)) FROM user_roles ur
                JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id)`,
      },
    ],
  },
};
