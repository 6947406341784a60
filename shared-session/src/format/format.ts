import {
  DEFAULT_TIME_ZONE,
  formatterFor,
  wordMessage,
  type Formatter,
  type Language,
  type Message,
} from '@kontor/contracts';
import { useCallback } from 'react';
import { BehaviorSubject } from 'rxjs';
import { i18n, language$ } from '../i18n/i18n';
import { useObservable } from '../react/hooks';

// The page's one formatter and the catalogue's wording (docs/design.md "Words, numbers and
// dates"): in Kontor's language and the installation's time zone (sent with the user). Modules
// take them from here, so the catalogue is loaded once, in shared-session's bundle.

const timeZone = new BehaviorSubject<string>(DEFAULT_TIME_ZONE);

/** Sets the installation's time zone (from the user's session). */
export function setTimeZone(name: string): void {
  if (name !== timeZone.value) timeZone.next(name);
}

const languageOf = (code: string | undefined): Language => (code === 'en' ? 'en' : 'de');

/** The formatter of the current language, read at the moment of the call. */
export function currentFormat(): Formatter {
  return formatterFor(languageOf(i18n.language), timeZone.value);
}

/**
 * The formatter of the current language as a value to call (`format.date(day)`): each call
 * reads the language of the moment. Components use `useFormat` to re-render on a change.
 */
export const format: Formatter = {
  get language() {
    return currentFormat().language;
  },
  get timeZone() {
    return currentFormat().timeZone;
  },
  date: (value) => currentFormat().date(value),
  dateTime: (value) => currentFormat().dateTime(value),
  time: (value) => currentFormat().time(value),
  month: (value) => currentFormat().month(value),
  dayMonth: (value) => currentFormat().dayMonth(value),
  number: (value, digits) => currentFormat().number(value, digits),
  decimal: (value, digits) => currentFormat().decimal(value, digits),
  signed: (value) => currentFormat().signed(value),
  money: (value, currency) => currentFormat().money(value, currency),
  cents: (value, currency) => currentFormat().cents(value, currency),
  csvNumber: (value, digits) => currentFormat().csvNumber(value, digits),
  list: (values) => currentFormat().list(values),
  dayOf: (value) => currentFormat().dayOf(value),
};

/** The formatter of the current language; the component re-renders when it changes. */
export function useFormat(): Formatter {
  const language = useObservable(language$, i18n.language);
  const zone = useObservable(timeZone, timeZone.value);
  return formatterFor(languageOf(language), zone);
}

/** A catalogue message in the current language (`text` of an old row, else the key). */
export const word = (message: Message): string => wordMessage(message, currentFormat());

/**
 * The server's reason in a failed call's body (`text`, a catalogue message) in the current
 * language, or null when it sent none (docs/design.md "Words, numbers and dates").
 */
export function refusalOf(error: unknown): string | null {
  const text = (error as { body?: { text?: unknown } } | null)?.body?.text;
  return typeof text === 'object' && text !== null && typeof (text as Message).key === 'string'
    ? word(text as Message)
    : null;
}

/** `word` for a component, re-rendering when the language changes. */
export function useWord(): (message: Message) => string {
  const formatter = useFormat();
  return useCallback((message: Message) => wordMessage(message, formatter), [formatter]);
}

/** Money in the current language (`1.234,50 €`, `€1,234.50`); EUR unless another currency is named. */
export const formatCurrency = (value: number, currency = 'EUR'): string =>
  currentFormat().money(value, currency);
