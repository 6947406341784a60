import { queryOne, type Db } from '../db';

/** The names of the permissions a user holds through their roles, sorted. */
export async function permissionsOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT DISTINCT p.name
       FROM user_roles ur
       JOIN role_permissions rp ON rp.role_id = ur.role_id
       JOIN permissions p ON p.id = rp.permission_id
      WHERE ur.user_id = $1
      ORDER BY p.name`,
    [userId],
  );
  return rows.map((row) => row.name);
}

/** Creates a role holding the named permissions (every name must exist); returns its id. */
export async function createRole(
  db: Db,
  name: string,
  permissionNames: readonly string[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const role = await queryOne<{ id: number }>(
      tx,
      'INSERT INTO roles (name) VALUES ($1) RETURNING id',
      [name],
    );
    const granted = await tx.query(
      `INSERT INTO role_permissions (role_id, permission_id)
       SELECT $1, id FROM permissions WHERE name = ANY($2::text[]) RETURNING permission_id`,
      [role!.id, [...permissionNames]],
    );
    if (granted.length !== new Set(permissionNames).size) {
      throw new Error(`Unknown permission in role ${name}: ${permissionNames.join(', ')}`);
    }
    return role!.id;
  });
}

/** Gives a user a role (no-op when they hold it already). */
export async function assignRole(db: Db, userId: number, roleId: number): Promise<void> {
  await db.query(
    'INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [userId, roleId],
  );
}

/** Every permission name the system knows, sorted. */
export async function allPermissions(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>('SELECT name FROM permissions ORDER BY name');
  return rows.map((row) => row.name);
}
