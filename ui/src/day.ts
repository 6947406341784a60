// Days as staff type them (docs/design.md "Words, numbers and dates"): the day first in both
// languages — `28.11.2026` in German, `28/11/2026` in English — or as a hand scanner sends
// them (`28112026`, `281126`); a pasted `2026-11-28` is taken too. Forms and the server get
// the day as `YYYY-MM-DD`.

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const SEPARATED = /^(\d{1,2})[./\-\s](\d{1,2})[./\-\s](\d{2}|\d{4})$/;
const DIGITS = /^(\d{2})(\d{2})(\d{2}|\d{4})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a day that exists, else null. */
function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A typed day as `YYYY-MM-DD`: `''` for nothing typed, null for text that is no day. A
 * two-digit year is of this century (`26` → 2026).
 */
export function parseDay(text: string): string | null {
  const typed = text.trim();
  if (!typed) return '';
  const iso = ISO.exec(typed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = SEPARATED.exec(typed) ?? DIGITS.exec(typed);
  if (!parts) return null;
  const year = Number(parts[3]);
  return isoOf(parts[3].length === 2 ? 2000 + year : year, Number(parts[2]), Number(parts[1]));
}

/** Whether a value is a day as forms hold it (`YYYY-MM-DD`) or nothing. */
export const isDayValue = (value: string): boolean => value === '' || parseDay(value) === value;

/** `YYYY-MM-DD` of a year, month (1–12) and day. */
export const dayOf = (year: number, month: number, day: number): string =>
  `${year}-${pad(month)}-${pad(day)}`;

/** The day `days` after a `YYYY-MM-DD` (before, when negative). */
export function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return dayOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The same day of the month `months` later (the month's last day where it is shorter). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOf(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(day, last));
}

/** The weekday of a `YYYY-MM-DD`, Monday 0 … Sunday 6. */
export function weekdayOf(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}
