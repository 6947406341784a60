import type { Message } from '@kontor/shared-session';
import * as zod from 'zod/mini';
import { isDayValue } from './day';

// The field rules a form checks in the browser before it asks the server: the same limits as
// the server's `field` rules (server/src/domain/validation.ts: required, trimmed, at most
// `max` characters, e-mail, ids), so a form refuses in the user's language what the server
// would refuse. zod/mini keeps them small: only the checks a page uses are in its bundle.

/** A broken rule as a form's error message carries it: translated when shown, never before. */
export interface RuleBreak {
  /** `required`, `max`, `email` … (`ui:rules.<rule>`), or a whole key such as `shell:account.mismatch`. */
  rule: string;
  params?: Record<string, unknown>;
  /** The server's English message, shown when the rule has no text. */
  text?: string;
  /** The server's catalogue message: worded in the user's language before the toolkit's rule text (a screen's own key still wins). */
  said?: Message;
}

/**
 * Packs a broken rule into an error message (react-hook-form keeps messages as strings);
 * `said` is the server's catalogue message for it, when it sent one.
 */
export function ruleMessage(
  rule: string,
  params?: Record<string, unknown>,
  text?: string,
  said?: Message,
): string {
  return JSON.stringify({
    rule,
    ...(params ? { params } : {}),
    ...(text ? { text } : {}),
    ...(said ? { said } : {}),
  });
}

/** Unpacks an error message; a plain string stands for itself. */
export function readRuleMessage(message: string): RuleBreak {
  if (message.startsWith('{')) {
    try {
      return JSON.parse(message) as RuleBreak;
    } catch {
      // not one of ours
    }
  }
  return { rule: 'text', text: message };
}

/** The schemas a form marks with the asterisk. */
const requiredSchemas = new WeakSet<object>();
const required = <T extends object>(schema: T): T => {
  requiredSchemas.add(schema);
  return schema;
};

/** Whether a rule makes its field required (the label shows the asterisk). */
export function isRequiredRule(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && requiredSchemas.has(schema);
}

const max = (limit: number) => zod.maxLength(limit, { error: ruleMessage('max', { max: limit }) });
const filled = zod.minLength(1, { error: ruleMessage('required') });
const text = () => zod.string({ error: ruleMessage('required') });

/** The rules of a form's fields, by the names the server uses. */
export const rules = {
  /** A required text, trimmed, at most `limit` characters ('Dies ist ein Pflichtfeld'). */
  text: (limit = 255) => required(text().check(zod.trim(), filled, max(limit))),
  /** An optional text, trimmed, at most `limit` characters. */
  optionalText: (limit = 255) => text().check(zod.trim(), max(limit)),
  /** A required e-mail address. */
  email: (limit = 255) =>
    required(
      text().check(
        zod.trim(),
        filled,
        max(limit),
        zod.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: ruleMessage('email') }),
      ),
    ),
  /** A password: never trimmed; required unless `optional` (an edit keeps the old one when empty). */
  password: ({ optional = false, limit = 1024 } = {}) =>
    optional ? text().check(max(limit)) : required(text().check(filled, max(limit))),
  /**
   * A day of a DateField (`YYYY-MM-DD`): 'Kein gültiges Datum (TT.MM.JJJJ)' for typed text
   * that is none; required unless `optional`.
   */
  day: ({ optional = false } = {}) => {
    const day = zod.refine((value: unknown) => isDayValue(String(value)), {
      error: ruleMessage('day'),
    });
    return optional ? text().check(day) : required(text().check(filled, day));
  },
  /** One record chosen by id (a select or picker): required. */
  choice: () => required(text().check(filled)),
  /** Several records chosen by id. */
  choices: () => zod.array(zod.string()),
  /** A yes/no flag. */
  flag: () => zod.boolean(),
  /** Fields that the server takes as one object (`address: rules.group({ city: … })`). */
  group: (shape: FormRules) => zod.object(shape),
};

/** A form's rules: field name → rule (objects nest, e.g. `address: { city: rules.text(100) }`). */
export type FormRules = Record<string, zod.ZodMiniType>;

/** The schema of a form's rules. */
export function schemaOf(shape: FormRules) {
  return zod.object(shape);
}

/** The rule of a dotted field path (`address.city`) in a form's rules, if it has one. */
export function ruleAt(shape: FormRules, path: string): unknown {
  let current: unknown = zod.object(shape);
  for (const part of path.split('.')) {
    const inner = (current as { _zod?: { def?: { shape?: Record<string, unknown> } } })?._zod?.def
      ?.shape;
    current = inner?.[part];
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * The zod (mini) checks a module's own form rules are written with, from ui's one copy: a
 * module importing zod itself would bundle it again for every screen it serves. Named one by
 * one, so the bundle keeps only these.
 */
export const z = {
  array: zod.array,
  boolean: zod.boolean,
  maxLength: zod.maxLength,
  minLength: zod.minLength,
  object: zod.object,
  refine: zod.refine,
  regex: zod.regex,
  string: zod.string,
  trim: zod.trim,
};
export type { ZodMiniType } from 'zod/mini';
