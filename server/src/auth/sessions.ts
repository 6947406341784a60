import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { prepared, queryOne, type Db, type SqlParam } from '../db';
import { permissionsOfUserSql } from './accounts';
import { sessionsEnded } from './session-events';

/** A session as the server keeps it (the cookie token itself is never stored). */
export interface Session {
  /** The token's hash: never leaves the server. */
  id: string;
  /** The id the session's user sees (GET /spa/sessions) and ends it by. */
  publicId: string;
  userId: number | null;
  csrfToken: string;
  impersonatorId: number | null;
  remember: boolean;
  lastActivity: Date;
  expiresAt: Date;
  /** When the user logged in (kept across login-as): the absolute lifetime counts from here. */
  createdAt: Date;
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
  /** The login time of the session this one replaces (login-as): its absolute end stays. */
  loggedInAt?: Date;
}

/** How long sessions live. */
export interface SessionLifetime {
  /** Minutes of inactivity after which a session ends. */
  minutes: number;
  /** Hours after login after which a session ends however active it is. */
  absoluteHours: number;
  /** Days after login after which a remembered session ends (its idle limit too). */
  rememberDays: number;
}

/** Activity is written at most once a minute per session, not on every request. */
const TOUCH_AFTER_MS = 60_000;

interface SessionRow {
  id: string;
  public_id: string;
  user_id: number | null;
  csrf_token: string;
  impersonator_id: number | null;
  remember: boolean;
  last_activity: Date;
  expires_at: Date;
  created_at: Date;
}

const columns =
  'id, public_id, user_id, csrf_token, impersonator_id, remember, last_activity, expires_at, created_at';

/** The same columns, of the row `s` (for statements that join other tables). */
const qualifiedColumns = columns
  .split(', ')
  .map((column) => `s.${column}`)
  .join(', ');

