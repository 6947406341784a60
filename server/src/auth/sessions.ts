import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { queryOne, type Db } from '../db';

/** A session as the server keeps it (the cookie token itself is never stored). */
export interface Session {
  id: string;
  userId: number | null;
  csrfToken: string;
  impersonatorId: number | null;
  remember: boolean;
  lastActivity: Date;
  expiresAt: Date;
}

/** A freshly created session and the token to put in its cookie. */
export interface IssuedSession {
  token: string;
  session: Session;
}

/** What a new session starts with. */
export interface SessionInput {
  userId?: number | null;
  impersonatorId?: number | null;
  remember?: boolean;
  ip?: string;
  userAgent?: string;
}

/** How long sessions live: `minutes` of inactivity, remembered ones 30 days. */
export interface SessionLifetime {
  minutes: number;
}

const REMEMBER_MINUTES = 30 * 24 * 60;
/** Activity is written at most once a minute per session, not on every request. */
const TOUCH_AFTER_MS = 60_000;
/** Share of new sessions that also prune expired sessions and throttle rows. */
const PRUNE_LOTTERY = 0.02;

interface SessionRow {
  id: string;
  user_id: number | null;
  csrf_token: string;
  impersonator_id: number | null;
  remember: boolean;
  last_activity: Date;
  expires_at: Date;
}

const columns = 'id, user_id, csrf_token, impersonator_id, remember, last_activity, expires_at';

function toSession(row: SessionRow): Session {
  return {
    id: row.id,
    userId: row.user_id,
    csrfToken: row.csrf_token,
    impersonatorId: row.impersonator_id,
    remember: row.remember,
    lastActivity: new Date(row.last_activity),
    expiresAt: new Date(row.expires_at),
  };
}

/** The database id of a cookie token: its SHA-256 in hex. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random token for a cookie or a CSRF check (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares two secrets in constant time. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function lifetimeMinutes(remember: boolean, lifetime: SessionLifetime): number {
  return remember ? REMEMBER_MINUTES : lifetime.minutes;
}

/** Creates a session with a new token and a new CSRF token. */
export async function createSession(
  db: Db,
  input: SessionInput,
  lifetime: SessionLifetime,
): Promise<IssuedSession> {
  if (Math.random() < PRUNE_LOTTERY) await pruneExpired(db);
  const token = randomToken();
  const remember = input.remember ?? false;
  const row = await queryOne<SessionRow>(
    db,
    `INSERT INTO sessions (id, user_id, csrf_token, impersonator_id, remember, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))
     RETURNING ${columns}`,
    [
      sessionIdOf(token),
      input.userId ?? null,
      randomToken(),
      input.impersonatorId ?? null,
      remember,
      input.ip ?? null,
      input.userAgent?.slice(0, 512) ?? null,
      lifetimeMinutes(remember, lifetime),
    ],
  );
  return { token, session: toSession(row!) };
}

/** Finds the live session of a cookie token, or null when unknown or expired. */
export async function findSession(db: Db, token: string): Promise<Session | null> {
  const row = await queryOne<SessionRow>(
    db,
    `SELECT ${columns} FROM sessions WHERE id = $1 AND expires_at > now()`,
    [sessionIdOf(token)],
  );
  return row ? toSession(row) : null;
}

/** Extends a session's life on activity (at most one write a minute). */
export async function touchSession(
  db: Db,
  session: Session,
  lifetime: SessionLifetime,
): Promise<void> {
  if (Date.now() - session.lastActivity.getTime() < TOUCH_AFTER_MS) return;
  await db.query(
    `UPDATE sessions SET last_activity = now(), expires_at = now() + make_interval(mins => $2) WHERE id = $1`,
    [session.id, lifetimeMinutes(session.remember, lifetime)],
  );
}

/**
 * Replaces a session by a new one (new id, new CSRF token) holding the given identity;
 * the old row is deleted so its cookie stops working. Used on login, logout and login-as.
 */
export async function regenerateSession(
  db: Db,
  old: Pick<Session, 'id'> | null,
  input: SessionInput,
  lifetime: SessionLifetime,
): Promise<IssuedSession> {
  return db.transaction(async (tx) => {
    if (old) await deleteSession(tx, old.id);
    return createSession(tx, input, lifetime);
  });
}

/** Deletes a session; its cookie no longer works. */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

/** Deletes every session of a user except one (after a password change). */
export async function deleteOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: string,
): Promise<void> {
  await db.query('DELETE FROM sessions WHERE (user_id = $1 OR impersonator_id = $1) AND id <> $2', [
    userId,
    keepSessionId,
  ]);
}

/** Removes expired sessions and finished throttle windows. */
export async function pruneExpired(db: Db): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= now()');
  await db.query('DELETE FROM login_throttle WHERE reset_at <= now()');
}
