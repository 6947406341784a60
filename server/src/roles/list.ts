import type { ListDefinition } from '../lists/list';
import type { RoleSort } from './roles';

/** The role list: searchable by name, exported with its permissions and number of users. */
export const roleList: ListDefinition<RoleSort> = {
  select: 'r.id, r.name, r.version',
  from: 'roles r',
  estimatedFrom: 'roles',
  searchColumns: ['r.name'],
  sortColumns: { NAME: 'lower(r.name)', ID: 'r.id' },
  idColumn: 'r.id',
  csv: {
    name: 'roles',
    permission: 'role:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 'r.id' },
      { de: 'Name', en: 'Name', sql: 'r.name' },
      {
        de: 'Berechtigungen',
        en: 'Permissions',
        sql: `(SELECT string_agg(p.name, ', ' ORDER BY p.name) FROM role_permissions rp
                JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id)`,
      },
      {
        de: 'Benutzer',
        en: 'Users',
        sql: '(SELECT count(*) FROM user_roles ur WHERE ur.role_id = r.id)',
      },
    ],
  },
};
