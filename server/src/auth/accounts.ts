import { sql } from 'kysely';
import type { Db } from '../db';
import { kysely } from '../db/kysely';

// Who a user is and what they may do, as authentication reads it on every request: the user
// lookups and the permissions through their roles. Here, with auth, so that auth needs no
// area above it; users/ (the directory, accounts, roles given) builds on these.

/** A user as every area sees it (never with the password hash). */
export interface User {
  id: number;
  name: string;
  email: string;
}

/** A user with the stored password hash, for authentication only. */
export interface UserWithPassword extends User {
  passwordHash: string;
}

/** Finds a user by id. */
export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  return kysely(db)
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Finds a user by e-mail address, ignoring case, with the password hash. */
export async function findUserByEmail(
  db: Db,
  email: string,
): Promise<UserWithPassword | undefined> {
  return kysely(db)
    .selectFrom('users')
    .select(['id', 'name', 'email', 'password_hash as passwordHash'])
    .where(sql`lower(email)`, '=', sql`lower(${email})`)
    .executeTakeFirst();
}

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
