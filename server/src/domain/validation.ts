import { isCalendarDay } from '@kontor/contracts';
import { z } from 'zod';
import { InvalidInput, type FieldProblem, type FieldProblems } from './errors';

/** Ids are PostgreSQL integers: a larger number names no row (and PostgreSQL refuses it). */
export const MAX_ID = 2_147_483_647;

/** PostgreSQL stores no NUL character in text (it answers error 22021). */
export const hasNul = (text: string) => text.includes('\u0000');

/** The message for a text with a NUL character. */
export const nulMessage = (name: string) => `The ${name} field must not contain NUL characters.`;

/** The zod refinement that refuses a NUL character (rule `characters`). */
const withoutNul = (name: string) =>
  [
    (value: string) => !hasNul(value),
    { message: nulMessage(name), params: { rule: 'characters' } },
  ] as const;

/** The schema of an id field (see field.id), built once per name: a list builds one per filter on every request. */
const idSchemas = new Map<string, ReturnType<typeof idSchema>>();

function idSchema(name: string) {
  const invalid = `The ${name} field must be the id of a ${name}.`;
  return z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${name} field is required.`
          : invalid,
    })
    .transform((value, ctx) => {
      const text = String(value).trim();
      const id = Number(text);
      if (/^[1-9]\d{0,9}$/.test(text) && id <= MAX_ID) return id;
      ctx.addIssue({ code: 'custom', message: invalid, params: { rule: 'id' } });
      return z.NEVER;
    });
}

/** The largest quantity one booking, count or package line moves (a row's quantity stays a PostgreSQL integer). */
export const MAX_BOOKING_QUANTITY = 1_000_000;

/** Laravel-style messages for the common field rules, so the front end shows familiar texts. */
export const field = {
  /** A required string, trimmed, with at most `max` characters (and no NUL character). */
  requiredString(name: string, max = 255) {
    return z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? `The ${name} field is required.`
            : `The ${name} field must be a string.`,
      })
      .trim()
      .min(1, `The ${name} field is required.`)
      .max(max, `The ${name} field must not be greater than ${max} characters.`)
      .refine(...withoutNul(name));
  },
  /** An optional string, trimmed, with at most `max` characters; '' when absent or null. */
  optionalString(name: string, max = 255) {
    return z
      .string({ error: `The ${name} field must be a string.` })
      .trim()
      .max(max, `The ${name} field must not be greater than ${max} characters.`)
      .refine(...withoutNul(name))
      .nullish()
      .transform((value) => value ?? '');
  },
  /**
   * The id of a row given in an input (e.g. `clientId`), as a GraphQL ID (string) or a
   * number: a positive integer within PostgreSQL's integer range.
   */
  id(name: string) {
    let schema = idSchemas.get(name);
    if (!schema) idSchemas.set(name, (schema = idSchema(name)));
    return schema;
  },
  /** A required e-mail address. */
  email(name = 'email') {
    return field
      .requiredString(name)
      .pipe(z.email(`The ${name} field must be a valid email address.`));
  },
  /** A required password (not trimmed: spaces are part of a password). */
  password(name = 'password', max = 1024) {
    return z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? `The ${name} field is required.`
            : `The ${name} field must be a string.`,
      })
      .min(1, `The ${name} field is required.`)
      .max(max, `The ${name} field must not be greater than ${max} characters.`);
  },
  /**
   * A whole number of units, at least `min` (0: a count; 1: what is booked, announced,
   * picked or packed), at most MAX_BOOKING_QUANTITY.
   */
  quantity(name = 'quantity', min = 1) {
    return z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? `The ${name} field is required.`
            : `The ${name} field must be a number.`,
      })
      .int(`The ${name} field must be a whole number.`)
      .min(
        min,
        min === 0 ? `The ${name} must not be negative.` : `The ${name} must be at least ${min}.`,
      )
      .max(
        MAX_BOOKING_QUANTITY,
        `The ${name} must not be greater than ${MAX_BOOKING_QUANTITY.toLocaleString('en')}.`,
      );
  },
  /** A required calendar day, `YYYY-MM-DD` (one that exists); rule `date`. */
  day(name: string) {
    const message = `The ${name} field must be a date (YYYY-MM-DD).`;
    return z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? `The ${name} field is required.`
            : message,
      })
      .trim()
      .refine((text) => isCalendarDay(text), { message, params: { rule: 'date' } });
  },
  /** An optional calendar day, `YYYY-MM-DD`; null when absent, null or empty; rule `date`. */
  optionalDay(name: string) {
    const message = `The ${name} field must be a date (YYYY-MM-DD).`;
    return z
      .string({ error: message })
      .trim()
      .nullish()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || isCalendarDay(value), {
        message,
        params: { rule: 'date' },
      });
  },
  /** An optional boolean flag (also accepts 'on', 1 and their opposites from HTML forms). */
  flag() {
    return z
      .union([
        z.boolean(),
        z.literal(1),
        z.literal(0),
        z.literal('1'),
        z.literal('0'),
        z.literal('on'),
        z.literal('true'),
        z.literal('false'),
      ])
      .optional()
      .transform(
        (value) =>
          value === true || value === 1 || value === '1' || value === 'on' || value === 'true',
      );
  },
};

/** The dotted paths of the values in `input` (objects and lists) that match. */
export function pathsOf(
  input: unknown,
  matches: (value: unknown) => boolean,
  prefix: string[] = [],
): string[] {
  if (matches(input)) return [prefix.join('.') || 'input'];
  if (input === null || typeof input !== 'object') return [];
  return Object.entries(input).flatMap(([key, value]) => pathsOf(value, matches, [...prefix, key]));
}

/**
 * The rule a zod issue broke, named as the screens translate it; a custom issue may carry
 * its catalogue message (`params: { rule, text: msg(…) }`), which the screens word instead.
 */
export function ruleOf(issue: z.core.$ZodIssue): Pick<FieldProblem, 'rule' | 'params' | 'text'> {
  switch (issue.code) {
    case 'invalid_type':
      return { rule: issue.input === undefined || issue.input === null ? 'required' : 'type' };
    case 'too_small':
      return Number(issue.minimum) <= 1 && issue.origin === 'string'
        ? { rule: 'required' }
        : { rule: 'min', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return { rule: 'max', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { rule: issue.format === 'email' ? 'email' : 'format' };
    case 'custom': {
      const params = issue.params as { rule?: string; text?: FieldProblem['text'] } | undefined;
      return {
        rule: String(params?.rule ?? 'invalid'),
        ...(params?.text ? { text: params.text } : {}),
      };
    }
    default:
      return { rule: 'invalid' };
  }
}

/**
 * Parses input with a zod schema; throws InvalidInput with one problem list per field
 * (dotted paths). Any text of the input with a NUL character is refused on its field
 * whatever the schema says: PostgreSQL cannot store it.
 */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  const problems: FieldProblems = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'input';
      (problems[field] ??= []).push({ message: issue.message, ...ruleOf(issue) });
    }
  }
  const withNul = (value: unknown) => typeof value === 'string' && hasNul(value);
  for (const field of pathsOf(input, withNul)) {
    problems[field] ??= [{ message: nulMessage(field.split('.').at(-1)!), rule: 'characters' }];
  }
  if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
  return (result as { data: z.infer<T> }).data;
}
