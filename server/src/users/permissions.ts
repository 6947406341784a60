import { sql } from 'kysely';
import type { Db } from '../db';
import { kysely } from '../db/kysely';

/**
 * SQL: the sorted names of the permissions the user `userId` (an SQL expression) holds through
 * their roles, as a text array. One expression for permissionsOf and the per-request session
 * lookup, which reads session, user and permissions in one statement.
 */
export function permissionsOfUserSql(userId: string): string {
  return `ARRAY(SELECT DISTINCT p.name FROM user_roles ur
    JOIN role_permissions rp ON rp.role_id = ur.role_id
    JOIN permissions p ON p.id = rp.permission_id
    WHERE ur.user_id = ${userId} ORDER BY p.name)`;
}

/** The names of the permissions a user holds through their roles, sorted. */
export async function permissionsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.query<{ names: string[] }>(
    `SELECT ${permissionsOfUserSql('$1::int')} AS names`,
    [userId],
  );
  return rows[0]?.names ?? [];
}

/** Creates a role holding the named permissions (every name must exist); returns its id. */
export async function createRole(
  db: Db,
  name: string,
  permissionNames: readonly string[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const role = await kysely(tx)
      .insertInto('roles')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow();
    const granted = await kysely(tx)
      .insertInto('role_permissions')
      .columns(['role_id', 'permission_id'])
      .expression((eb) =>
        eb
          .selectFrom('permissions')
          .select([eb.val(role.id).as('role_id'), 'id'])
          .where('name', '=', sql<string>`any(${[...permissionNames]}::text[])`),
      )
      .returning('permission_id')
      .execute();
    if (granted.length !== new Set(permissionNames).size) {
      throw new Error(`Unknown permission in role ${name}: ${permissionNames.join(', ')}`);
    }
    return role.id;
  });
}

/** Gives a user a role (no-op when they hold it already). */
export async function assignRole(db: Db, userId: number, roleId: number): Promise<void> {
  await kysely(db)
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: roleId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Every permission name the system knows, sorted. */
export async function allPermissions(db: Db): Promise<string[]> {
  const rows = await kysely(db).selectFrom('permissions').select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}
