import { databaseOf, type Db } from '../db';

/** Told the ids (sessions.id, the token's hash) of sessions that just ended. */
export type SessionsEndedListener = (sessionIds: string[]) => void;

// Listeners are bound to a database (like the realtime publisher), so that a session
// ended inside any transaction of that database reaches the services of the app on it.
const listeners = new WeakMap<Db, Set<SessionsEndedListener>>();

/** Calls `listener` whenever sessions of `db` end (after their transaction commits). Returns the detach function. */
export function onSessionsEnded(db: Db, listener: SessionsEndedListener): () => void {
  const database = databaseOf(db);
  let set = listeners.get(database);
  if (!set) listeners.set(database, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

/**
 * Announces that sessions ended (logout, login, password change or reset, user deleted,
 * expiry sweep): every listener hears it once the transaction of `db` commits, never when
 * it rolls back. Every place that deletes session rows calls this with the deleted ids.
 */
export function sessionsEnded(db: Db, sessionIds: string[]): void {
  if (sessionIds.length === 0) return;
  const set = listeners.get(databaseOf(db));
  if (!set || set.size === 0) return;
  db.afterCommit(() => {
    for (const listener of set) listener(sessionIds);
  });
}
