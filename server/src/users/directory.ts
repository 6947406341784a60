import { msg } from '@kontor/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import { hashPassword, weakPasswordReason } from '../auth/passwords';
import { endSessions } from '../auth/sessions';
import type { Db } from '../db';
import { kysely } from '../db/kysely';
import { uniqueConstraints } from '../domain/database-errors';
import { conflict, invalidField, notFound, staleEdit } from '../domain/errors';
import { field } from '../domain/validation';
import type { Role } from '../roles/roles';
import { listPage, type FilterValues, type Page, type PageArgs } from '../lists/list';
import { userList } from './list';
import { permissionsOf } from '../auth/accounts';

// The unique indexes of this area's tables: a race for one value gives a field error.
uniqueConstraints({ users_email_lower_key: 'email' });

// The user administration: list, create, edit and delete other users (the own account is
// changed through PUT /user).

/** A user as the administration shows it (roles are loaded by the API's loader). */
export interface AdministeredUser {
  id: number;
  name: string;
  email: string;
  version: number;
}

/** The shortest password an administrator may set. */
export const MIN_PASSWORD_LENGTH = 8;

const password = field
  .password()
  .min(
    MIN_PASSWORD_LENGTH,
    `The password field must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  );

/** The rules of a user as the administration's form sends it (the password may stay empty on edits). */
export const userInput = z.object({
  name: field.requiredString('name'),
  email: field.email(),
  password: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    password.optional(),
  ),
  roleIds: z.array(field.id('role'), { error: 'The roles field is required.' }).max(100),
});

/** A user's data after validation: what registerUser and updateUser take. */
export type ValidUser = z.output<typeof userInput>;

const USER_COLUMNS = ['id', 'name', 'email', 'version'] as const;

/** The sort keys of the user list. */
export type UserSort = 'NAME' | 'EMAIL' | 'ID';

/** One page of users, searchable by name and e-mail. */
export async function listUsers(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: UserSort,
  filter?: FilterValues<'roleId'> | null,
): Promise<Page<AdministeredUser>> {
  return listPage<AdministeredUser, UserSort, 'roleId'>(db, userList, args, sortBy, filter);
}

/** One user, or undefined. */
export async function findAdministeredUser(
  db: Db,
  id: number,
): Promise<AdministeredUser | undefined> {
  return kysely(db)
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The roles of each of these users, by role name (one statement for a whole list). */
export async function rolesOfUsers(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, Role[]>> {
  const rows = await kysely(db)
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id as userId', 'r.id', 'r.name', 'r.version'])
    .where('ur.user_id', '=', sql<number>`any(${[...userIds]})`)
    .orderBy(sql`lower(r.name)`)
    .execute();
  const byUser = new Map<number, Role[]>(userIds.map((id) => [id, []]));
  for (const { userId, ...role } of rows) byUser.get(userId)?.push(role);
  return byUser;
}

/** A user may only hand out roles whose permissions they hold themselves. */
async function checkRoles(db: Db, roleIds: number[], actorHolds: Set<string>) {
  if (roleIds.length === 0) return;
  const found = await kysely(db)
    .selectFrom('roles')
    .select('id')
    .where('id', '=', sql<number>`any(${roleIds})`)
    .execute();
  if (found.length !== roleIds.length)
    throw invalidField('roleIds', 'exists', 'The selected role is invalid.');
  const granted = await kysely(db)
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select('p.name')
    .distinct()
    .where('rp.role_id', '=', sql<number>`any(${roleIds})`)
    .execute();
  if (granted.some((row) => !actorHolds.has(row.name)))
    throw invalidField('roleIds', 'privilege', msg('users.roleMorePrivileged'));
}

/** Refuses to act on a user who holds a permission the actor lacks (the login-as rule). */
async function assertNotMorePrivileged(
  db: Db,
  userId: number,
  actorHolds: Set<string>,
  what: 'change' | 'delete',
) {
  const theirs = await permissionsOf(db, userId);
  if (theirs.some((name) => !actorHolds.has(name)))
    throw conflict(
      msg(what === 'change' ? 'users.changeMorePrivileged' : 'users.deleteMorePrivileged'),
      'privilege',
    );
}

/** Gives the user exactly these roles. */
async function setRoles(db: Db, userId: number, roleIds: number[]) {
  await kysely(db).deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length === 0) return;
  await kysely(db)
    .insertInto('user_roles')
    .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The hash of a password an administrator sets, refused when it is easy to guess. */
async function strongPasswordHash(
  password: string,
  user: { name: string; email: string },
): Promise<string> {
  const weak = await weakPasswordReason(password, [user.name, user.email]);
  if (weak) throw invalidField('password', 'weakPassword', weak);
  return hashPassword(password);
}

/** Creates a user with a password and roles the acting user may hand out; the e-mail must be new. */
export async function registerUser(
  db: Db,
  actorHolds: Set<string>,
  input: ValidUser,
): Promise<AdministeredUser> {
  if (input.password === undefined)
    throw invalidField('password', 'required', 'The password field is required.');
  const roleIds = [...new Set(input.roleIds)];
  const passwordHash = await strongPasswordHash(input.password, input);
  return db.transaction(async (tx) => {
    await checkRoles(tx, roleIds, actorHolds);
    const user = await kysely(tx)
      .insertInto('users')
      .values({ name: input.name, email: input.email, password_hash: passwordHash })
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    await setRoles(tx, user.id, roleIds);
    return user;
  });
}

/** Saves another user's name, e-mail, roles and (when given) password, made on `version`. */
export async function updateUser(
  db: Db,
  actorHolds: Set<string>,
  id: number,
  version: number,
  input: ValidUser,
): Promise<AdministeredUser> {
  const roleIds = [...new Set(input.roleIds)];
  const passwordHash =
    input.password === undefined ? null : await strongPasswordHash(input.password, input);
  return db.transaction(async (tx) => {
    const current = await kysely(tx)
      .selectFrom('users')
      .select('version')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(msg('notFound.user'));
    if (current.version !== version) throw staleEdit();
    await assertNotMorePrivileged(tx, id, actorHolds, 'change');
    await checkRoles(tx, roleIds, actorHolds);
    const user = await kysely(tx)
      .updateTable('users')
      .set((eb) => ({
        name: input.name,
        email: input.email,
        ...(passwordHash === null ? {} : { password_hash: passwordHash }),
        version: eb('version', '+', 1),
        updated_at: sql`now()`,
      }))
      .where('id', '=', id)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    await setRoles(tx, id, roleIds);
    // A new password set by an administrator ends every session acting as the user (login-as too).
    if (passwordHash !== null) await endSessions(tx, { user: id });
    return user;
  });
}

/** Deletes another user (never yourself, never one holding more than you). */
export async function deleteUser(
  db: Db,
  actorId: number,
  actorHolds: Set<string>,
  id: number,
): Promise<void> {
  if (id === actorId) throw conflict(msg('users.deleteSelf'), 'self');
  await db.transaction(async (tx) => {
    if (!(await findAdministeredUser(tx, id))) throw notFound(msg('notFound.user'));
    await assertNotMorePrivileged(tx, id, actorHolds, 'delete');
    await endSessions(tx, { user: id });
    await kysely(tx).deleteFrom('users').where('id', '=', id).execute();
  });
}
