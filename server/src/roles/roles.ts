import { z } from 'zod';
import { queryOne, type Db } from '../db';
import { conflict, invalidField, parseArgs, staleEdit } from '../graphql/errors';
import { listPage, type Page, type PageArgs } from '../graphql/list';
import { notFound } from '../http/errors';
import { field } from '../http/validation';

/** A role (its permissions and users are loaded by the API's loaders). */
export interface Role {
  id: number;
  name: string;
  version: number;
}

const roleInput = z.object({
  name: field.requiredString('name', 100),
  permissions: z
    .array(z.string().max(100), { error: 'The permissions field is required.' })
    .max(500),
});

const COLUMNS = 'r.id, r.name, r.version';

/** The sort keys of the role list. */
export type RoleSort = 'NAME' | 'ID';

/** One page of roles, searchable by name. */
export async function listRoles(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: RoleSort,
): Promise<Page<Role>> {
  return listPage<Role, RoleSort>(
    db,
    {
      select: COLUMNS,
      from: 'roles r',
      searchColumns: ['r.name'],
      sortColumns: { NAME: 'lower(r.name)', ID: 'r.id' },
      idColumn: 'r.id',
    },
    args,
    sortBy,
  );
}

/** One role, or undefined. */
export async function findRole(db: Db, id: number): Promise<Role | undefined> {
  return queryOne<Role>(db, `SELECT ${COLUMNS} FROM roles r WHERE r.id = $1`, [id]);
}

/** The permission names of each of these roles, sorted. */
export async function permissionsOfRoles(
  db: Db,
  roleIds: readonly number[],
): Promise<Map<number, string[]>> {
  const rows = await db.query<{ roleId: number; name: string }>(
    `SELECT rp.role_id AS "roleId", p.name FROM role_permissions rp
       JOIN permissions p ON p.id = rp.permission_id
      WHERE rp.role_id = ANY($1::int[]) ORDER BY p.name`,
    [[...roleIds]],
  );
  const byRole = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  for (const row of rows) byRole.get(row.roleId)?.push(row.name);
  return byRole;
}

/** How many users hold each of these roles. */
export async function userCountsOfRoles(
  db: Db,
  roleIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await db.query<{ roleId: number; count: number }>(
    `SELECT role_id AS "roleId", count(*)::int AS count FROM user_roles
      WHERE role_id = ANY($1::int[]) GROUP BY role_id`,
    [[...roleIds]],
  );
  return new Map(rows.map((row) => [row.roleId, row.count]));
}

/**
 * Checks a role's permissions: each must exist, and the acting user must hold it
 * (nobody hands out rights they do not have).
 */
async function checkPermissions(db: Db, names: string[], actorHolds: Set<string>) {
  const known = new Set(
    (
      await db.query<{ name: string }>(
        'SELECT name FROM permissions WHERE name = ANY($1::text[])',
        [names],
      )
    ).map((row) => row.name),
  );
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw invalidField('permissions', 'exists', `Unknown permission: ${unknown.join(', ')}.`);
  const lacking = names.filter((name) => !actorHolds.has(name));
  if (lacking.length > 0)
    throw invalidField(
      'permissions',
      'privilege',
      `You cannot grant permissions you do not hold: ${lacking.join(', ')}.`,
    );
}

async function assertNameFree(db: Db, name: string, exceptId: number | null) {
  const taken = await queryOne(
    db,
    'SELECT 1 FROM roles WHERE lower(name) = lower($1) AND id <> coalesce($2, 0)',
    [name, exceptId],
  );
  if (taken) throw invalidField('name', 'unique', 'The name has already been taken.');
}

async function grant(db: Db, roleId: number, names: string[]) {
  await db.query('DELETE FROM role_permissions WHERE role_id = $1', [roleId]);
  await db.query(
    `INSERT INTO role_permissions (role_id, permission_id)
     SELECT $1, id FROM permissions WHERE name = ANY($2::text[])`,
    [roleId, names],
  );
}

/** Creates a role with a new name holding permissions the acting user holds too. */
export async function defineRole(db: Db, actorHolds: Set<string>, input: unknown): Promise<Role> {
  const parsed = parseArgs(roleInput, input);
  const names = [...new Set(parsed.permissions)];
  return db.transaction(async (tx) => {
    await assertNameFree(tx, parsed.name, null);
    await checkPermissions(tx, names, actorHolds);
    const role = await queryOne<Role>(
      tx,
      `INSERT INTO roles AS r (name) VALUES ($1) RETURNING ${COLUMNS}`,
      [parsed.name],
    );
    await grant(tx, role!.id, names);
    return role!;
  });
}

/**
 * Saves a role's name and permissions made on `version`. The acting user must hold every
 * permission the role holds before and after (else they could take away or add rights
 * beyond their own).
 */
export async function updateRole(
  db: Db,
  actorHolds: Set<string>,
  id: number,
  version: number,
  input: unknown,
): Promise<Role> {
  const parsed = parseArgs(roleInput, input);
  const names = [...new Set(parsed.permissions)];
  return db.transaction(async (tx) => {
    const current = await queryOne<Role>(
      tx,
      `SELECT ${COLUMNS} FROM roles r WHERE r.id = $1 FOR UPDATE`,
      [id],
    );
    if (!current) throw notFound('Role not found.');
    if (current.version !== version) throw staleEdit();
    const before = (await permissionsOfRoles(tx, [id])).get(id) ?? [];
    if (before.some((name) => !actorHolds.has(name)))
      throw conflict(
        'You cannot change a role that holds permissions you do not hold.',
        'privilege',
      );
    await assertNameFree(tx, parsed.name, id);
    await checkPermissions(tx, names, actorHolds);
    const role = await queryOne<Role>(
      tx,
      `UPDATE roles AS r SET name = $2, version = version + 1, updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, parsed.name],
    );
    await grant(tx, id, names);
    return role!;
  });
}

/** Deletes a role; one that users hold goes only with `confirmed` (else a CONFLICT saying how many). */
export async function deleteRole(
  db: Db,
  actorHolds: Set<string>,
  id: number,
  confirmed: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findRole(tx, id))) throw notFound('Role not found.');
    const permissions = (await permissionsOfRoles(tx, [id])).get(id) ?? [];
    if (permissions.some((name) => !actorHolds.has(name)))
      throw conflict(
        'You cannot delete a role that holds permissions you do not hold.',
        'privilege',
      );
    const users = (await userCountsOfRoles(tx, [id])).get(id) ?? 0;
    if (users > 0 && !confirmed)
      throw conflict(`The role is assigned to ${users} user(s); confirm to delete it.`, 'in-use');
    await tx.query('DELETE FROM roles WHERE id = $1', [id]);
  });
}

/** Every permission name there is, sorted (role forms show them as checkboxes). */
export async function permissionNames(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>('SELECT name FROM permissions ORDER BY name');
  return rows.map((row) => row.name);
}
