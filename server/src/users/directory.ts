import { z } from 'zod';
import { hashPassword, weakPasswordReason } from '../auth/passwords';
import { endSessions } from '../auth/sessions';
import { queryOne, type Db } from '../db';
import { conflict, invalidField, parseArgs, staleEdit } from '../graphql/errors';
import { listPage, type Page, type PageArgs } from '../graphql/list';
import { notFound } from '../http/errors';
import { field } from '../http/validation';
import { permissionsOf } from './permissions';

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

const userInput = z.object({
  name: field.requiredString('name'),
  email: field.email(),
  password: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    password.optional(),
  ),
  roleIds: z.array(field.id('role'), { error: 'The roles field is required.' }).max(100),
});

const COLUMNS = 'u.id, u.name, u.email, u.version';

/** The sort keys of the user list. */
export type UserSort = 'NAME' | 'EMAIL' | 'ID';

/** One page of users, searchable by name and e-mail. */
export async function listUsers(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: UserSort,
): Promise<Page<AdministeredUser>> {
  return listPage<AdministeredUser, UserSort>(
    db,
    {
      select: COLUMNS,
      from: 'users u',
      searchColumns: ['u.name', 'u.email'],
      sortColumns: { NAME: 'lower(u.name)', EMAIL: 'lower(u.email)', ID: 'u.id' },
      idColumn: 'u.id',
    },
    args,
    sortBy,
  );
}

/** One user, or undefined. */
export async function findAdministeredUser(
  db: Db,
  id: number,
): Promise<AdministeredUser | undefined> {
  return queryOne<AdministeredUser>(db, `SELECT ${COLUMNS} FROM users u WHERE u.id = $1`, [id]);
}

/** The role ids of each of these users. */
export async function roleIdsOfUsers(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, number[]>> {
  const rows = await db.query<{ userId: number; roleId: number }>(
    `SELECT ur.user_id AS "userId", ur.role_id AS "roleId" FROM user_roles ur
       JOIN roles r ON r.id = ur.role_id
      WHERE ur.user_id = ANY($1::int[]) ORDER BY lower(r.name)`,
    [[...userIds]],
  );
  const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
  for (const row of rows) byUser.get(row.userId)?.push(row.roleId);
  return byUser;
}

/** A user may only hand out roles whose permissions they hold themselves. */
async function checkRoles(db: Db, roleIds: number[], actorHolds: Set<string>) {
  if (roleIds.length === 0) return;
  const found = await db.query<{ id: number }>('SELECT id FROM roles WHERE id = ANY($1::int[])', [
    roleIds,
  ]);
  if (found.length !== roleIds.length)
    throw invalidField('roleIds', 'exists', 'The selected role is invalid.');
  const granted = await db.query<{ name: string }>(
    `SELECT DISTINCT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
      WHERE rp.role_id = ANY($1::int[])`,
    [roleIds],
  );
  if (granted.some((row) => !actorHolds.has(row.name)))
    throw invalidField(
      'roleIds',
      'privilege',
      'You cannot assign a role holding permissions you do not hold.',
    );
}

async function assertEmailFree(db: Db, email: string, exceptId: number | null) {
  const taken = await queryOne(
    db,
    'SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> coalesce($2, 0)',
    [email, exceptId],
  );
  if (taken) throw invalidField('email', 'unique', 'The email has already been taken.');
}

/** Refuses to act on a user who holds a permission the actor lacks (the login-as rule). */
async function assertNotMorePrivileged(
  db: Db,
  userId: number,
  actorHolds: Set<string>,
  what: string,
) {
  const theirs = await permissionsOf(db, userId);
  if (theirs.some((name) => !actorHolds.has(name)))
    throw conflict(`You cannot ${what} a user who holds permissions you do not hold.`, 'privilege');
}

async function setRoles(db: Db, userId: number, roleIds: number[]) {
  await db.query('DELETE FROM user_roles WHERE user_id = $1', [userId]);
  await db.query(
    'INSERT INTO user_roles (user_id, role_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
    [userId, roleIds],
  );
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

/** Creates a user with a password and roles the acting user may hand out. */
export async function registerUser(
  db: Db,
  actorHolds: Set<string>,
  input: unknown,
): Promise<AdministeredUser> {
  const parsed = parseArgs(userInput, input);
  if (parsed.password === undefined)
    throw invalidField('password', 'required', 'The password field is required.');
  const roleIds = [...new Set(parsed.roleIds)];
  const passwordHash = await strongPasswordHash(parsed.password, parsed);
  return db.transaction(async (tx) => {
    await assertEmailFree(tx, parsed.email, null);
    await checkRoles(tx, roleIds, actorHolds);
    const user = await queryOne<AdministeredUser>(
      tx,
      `INSERT INTO users AS u (name, email, password_hash) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [parsed.name, parsed.email, passwordHash],
    );
    await setRoles(tx, user!.id, roleIds);
    return user!;
  });
}

/** Saves another user's name, e-mail, roles and (when given) password, made on `version`. */
export async function updateUser(
  db: Db,
  actorHolds: Set<string>,
  id: number,
  version: number,
  input: unknown,
): Promise<AdministeredUser> {
  const parsed = parseArgs(userInput, input);
  const roleIds = [...new Set(parsed.roleIds)];
  const passwordHash =
    parsed.password === undefined ? null : await strongPasswordHash(parsed.password, parsed);
  return db.transaction(async (tx) => {
    const current = await queryOne<{ version: number }>(
      tx,
      'SELECT version FROM users WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound('User not found.');
    if (current.version !== version) throw staleEdit();
    await assertNotMorePrivileged(tx, id, actorHolds, 'change');
    await assertEmailFree(tx, parsed.email, id);
    await checkRoles(tx, roleIds, actorHolds);
    const user = await queryOne<AdministeredUser>(
      tx,
      `UPDATE users AS u SET name = $2, email = $3, password_hash = coalesce($4, password_hash),
         version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, parsed.name, parsed.email, passwordHash],
    );
    await setRoles(tx, id, roleIds);
    // A new password set by an administrator ends every session acting as the user (login-as too).
    if (passwordHash !== null) await endSessions(tx, { user: id });
    return user!;
  });
}

/** Deletes another user (never yourself, never one holding more than you). */
export async function deleteUser(
  db: Db,
  actorId: number,
  actorHolds: Set<string>,
  id: number,
): Promise<void> {
  if (id === actorId) throw conflict('You cannot delete yourself.', 'self');
  await db.transaction(async (tx) => {
    if (!(await findAdministeredUser(tx, id))) throw notFound('User not found.');
    await assertNotMorePrivileged(tx, id, actorHolds, 'delete');
    await endSessions(tx, { user: id });
    await tx.query('DELETE FROM users WHERE id = $1', [id]);
  });
}
