import { sql } from 'kysely';
import { queryOne, type Db } from '../db';
import { kysely } from '../db/kysely';

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
  await kysely(db).deleteFrom('login_throttle').where('key', '=', key).execute();
}

/**
 * Takes back one counted attempt of a key (a login that succeeded), so that a shared key
 * (an address, an account) counts failures only, while every failure stays counted.
 */
export async function forgiveAttempt(db: Db, key: string): Promise<void> {
  await kysely(db)
    .updateTable('login_throttle')
    .set({ attempts: sql`greatest(attempts - 1, 0)` })
    .where('key', '=', key)
    .where('reset_at', '>', sql<Date>`now()`)
    .execute();
}

/** The 16-bit groups of one side of an IPv6 address (an IPv4 tail counts as two). */
function hextets(part: string | undefined): string[] {
  return part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
}

/**
 * What an address limit counts by: the address itself, an IPv4 address written in IPv6 as
 * IPv4, and an IPv6 address by its /64 network (one subscriber line gets a whole /64, so
 * counting single IPv6 addresses would let one client take 2^64 fresh ones).
 */
export function addressBucket(address: string): string {
  const plain = address.split('%')[0]!.toLowerCase(); // without an IPv6 zone
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(':')) return plain;
  const [head, tail] = plain.split('::');
  const front = hextets(head);
  const back = hextets(tail);
  const missing = Math.max(0, 8 - front.length - back.length);
  const all = [...front, ...Array<string>(missing).fill('0'), ...back];
  const network = all.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16));
  return `${network.join(':')}::/64`;
}
