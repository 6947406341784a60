import { hashPassword, verifyPassword, weakPasswordReason } from '../auth/passwords';
import { queryOne, type Db } from '../db';
import type { FieldErrors } from '../http/errors';

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
  return queryOne<User>(db, 'SELECT id, name, email FROM users WHERE id = $1', [id]);
}

/** Finds a user by e-mail address, ignoring case, with the password hash. */
export async function findUserByEmail(
  db: Db,
  email: string,
): Promise<UserWithPassword | undefined> {
  return queryOne<UserWithPassword>(
    db,
    'SELECT id, name, email, password_hash AS "passwordHash" FROM users WHERE lower(email) = lower($1)',
    [email],
  );
}

/** What a new user needs. */
export interface NewUser {
  name: string;
  email: string;
  password: string;
}

/** Creates a user with an argon2id password hash. */
export async function createUser(db: Db, input: NewUser): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const row = await queryOne<User>(
    db,
    'INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3) RETURNING id, name, email',
    [input.name, input.email, passwordHash],
  );
  return row!;
}

/**
 * A change of one's own account. A new password or a new e-mail address (the login name)
 * needs the current password.
 */
export interface AccountChange {
  name: string;
  email: string;
  currentPassword?: string;
  newPassword?: string;
}

/** The result of an account change: the user, or field errors. */
export type AccountChangeResult =
  { ok: true; user: User; passwordChanged: boolean } | { ok: false; errors: FieldErrors };

/**
 * Changes a user's name, e-mail and password. A new e-mail or password is taken only with
 * the right current password, and that is checked first: whether an address is taken is
 * told only to someone who has proved to be the account's owner.
 */
export async function updateAccount(
  db: Db,
  userId: number,
  change: AccountChange,
): Promise<AccountChangeResult> {
  const current = await queryOne<{ email: string; password_hash: string }>(
    db,
    'SELECT email, password_hash FROM users WHERE id = $1',
    [userId],
  );
  const emailChanged = current?.email.toLowerCase() !== change.email.toLowerCase();
  if (emailChanged || change.newPassword !== undefined) {
    if (change.currentPassword === undefined)
      return {
        ok: false,
        errors: { current_password: ['The current password field is required.'] },
      };
    if (!(await verifyPassword(current?.password_hash, change.currentPassword)))
      return { ok: false, errors: { current_password: ['The password is incorrect.'] } };
  }

  const errors: FieldErrors = {};
  if (emailChanged) {
    const taken = await queryOne(
      db,
      'SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2',
      [change.email, userId],
    );
    if (taken) errors.email = ['The email has already been taken.'];
  }
  let passwordHash: string | undefined;
  if (change.newPassword !== undefined) {
    const weak = await weakPasswordReason(change.newPassword, [
      change.name,
      change.email,
      current?.email ?? '',
    ]);
    if (weak) errors.password = [weak];
    else passwordHash = await hashPassword(change.newPassword);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  try {
    const user = await queryOne<User>(
      db,
      `UPDATE users SET name = $2, email = $3, password_hash = COALESCE($4, password_hash), updated_at = now()
       WHERE id = $1 RETURNING id, name, email`,
      [userId, change.name, change.email, passwordHash ?? null],
    );
    return { ok: true, user: user!, passwordChanged: passwordHash !== undefined };
  } catch (error) {
    // Two requests taking the same address at once: the unique index decides.
    if ((error as { code?: string }).code === '23505')
      return { ok: false, errors: { email: ['The email has already been taken.'] } };
    throw error;
  }
}
