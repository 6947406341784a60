import { hashPassword, verifyPassword, weakPasswordReason } from '../auth/passwords';
import { sql } from 'kysely';
import type { Db } from '../db';
import { kysely } from '../db/kysely';
import type { FieldErrors } from '../http/errors';
import type { User } from '../auth/accounts';

/** What a new user needs. */
export interface NewUser {
  name: string;
  email: string;
  password: string;
}

/** Creates a user with an argon2id password hash. */
export async function createUser(db: Db, input: NewUser): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return kysely(db)
    .insertInto('users')
    .values({ name: input.name, email: input.email, password_hash: passwordHash })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
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
  const current = await kysely(db)
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
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
    const taken = await kysely(db)
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', sql`lower(${change.email})`)
      .where('id', '<>', userId)
      .executeTakeFirst();
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
    const user = await kysely(db)
      .updateTable('users')
      .set({
        name: change.name,
        email: change.email,
        ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
        updated_at: sql`now()`,
      })
      .where('id', '=', userId)
      .returning(['id', 'name', 'email'])
      .executeTakeFirstOrThrow();
    return { ok: true, user, passwordChanged: passwordHash !== undefined };
  } catch (error) {
    // Two requests taking the same address at once: the unique index decides.
    if ((error as { code?: string }).code === '23505')
      return { ok: false, errors: { email: ['The email has already been taken.'] } };
    throw error;
  }
}
