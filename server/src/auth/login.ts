import type { Db } from '../db';
import { findUserByEmail, type User } from '../users/users';
import { verifyPassword } from './passwords';
import { clearThrottle, hitThrottle } from './throttle';

/** Failed attempts allowed per e-mail and address within the window. */
export const MAX_LOGIN_ATTEMPTS = 5;
/** Length of the throttle window in seconds. */
export const LOGIN_DECAY_SECONDS = 60;

/** Credentials and where they come from. */
export interface LoginAttempt {
  email: string;
  password: string;
  ip: string;
}

/** The outcome of a login attempt. */
export type LoginResult =
  | { status: 'ok'; user: User }
  | { status: 'invalid' }
  | { status: 'throttled'; retryAfterSeconds: number };

/** The throttle key: lower-cased e-mail plus client address. */
export function loginThrottleKey(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}

/**
 * Checks credentials under the login throttle: the attempt is counted first (atomically),
 * so a sixth attempt within the window is refused even with the right password; a success
 * clears the count.
 */
export async function attemptLogin(db: Db, attempt: LoginAttempt): Promise<LoginResult> {
  const key = loginThrottleKey(attempt.email, attempt.ip);
  const hit = await hitThrottle(db, key, LOGIN_DECAY_SECONDS);
  if (hit.attempts > MAX_LOGIN_ATTEMPTS)
    return { status: 'throttled', retryAfterSeconds: hit.retryAfterSeconds };

  const user = await findUserByEmail(db, attempt.email.trim());
  const valid = await verifyPassword(user?.passwordHash, attempt.password);
  if (!user || !valid) return { status: 'invalid' };

  await clearThrottle(db, key);
  return { status: 'ok', user: { id: user.id, name: user.name, email: user.email } };
}
