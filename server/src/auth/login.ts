import { sql } from 'kysely';
import type { Db } from '../db';
import { kysely } from '../db/kysely';
import { findUserByEmail, type User } from './accounts';
import { verifyPassword } from './passwords';
import { addressBucket, clearThrottle, forgiveAttempt, hitThrottle } from './throttle';

// Three limits guard POST /login, each a fixed window counted in login_throttle:
//
// - one e-mail from one address: 5 attempts a minute (a user mistyping, a guesser at one account);
// - one address, whatever the e-mail: 50 failed attempts in 15 minutes. This stops one
//   password being sprayed over many accounts. A warehouse's staff log in from behind one NAT
//   address: at a shift start of some 250 people, a typo rate of 10 % makes about 25 failures,
//   and each person's own retries are already held at 5 a minute, so 50 leaves room for twice
//   that without letting a sprayer try more than 200 accounts an hour;
// - one account, whatever the address: 20 failed attempts in 15 minutes. This stops a guesser
//   who spreads over many addresses (a botnet, an IPv6 network). It does not count at the
//   addresses the user has logged in from within 90 days: attempts from elsewhere cannot lock
//   the user out of the places they work from, and a user at a new address waits at most one
//   window after the attack stops.
//
// The e-mail + address count is cleared by a successful login; the shared counts take back
// that one attempt only (they count failures), so a sprayer who knows one account cannot
// reset them. Unknown e-mail addresses are counted exactly like known ones.

/** Failed attempts allowed per e-mail and address within the window. */
export const MAX_LOGIN_ATTEMPTS = 5;
/** Length of the throttle window in seconds. */
export const LOGIN_DECAY_SECONDS = 60;
/** Failed attempts allowed per client address (IPv6: per /64), over all e-mail addresses. */
export const MAX_ADDRESS_ATTEMPTS = 50;
/** Window of the per-address limit, in seconds. */
export const ADDRESS_DECAY_SECONDS = 15 * 60;
/** Failed attempts allowed per account from addresses it has not logged in from. */
export const MAX_ACCOUNT_ATTEMPTS = 20;
/** Window of the per-account limit, in seconds. */
export const ACCOUNT_DECAY_SECONDS = 15 * 60;
/** How long an address a user logged in from stays exempt from the per-account limit. */
export const KNOWN_ADDRESS_DAYS = 90;

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

/** The throttle key of all attempts from one address (IPv6: its /64). */
export function addressThrottleKey(ip: string): string {
  return `address:${addressBucket(ip)}`;
}

/** The throttle key of all attempts at one account (also for e-mails no account has). */
export function accountThrottleKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

interface Limit {
  key: string;
  max: number;
  decaySeconds: number;
}

/** The time before which a remembered address is forgotten. */
const stale = sql<Date>`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`;

/** Whether the user logged in successfully from this address within KNOWN_ADDRESS_DAYS. */
async function isKnownAddress(db: Db, userId: number, bucket: string): Promise<boolean> {
  const row = await kysely(db)
    .selectFrom('login_known_addresses')
    .select('ip')
    .where('user_id', '=', userId)
    .where('ip', '=', bucket)
    .where('last_login_at', '>', stale)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a successful login's address, and forgets the user's addresses gone stale. */
async function rememberAddress(db: Db, userId: number, bucket: string): Promise<void> {
  await kysely(db)
    .insertInto('login_known_addresses')
    .values({ user_id: userId, ip: bucket })
    .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ last_login_at: sql`now()` }))
    .execute();
  await kysely(db)
    .deleteFrom('login_known_addresses')
    .where('user_id', '=', userId)
    .where('last_login_at', '<=', stale)
    .execute();
}

/**
 * Checks credentials under the login limits: each attempt is counted first (atomically), so
 * an attempt over a limit is refused even with the right password; the first limit that
 * refuses stops the counting, so refused attempts do not use up the later limits.
 */
export async function attemptLogin(db: Db, attempt: LoginAttempt): Promise<LoginResult> {
  const email = attempt.email.trim();
  const bucket = addressBucket(attempt.ip);
  const user = await findUserByEmail(db, email);
  // Asked for unknown e-mails too (as user 0), so the answer takes as long either way.
  const known = await isKnownAddress(db, user?.id ?? 0, bucket);

  const limits: Limit[] = [
    {
      key: loginThrottleKey(email, attempt.ip),
      max: MAX_LOGIN_ATTEMPTS,
      decaySeconds: LOGIN_DECAY_SECONDS,
    },
    {
      key: addressThrottleKey(attempt.ip),
      max: MAX_ADDRESS_ATTEMPTS,
      decaySeconds: ADDRESS_DECAY_SECONDS,
    },
  ];
  if (!known) {
    limits.push({
      key: accountThrottleKey(email),
      max: MAX_ACCOUNT_ATTEMPTS,
      decaySeconds: ACCOUNT_DECAY_SECONDS,
    });
  }
  for (const limit of limits) {
    const hit = await hitThrottle(db, limit.key, limit.decaySeconds);
    if (hit.attempts > limit.max)
      return { status: 'throttled', retryAfterSeconds: hit.retryAfterSeconds };
  }

  const valid = await verifyPassword(user?.passwordHash, attempt.password);
  if (!user || !valid) return { status: 'invalid' };

  const [own, ...shared] = limits;
  await clearThrottle(db, own!.key);
  for (const limit of shared) await forgiveAttempt(db, limit.key);
  await rememberAddress(db, user.id, bucket);
  return { status: 'ok', user: { id: user.id, name: user.name, email: user.email } };
}
