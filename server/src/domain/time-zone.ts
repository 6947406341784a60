import type { Db } from '../db';
import { DEFAULT_TIME_ZONE, formatterFor, type Formatter, type Language } from '@kontor/contracts';

// The installation's time zone (config TIME_ZONE, docs/design.md "Words, numbers and dates"):
// one setting for the whole installation, read by the SQL that counts calendar days and by
// every PDF, CSV and text the server words. Set once at start (app.ts).

let zone = DEFAULT_TIME_ZONE;

/** Sets the installation's time zone (validated by the config: an IANA name). */
export function setTimeZone(name: string): void {
  zone = name;
}

/**
 * Tells the database the installation's time zone (migration 0163's `installation` row, read
 * by its day counters and number defaults); when it changed, the shipments are counted per
 * day again in the new zone.
 */
export async function storeTimeZone(db: Db, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await tx.query(
      'UPDATE installation SET time_zone = $1 WHERE time_zone <> $1 RETURNING id',
      [name],
    );
    if (changed.length > 0) await tx.query('SELECT shipments_recount_days()');
  });
}

/** The installation's time zone. */
export const timeZone = (): string => zone;

/** The time zone as an SQL string literal (`'Europe/Berlin'`); the config admits no quote. */
export const sqlTimeZone = (): string => `'${zone}'`;

/** The formatter of a language in the installation's time zone. */
export const formatter = (language: Language): Formatter => formatterFor(language, zone);

/** The language a request asked for (`lang` of a query), German unless English. */
export const languageOf = (value: unknown): Language => (value === 'en' ? 'en' : 'de');