function toSession(row: SessionRow): Session {
  return {
    id: row.id,
    publicId: row.public_id,
    userId: row.user_id,
    csrfToken: row.csrf_token,
    impersonatorId: row.impersonator_id,
    remember: row.remember,
    lastActivity: new Date(row.last_activity),
    expiresAt: new Date(row.expires_at),
    createdAt: new Date(row.created_at),
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

/** What randomToken() makes: anything else in a session cookie is not looked up. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Compares two secrets in constant time. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Minutes without activity after which a session ends. */
function idleMinutes(remember: boolean, lifetime: SessionLifetime): number {
  return remember ? lifetime.rememberDays * 24 * 60 : lifetime.minutes;
}

/** Minutes after login after which a session ends, active or not. */
export function absoluteMinutes(remember: boolean, lifetime: SessionLifetime): number {
  return remember ? lifetime.rememberDays * 24 * 60 : lifetime.absoluteHours * 60;
}

/** The moment a session ends at the latest, however active. */
export function absoluteEndOf(session: Session, lifetime: SessionLifetime): Date {
  return new Date(
    session.createdAt.getTime() + absoluteMinutes(session.remember, lifetime) * 60_000,
  );
}

/**
 * The login time to give a session that replaces `session` without a new login (login-as
 * and leaving it; never remembered): it ends when `session` would have, or after the plain
 * absolute lifetime if that comes first (a remembered session does not lend its 30 days).
 */
export function carriedLoginTime(session: Session, lifetime: SessionLifetime): Date {
  const end = absoluteEndOf(session, lifetime).getTime();
  return new Date(Math.min(end - absoluteMinutes(false, lifetime) * 60_000, Date.now()));
}

/**
 * SQL: the session row `s` is still alive — neither idle too long (expires_at) nor past its
 * absolute end counted from the login; `plain` and `remembered` are the parameters holding
 * the absolute minutes (so a shorter setting also ends sessions already running).
 */
function alive(plain: string, remembered: string): string {
  return `s.expires_at > now()
    AND s.created_at + make_interval(mins => CASE WHEN s.remember THEN ${remembered}::int ELSE ${plain}::int END) > now()`;
}

/** Creates a session with a new token, a new CSRF token and a new public id. */
export async function createSession(
  db: Db,
  input: SessionInput,
  lifetime: SessionLifetime,
): Promise<IssuedSession> {
  const token = randomToken();
  const remember = input.remember ?? false;
  const row = await queryOne<SessionRow>(
    db,
    `INSERT INTO sessions (id, public_id, user_id, csrf_token, impersonator_id, remember, ip, user_agent,
       created_at, expires_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, login.at,
       LEAST(now() + make_interval(mins => $9), login.at + make_interval(mins => $10))
     FROM (SELECT COALESCE($11::timestamptz, now()) AS at) AS login
     RETURNING ${columns}`,
    [
      sessionIdOf(token),
      randomUUID(),
      input.userId ?? null,
      randomToken(),
      input.impersonatorId ?? null,
      remember,
      input.ip ?? null,
      input.userAgent?.slice(0, 512) ?? null,
      idleMinutes(remember, lifetime),
      absoluteMinutes(remember, lifetime),
      input.loggedInAt?.toISOString() ?? null,
    ],
  );
  return { token, session: toSession(row!) };
}

/**
 * Finds the live session of a cookie token, or null when unknown, idle too long or past its
 * absolute end. Without `lifetime` only expires_at counts (which activity never moves past
 * the absolute end); with it, a lifetime shortened since the last activity applies too.
 */
export async function findSession(
  db: Db,
  token: string,
  lifetime?: SessionLifetime,
): Promise<Session | null> {
  if (!SESSION_TOKEN.test(token)) return null;
  const row = lifetime
    ? await queryOne<SessionRow>(
        db,
        `SELECT ${columns} FROM sessions s WHERE s.id = $1 AND ${alive('$2', '$3')}`,
        [sessionIdOf(token), absoluteMinutes(false, lifetime), absoluteMinutes(true, lifetime)],
      )
    : await queryOne<SessionRow>(
        db,
        `SELECT ${columns} FROM sessions s WHERE s.id = $1 AND s.expires_at > now()`,
        [sessionIdOf(token)],
      );
  return row ? toSession(row) : null;
}

/** A request's session with the user it acts as and that user's permissions. */
export interface SessionOfRequest {
  session: Session;
  /** null when the session has no user (or the user is gone). */
  user: { id: number; name: string; email: string } | null;
  /** The user's permission names, sorted (empty without a user; shared: never change it). */
  permissions: readonly string[];
}

let sessionOfRequestSql: string | undefined;

/**
 * The statement of findSessionOfRequest, a named prepared statement on PostgreSQL: every
 * request runs it. Its one plan is right for every value: a primary-key lookup. With the
 * session and its user it reads the access epoch (migration 0151), not the permissions.
 * Built on first use (no import-order trap).
 */
function sessionOfRequestStatement(): string {
  sessionOfRequestSql ??= prepared(
    `SELECT ${qualifiedColumns}, u.id AS u_id, u.name AS u_name, u.email AS u_email,
       (SELECT n FROM access_epoch)::text AS epoch
     FROM sessions s LEFT JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND ${alive('$2', '$3')}`,
  );
  return sessionOfRequestSql;
}

let permissionsNowSql: string | undefined;

/** A user's permissions with the access epoch they hold at, read together (one snapshot). */
function permissionsNowStatement(): string {
  permissionsNowSql ??= prepared(
    `SELECT (SELECT n FROM access_epoch)::text AS epoch, ${permissionsOfUserSql('$1::int')} AS permissions`,
  );
  return permissionsNowSql;
}

/** The most users whose permissions a server keeps per database (then it starts again). */
const MAX_KNOWN_USERS = 10_000;

/** Per database (a server's, a test's): each user's permissions and the epoch they hold at. */
const knownPermissions = new WeakMap<Db, Map<number, { epoch: string; permissions: string[] }>>();

/**
 * The permissions of a user at `epoch` (the access epoch the request's session lookup read):
 * from memory while no role or permission changed since they were read, else read again.
 */
async function permissionsAt(db: Db, userId: number, epoch: string): Promise<string[]> {
  let known = knownPermissions.get(db);
  if (!known) knownPermissions.set(db, (known = new Map()));
  const hit = known.get(userId);
  if (hit?.epoch === epoch) return hit.permissions;
  const row = await queryOne<{ epoch: string; permissions: string[] }>(
    db,
    permissionsNowStatement(),
    [userId],
  );
  // Read at the epoch of that statement (at least the lookup's): kept under it.
  if (known.size >= MAX_KNOWN_USERS) known.clear();
  known.set(userId, { epoch: row!.epoch, permissions: row!.permissions });
  return row!.permissions;
}

/**
 * findSession for a request: the live session of a cookie token together with its user and
 * the user's permissions. One statement (each is a round trip): the session, its user and
 * the access epoch; the permissions come from memory unless a role or permission changed
 * since this server read them (then one statement more, once per user and change).
 */
export async function findSessionOfRequest(
  db: Db,
  token: string,
  lifetime: SessionLifetime,
): Promise<SessionOfRequest | null> {
  if (!SESSION_TOKEN.test(token)) return null;
  const row = await queryOne<
    SessionRow & { u_id: number | null; u_name: string; u_email: string; epoch: string }
  >(db, sessionOfRequestStatement(), [
    sessionIdOf(token),
    absoluteMinutes(false, lifetime),
    absoluteMinutes(true, lifetime),
  ]);
  if (!row) return null;
  return {
    session: toSession(row),
    user: row.u_id === null ? null : { id: row.u_id, name: row.u_name, email: row.u_email },
    permissions: row.u_id === null ? [] : await permissionsAt(db, row.u_id, row.epoch),
  };
}

/** Extends a session's life on activity (at most one write a minute), never past its absolute end. */
export async function touchSession(
  db: Db,
  session: Session,
  lifetime: SessionLifetime,
): Promise<void> {
  if (Date.now() - session.lastActivity.getTime() < TOUCH_AFTER_MS) return;
  await db.query(
    `UPDATE sessions SET last_activity = now(),
       expires_at = LEAST(now() + make_interval(mins => $2), created_at + make_interval(mins => $3))
     WHERE id = $1`,
    [
      session.id,
      idleMinutes(session.remember, lifetime),
      absoluteMinutes(session.remember, lifetime),
    ],
  );
}

/** Which sessions to end. */
export type SessionSelection =
  /** One session (logout, login, login-as: the one being replaced). */
  | { sessionId: string }
  /**
   * Every session that acts as the user or in which the user acts as someone else (password
   * change or reset, user deleted), except `except` (the session that changed the password).
   */
  | { user: number; except?: string }
  /** The sessions the user logged in to (`publicId`: only that one), except `except`. */
  | { owner: number; publicId?: string; except?: string }
  /** Sessions idle too long or past their absolute end (the sweep). */
  | { expired: SessionLifetime };

/**
 * Ends sessions: deletes their rows (their cookies stop working) and announces their ids
 * with sessionsEnded (after the transaction of `db` commits). The only place that deletes
 * session rows. Returns the ids (token hashes) of the ended sessions.
 */
export async function endSessions(db: Db, selection: SessionSelection): Promise<string[]> {
  let where: string;
  let params: SqlParam[];
  if ('sessionId' in selection) {
    where = 's.id = $1';
    params = [selection.sessionId];
  } else if ('user' in selection) {
    where = '(s.user_id = $1 OR s.impersonator_id = $1) AND s.id IS DISTINCT FROM $2';
    params = [selection.user, selection.except ?? null];
  } else if ('owner' in selection) {
    where = `COALESCE(s.impersonator_id, s.user_id) = $1 AND s.id IS DISTINCT FROM $2
      AND ($3::uuid IS NULL OR s.public_id = $3::uuid)`;
    params = [selection.owner, selection.except ?? null, selection.publicId ?? null];
  } else {
    where = `NOT (${alive('$1', '$2')})`;
    params = [absoluteMinutes(false, selection.expired), absoluteMinutes(true, selection.expired)];
  }
  const rows = await db.query<{ id: string }>(
    `DELETE FROM sessions s WHERE ${where} RETURNING s.id`,
    params,
  );
  const ids = rows.map((row) => row.id);
  sessionsEnded(db, ids);
  return ids;
}

/**
 * Replaces a session by a new one (new id, new CSRF token) holding the given identity;
 * the old session is ended so its cookie stops working. Used on login, logout and login-as.
 */
export async function regenerateSession(
  db: Db,
  old: Pick<Session, 'id'> | null,
  input: SessionInput,
  lifetime: SessionLifetime,
): Promise<IssuedSession> {
  return db.transaction(async (tx) => {
    if (old) await endSessions(tx, { sessionId: old.id });
    return createSession(tx, input, lifetime);
  });
}

/** Ends a session; its cookie no longer works. */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await endSessions(db, { sessionId });
}

/** Ends every session acting as or for a user except one (after a password change). */
export async function deleteOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: string,
): Promise<void> {
  await endSessions(db, { user: userId, except: keepSessionId });
}

