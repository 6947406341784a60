import { msg } from '@kontor/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import { kysely } from '../db/kysely';
import { uniqueConstraints } from '../domain/database-errors';
import { conflict, invalidField, notFound, staleEdit } from '../domain/errors';
import { field } from '../domain/validation';
import { listPage, type Page, type PageArgs } from '../lists/list';
import { roleList } from './list';

// The unique indexes of this area's tables: a race for one value gives a field error.
uniqueConstraints({ roles_name_lower_key: 'name', roles_name_key: 'name' });

/** A role (its permissions and users are loaded by the API's loaders). */
export interface Role {
  id: number;
  name: string;
  version: number;
}

/** The rules of a role as the form sends it. */
export const roleInput = z.object({
  name: field.requiredString('name', 100),
  permissions: z
    .array(z.string().max(100), { error: 'The permissions field is required.' })
    .max(500),
});

/** A role's data after validation: what defineRole and updateRole take. */
export type ValidRole = z.output<typeof roleInput>;

const ROLE_COLUMNS = ['id', 'name', 'version'] as const;

/** The sort keys of the role list. */
export type RoleSort = 'NAME' | 'ID';

/** One page of roles, searchable by name. */
export async function listRoles(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: RoleSort,
): Promise<Page<Role>> {
  return listPage<Role, RoleSort>(db, roleList, args, sortBy);
}

/** One role, or undefined. */
export async function findRole(db: Db, id: number): Promise<Role | undefined> {
  return kysely(db)
    .selectFrom('roles')
    .select(ROLE_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The roles with these ids (for the user list's loader), in any order. */
export async function rolesByIds(db: Db, ids: readonly number[]): Promise<Role[]> {
  return kysely(db)
    .selectFrom('roles')
    .select(ROLE_COLUMNS)
    .where('id', '=', sql<number>`any(${[...ids]})`)
    .execute();
}

/** The permission names of each of these roles, sorted. */
export async function permissionsOfRoles(
  db: Db,
  roleIds: readonly number[],
): Promise<Map<number, string[]>> {
  const rows = await kysely(db)
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select(['rp.role_id as roleId', 'p.name'])
    .where('rp.role_id', '=', sql<number>`any(${[...roleIds]})`)
    .orderBy('p.name')
    .execute();
  const byRole = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  for (const row of rows) byRole.get(row.roleId)?.push(row.name);
  return byRole;
}

/** How many users hold each of these roles. */
export async function userCountsOfRoles(
  db: Db,
  roleIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await kysely(db)
    .selectFrom('user_roles')
    .select(['role_id as roleId', sql<number>`count(*)::int`.as('count')])
    .where('role_id', '=', sql<number>`any(${[...roleIds]})`)
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((row) => [row.roleId, row.count]));
}

/**
 * Checks a role's permissions: each must exist, and the acting user must hold it
 * (nobody hands out rights they do not have).
 */
async function checkPermissions(db: Db, names: string[], actorHolds: Set<string>) {
  const rows = await kysely(db)
    .selectFrom('permissions')
    .select('name')
    .where('name', '=', sql<string>`any(${names}::text[])`)
    .execute();
  const known = new Set(rows.map((row) => row.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw invalidField(
      'permissions',
      'exists',
      msg('roles.unknownPermissions', { permissions: unknown.join(', ') }),
    );
  const lacking = names.filter((name) => !actorHolds.has(name));
  if (lacking.length > 0)
    throw invalidField(
      'permissions',
      'privilege',
      msg('roles.grantMorePrivileged', { permissions: lacking.join(', ') }),
    );
}

/** Gives the role exactly these permissions. */
async function grant(db: Db, roleId: number, names: string[]) {
  await kysely(db).deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (names.length === 0) return;
  await kysely(db)
    .insertInto('role_permissions')
    .columns(['role_id', 'permission_id'])
    .expression((eb) =>
      eb
        .selectFrom('permissions')
        .select([eb.val(roleId).as('role_id'), 'id'])
        .where('name', '=', sql<string>`any(${names}::text[])`),
    )
    .execute();
}

/** Creates a role with a new name holding permissions the acting user holds too. */
export async function defineRole(db: Db, actorHolds: Set<string>, input: ValidRole): Promise<Role> {
  const names = [...new Set(input.permissions)];
  return db.transaction(async (tx) => {
    await checkPermissions(tx, names, actorHolds);
    const role = await kysely(tx)
      .insertInto('roles')
      .values({ name: input.name })
      .returning(ROLE_COLUMNS)
      .executeTakeFirstOrThrow();
    await grant(tx, role.id, names);
    return role;
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
  input: ValidRole,
): Promise<Role> {
  const names = [...new Set(input.permissions)];
  return db.transaction(async (tx) => {
    const current = await kysely(tx)
      .selectFrom('roles')
      .select('version')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(msg('notFound.role'));
    if (current.version !== version) throw staleEdit();
    const before = (await permissionsOfRoles(tx, [id])).get(id) ?? [];
    if (before.some((name) => !actorHolds.has(name)))
      throw conflict(msg('roles.changeMorePrivileged'), 'privilege');
    await checkPermissions(tx, names, actorHolds);
    const role = await kysely(tx)
      .updateTable('roles')
      .set((eb) => ({ name: input.name, version: eb('version', '+', 1), updated_at: sql`now()` }))
      .where('id', '=', id)
      .returning(ROLE_COLUMNS)
      .executeTakeFirstOrThrow();
    await grant(tx, id, names);
    return role;
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
    if (!(await findRole(tx, id))) throw notFound(msg('notFound.role'));
    const permissions = (await permissionsOfRoles(tx, [id])).get(id) ?? [];
    if (permissions.some((name) => !actorHolds.has(name)))
      throw conflict(msg('roles.deleteMorePrivileged'), 'privilege');
    const users = (await userCountsOfRoles(tx, [id])).get(id) ?? 0;
    if (users > 0 && !confirmed) throw conflict(msg('roles.assigned', { count: users }), 'in-use');
    await kysely(tx).deleteFrom('roles').where('id', '=', id).execute();
  });
}

/** Every permission name there is, sorted (role forms show them as checkboxes). */
export async function permissionNames(db: Db): Promise<string[]> {
  const rows = await kysely(db).selectFrom('permissions').select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}
