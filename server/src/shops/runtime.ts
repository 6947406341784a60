import { databaseOf, type Database, type Db } from '../db';
import { DEFAULT_RETRY, MAX_IN_FLIGHT, type RetryPolicy } from './http';

// The shops' settings of one running server (per database: tests run several apps in one
// process). Read from the Config at the plugin's start.

export interface ShopsSettings {
  /** Opens the sealed credentials. */
  appKey: string;
  /** Seconds between scheduled syncs of a connection. */
  intervalSeconds: number;
  /** A window ends this long before the shop's now: writes still in flight settle. */
  settleSeconds: number;
  /** Each window starts this long before the cursor: late writes behind it are read again. */
  overlapSeconds: number;
  /** A sync's hold of its connection; renewed after every page, free when the node died. */
  leaseSeconds: number;
  /** Orders a page. */
  pageSize: number;
  /** How often each node looks for due syncs and push-backs (ms). */
  tickMs: number;
  retry: RetryPolicy;
}

export const DEFAULT_SHOPS_SETTINGS: Omit<ShopsSettings, 'appKey'> = {
  intervalSeconds: 60,
  settleSeconds: 30,
  overlapSeconds: 120,
  leaseSeconds: 60,
  pageSize: 100,
  tickMs: 1000,
  retry: DEFAULT_RETRY,
};

const runtimes = new WeakMap<Db, ShopsSettings>();

export function setShopsSettings(db: Db, settings: ShopsSettings): void {
  runtimes.set(databaseOf(db), settings);
}

export function shopsSettingsOf(db: Db): ShopsSettings {
  const settings = runtimes.get(databaseOf(db));
  if (!settings) throw new Error('the shops plugin has not started on this database');
  return settings;
}

/**
 * How many requests to a shop a sync or push job keeps going while it writes what the last
 * answer brought: MAX_IN_FLIGHT on PostgreSQL; one on the embedded database, which works on
 * this process's event loop — a request asked for before a write could go out only after it,
 * later than a 429 the shop sent meanwhile (and we could not read yet) allows.
 */
export function requestsWhileWriting(db: Db): number {
  return (databaseOf(db) as Partial<Database>).kind === 'pglite' ? 1 : MAX_IN_FLIGHT;
}