/** Ends expired sessions and removes finished throttle windows (the scheduled sweep). */
export async function pruneExpired(db: Db, lifetime: SessionLifetime): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ended = await endSessions(tx, { expired: lifetime });
    await tx.query('DELETE FROM login_throttle WHERE reset_at <= now()');
    return ended;
  });
}

/** One of the user's sessions as GET /spa/sessions shows it (never the token or its hash). */
export interface SessionListing {
  id: string;
  userAgent: string | null;
  ip: string | null;
  lastActivity: string;
  loggedInAt: string;
  current: boolean;
  /** Set when the session acts as another user (login-as). */
  actingAs: { id: number; name: string } | null;
}

/** The live sessions `owner` logged in to, the current one first, then by last activity. */
export async function listSessions(
  db: Db,
  owner: number,
  currentSessionId: string,
  lifetime: SessionLifetime,
): Promise<SessionListing[]> {
  const rows = await db.query<{
    public_id: string;
    user_agent: string | null;
    ip: string | null;
    last_activity: Date;
    created_at: Date;
    is_current: boolean;
    acting_id: number | null;
    acting_name: string | null;
  }>(
    `SELECT s.public_id, s.user_agent, s.ip, s.last_activity, s.created_at, s.id = $4 AS is_current,
       CASE WHEN s.impersonator_id IS NULL THEN NULL ELSE u.id END AS acting_id,
       CASE WHEN s.impersonator_id IS NULL THEN NULL ELSE u.name END AS acting_name
     FROM sessions s LEFT JOIN users u ON u.id = s.user_id
     WHERE COALESCE(s.impersonator_id, s.user_id) = $1 AND ${alive('$2', '$3')}
     ORDER BY is_current DESC, s.last_activity DESC, s.created_at DESC`,
    [owner, absoluteMinutes(false, lifetime), absoluteMinutes(true, lifetime), currentSessionId],
  );
  return rows.map((row) => ({
    id: row.public_id,
    userAgent: row.user_agent,
    ip: row.ip,
    lastActivity: new Date(row.last_activity).toISOString(),
    loggedInAt: new Date(row.created_at).toISOString(),
    current: row.is_current,
    actingAs: row.acting_id === null ? null : { id: row.acting_id, name: row.acting_name ?? '' },
  }));
}

