// The one formatter of dates, times, numbers and money (docs/design.md "Words, numbers and
// dates"): every screen, PDF and CSV words a value through it, in the language asked for and
// the installation's time zone. German `28.11.2026`, `28.11.2026, 06:40`, `1.234,5`, `−3`,
// `1.234,50 €`; English (British order) `28/11/2026`, `28/11/2026, 06:40`, `1,234.5`, `−3`,
// `€1,234.50`.

/** The languages Kontor speaks; German is the default. */
export type Language = 'de' | 'en';

export const LANGUAGES: readonly Language[] = ['de', 'en'];

/** The installation's time zone unless `KONTOR_TIME_ZONE` names another. */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/** A value the formatter reads as a moment or a day: a Date, an ISO instant or `YYYY-MM-DD`. */
export type DateLike = Date | string;

export interface Formatter {
  readonly language: Language;
  readonly timeZone: string;
  /** The day: `28.11.2026` / `28/11/2026`. A `YYYY-MM-DD` is that calendar day as it is. */
  date(value: DateLike): string;
  /** Day and time to the minute: `28.11.2026, 06:40`. */
  dateTime(value: DateLike): string;
  /** The time to the minute: `06:40`. */
  time(value: DateLike): string;
  /** The month and year (a calendar's heading): `November 2026`. */
  month(value: DateLike): string;
  /** Day and month without the year (a chart's axis): `28.11.` / `28/11`. */
  dayMonth(value: DateLike): string;
  /** A number with at most `maxFractionDigits` decimals: `1.234,5`, `−3`. */
  number(value: number, maxFractionDigits?: number): string;
  /** A number with exactly `digits` decimals: `3,80`. */
  decimal(value: number, digits: number): string;
  /** A change: `+3`, `−3`, `0`. */
  signed(value: number): string;
  /** Money in euros (or `currency`): `1.234,50 €` / `€1,234.50`. */
  money(value: number, currency?: string): string;
  /** Money from cents. */
  cents(value: number, currency?: string): string;
  /** A number for a CSV cell in this language: no grouping, `12,5` / `12.5`. */
  csvNumber(value: number, digits?: number): string;
  /** A list of words: `A, B und C` / `A, B and C`. */
  list(values: readonly string[]): string;
  /** The day (`YYYY-MM-DD`) in the time zone at the moment `value` (default now). */
  dayOf(value?: DateLike): string;
}

const LOCALE: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };
const MINUS = '\u2212';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a calendar day written `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The moment of a value; a bare day is read at noon UTC so that no zone moves it. */
function moment(value: DateLike): Date {
  if (value instanceof Date) return value;
  return DAY.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

/** Intl writes a hyphen for minus; staff read `−`. */
const withMinus = (text: string) => text.replace(/^-|(?<=\s)-|-(?=\d)/u, MINUS);

const cache = new Map<string, Formatter>();

/** A language's formatter in a time zone (made once, then kept). */
export function formatterFor(language: Language, timeZone: string = DEFAULT_TIME_ZONE): Formatter {
  const key = `${language} ${timeZone}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = makeFormatter(language === 'en' ? 'en' : 'de', timeZone);
    cache.set(key, formatter);
  }
  return formatter;
}

/** Whether Intl knows the time zone (`Europe/Berlin`, `UTC`, …). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function makeFormatter(language: Language, timeZone: string): Formatter {
  const locale = LOCALE[language];
  const dayPart = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
  const timePart = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const zonedDay = new Intl.DateTimeFormat(locale, { ...dayPart, timeZone });
  const plainDay = new Intl.DateTimeFormat(locale, { ...dayPart, timeZone: 'UTC' });
  const dayTime = new Intl.DateTimeFormat(locale, { ...dayPart, ...timePart, timeZone });
  const time = new Intl.DateTimeFormat(locale, { ...timePart, timeZone });
  const zonedMonth = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone });
  const dayMonthPart = { day: '2-digit', month: '2-digit' } as const;
  const zonedDayMonth = new Intl.DateTimeFormat(locale, { ...dayMonthPart, timeZone });
  const plainDayMonth = new Intl.DateTimeFormat(locale, { ...dayMonthPart, timeZone: 'UTC' });
  const plainMonth = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const isoDay = new Intl.DateTimeFormat('en-CA', { ...dayPart, timeZone });
  const numbers = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options);
    let format = numbers.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, options);
      numbers.set(key, format);
    }
    return format;
  };
  const listFormat = new Intl.ListFormat(locale, { type: 'conjunction' });
  const isDay = (value: DateLike) => typeof value === 'string' && DAY.test(value);
  return {
    language,
    timeZone,
    date: (value) => (isDay(value) ? plainDay : zonedDay).format(moment(value)),
    dateTime: (value) => dayTime.format(moment(value)),
    time: (value) => time.format(moment(value)),
    month: (value) => (isDay(value) ? plainMonth : zonedMonth).format(moment(value)),
    dayMonth: (value) => (isDay(value) ? plainDayMonth : zonedDayMonth).format(moment(value)),
    number: (value, maxFractionDigits = 3) =>
      withMinus(numberFormat({ maximumFractionDigits: maxFractionDigits }).format(value)),
    decimal: (value, digits) =>
      withMinus(
        numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
          value,
        ),
      ),
    signed: (value) => withMinus(numberFormat({ signDisplay: 'exceptZero' }).format(value)),
    money: (value, currency = 'EUR') =>
      withMinus(numberFormat({ style: 'currency', currency }).format(value)),
    cents: (value, currency = 'EUR') =>
      withMinus(numberFormat({ style: 'currency', currency }).format(value / 100)),
    csvNumber: (value, digits) =>
      numberFormat({
        useGrouping: false,
        ...(digits === undefined
          ? { maximumFractionDigits: 6 }
          : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      }).format(value),
    list: (values) => listFormat.format(values),
    dayOf: (value = new Date()) => isoDay.format(moment(value)),
  };
}
