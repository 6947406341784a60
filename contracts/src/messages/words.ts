// How the catalogue is written and how a message is worded (docs/design.md "Words, numbers and
// dates"). A text names its parameters in braces: `Nicht genug Bestand von {sku}`. A text with
// `one`/`other` forms is chosen by the `count` parameter.
import type { Formatter } from '../format';

/** One text in both languages; `{name}` is a parameter. */
export type Text = string | { readonly one: string; readonly other: string };

export interface Entry {
  readonly de: Text;
  readonly en: Text;
}

export type Catalogue = Readonly<Record<string, Entry>>;

/**
 * A parameter: a string as it is (an SKU, a name, a number like `K-2026-000001`), a number
 * (formatted: `1.234,5`), or a value the formatter words: a day or moment, money, a signed
 * change, another catalogue key (`term`, with its own `params`), a list of parameters.
 */
export type MessageParam =
  | string
  | number
  | null
  | { readonly date: string }
  | { readonly at: string }
  | { readonly money: number }
  | { readonly cents: number }
  | { readonly signed: number }
  | { readonly term: string; readonly params?: MessageParams }
  | { readonly list: readonly MessageParam[] };

export type MessageParams = Readonly<Record<string, MessageParam>>;

/**
 * A text the server stores or sends by its key, worded by the reader in their language.
 * `text` holds the wording of a row stored before its key existed (shown as it is).
 */
export interface Message {
  readonly key: string;
  readonly params?: MessageParams;
  readonly text?: string;
}

type Placeholders<S> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;
type TextPlaceholders<T> = T extends string
  ? Placeholders<T>
  : T extends { one: infer One; other: infer Other }
    ? Placeholders<One> | Placeholders<Other> | 'count'
    : never;

/** The parameters an entry needs (read from its English text), as `msg`'s further arguments. */
export type ParamsOf<E extends Entry> = [TextPlaceholders<E['en']>] extends [never]
  ? []
  : [params: { readonly [P in TextPlaceholders<E['en']>]: MessageParam }];

/** Words a parameter. */
function wordParam(
  param: MessageParam | undefined,
  formatter: Formatter,
  catalogue: Catalogue,
): string {
  if (param === null || param === undefined) return '—';
  if (typeof param === 'string') return param;
  if (typeof param === 'number') return formatter.number(param);
  if ('date' in param) return formatter.date(param.date);
  if ('at' in param) return formatter.dateTime(param.at);
  if ('money' in param) return formatter.money(param.money);
  if ('cents' in param) return formatter.cents(param.cents);
  if ('signed' in param) return formatter.signed(param.signed);
  // A term: another entry, worded with its own parameters (a job's title inside its notification).
  if ('term' in param)
    return wordEntry(param.term, param.params, formatter, catalogue) ?? param.term;
  return formatter.list(param.list.map((p) => wordParam(p, formatter, catalogue)));
}

function wordEntry(
  key: string,
  params: MessageParams | undefined,
  formatter: Formatter,
  catalogue: Catalogue,
): string | null {
  const entry = Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
  if (!entry) return null;
  let text = entry[formatter.language];
  if (typeof text !== 'string') {
    const count = params?.count;
    const rule =
      typeof count === 'number' ? new Intl.PluralRules(formatter.language).select(count) : 'other';
    text = rule === 'one' ? text.one : text.other;
  }
  return text.replace(/\{(\w+)\}/g, (_, name: string) =>
    wordParam(params?.[name], formatter, catalogue),
  );
}

/**
 * The message in the formatter's language: its entry with the parameters worded; a key the
 * catalogue does not know gives the stored text, else the key itself.
 */
export function wordWith(catalogue: Catalogue, message: Message, formatter: Formatter): string {
  return (
    wordEntry(message.key, message.params, formatter, catalogue) ?? message.text ?? message.key
  );
}

/** The parameter names of a text (both forms of a plural one). */
export function placeholdersOf(text: Text): string[] {
  const texts = typeof text === 'string' ? [text] : [text.one, text.other];
  return [...new Set(texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}
