import { sql } from 'kysely';
import type { Db } from '../db';
import { kysely } from '../db/kysely';

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