/** A visitor before login: no database row, only a signed cookie. */
export interface GuestPass {
  /** The cookie value (`g.<nonce>.<expiry>.<mac>`). */
  token: string;
  /** The anti-forgery token for the XSRF cookie, derived from the nonce. */
  csrfToken: string;
  nonce: string;
  expiresAt: Date;
}

/** How long a visitor's signed cookie works before /sanctum/csrf-cookie must renew it. */
const GUEST_LIFETIME_MS = 12 * 60 * 60 * 1000;
const GUEST_TOKEN = /^g\.([A-Za-z0-9_-]{43})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function mac(appKey: string, purpose: string, value: string): string {
  return createHmac('sha256', appKey).update(`kontor ${purpose}|${value}`).digest('base64url');
}

/**
 * Issues a visitor's cookie: a nonce and an expiry signed with APP_KEY, and an anti-forgery
 * token bound to the nonce. Giving the same nonce renews the cookie with the same token.
 */
export function issueGuestPass(appKey: string, nonce = randomToken()): GuestPass {
  const expiresAt = new Date(Date.now() + GUEST_LIFETIME_MS);
  const payload = `${nonce}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return {
    token: `g.${payload}.${mac(appKey, 'guest session', payload)}`,
    csrfToken: mac(appKey, 'guest csrf', nonce),
    nonce,
    expiresAt,
  };
}

/** The visitor pass of a cookie value, or null when it is not one, forged or expired. */
export function verifyGuestPass(appKey: string, token: string): GuestPass | null {
  const match = GUEST_TOKEN.exec(token);
  if (!match) return null;
  const [, nonce, expiry] = match as unknown as [string, string, string, string];
  const payload = `${nonce}.${expiry}`;
  if (!safeEqual(match[3]!, mac(appKey, 'guest session', payload))) return null;
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= Date.now()) return null;
  return { token, csrfToken: mac(appKey, 'guest csrf', nonce), nonce, expiresAt };
}
