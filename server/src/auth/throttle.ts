import { queryOne, type Db } from '../db';

/** The state of one throttle key after counting an attempt. */
export interface ThrottleHit {
  attempts: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt for a key within a window of `decaySeconds`, atomically in the
 * database (so the limit holds across server nodes and parallel requests).
 */
export async function hitThrottle(db: Db, key: string, decaySeconds: number): Promise<ThrottleHit> {
  const row = await queryOne<{ attempts: number; retry_after: number }>(
    db,
    `INSERT INTO login_throttle AS t (key, attempts, reset_at)
     VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       attempts = CASE WHEN t.reset_at <= now() THEN 1 ELSE t.attempts + 1 END,
       reset_at = CASE WHEN t.reset_at <= now() THEN now() + make_interval(secs => $2) ELSE t.reset_at END
     RETURNING attempts, GREATEST(1, ceil(extract(epoch FROM reset_at - now())))::int AS retry_after`,
    [key, decaySeconds],
  );
  return { attempts: row!.attempts, retryAfterSeconds: row!.retry_after };
}

/** Forgets the attempts of a key (after a successful login). */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE key = $1', [key]);
}
