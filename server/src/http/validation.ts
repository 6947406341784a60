import { z } from 'zod';
import { HttpError, validationFailed, type FieldErrors } from './errors';

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

/** PostgreSQL's errors for a value it cannot take: NUL in text (22021, 22P05), a number out of range (22003). */
const DATABASE_INPUT_ERRORS: Record<string, 'nul' | 'range'> = {
  '22021': 'nul',
  '22P05': 'nul',
  '22003': 'range',
};

/** A whole number outside PostgreSQL's integer range, as a number or a text. */
function outOfRange(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^-?\d+$/.test(text.trim()) && Math.abs(Number(text)) > MAX_ID;
}

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
 * The safety net under validation: a database error that says the input was a value
 * PostgreSQL cannot take (NUL in text, a number beyond its integer range) as a 422 that
 * names the fields of `input` holding such values, instead of a 500. Undefined for any
 * other error.
 */
export function databaseInputError(error: unknown, input?: unknown): HttpError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const kind = typeof code === 'string' ? DATABASE_INPUT_ERRORS[code] : undefined;
  if (!kind) return undefined;
  const matches =
    kind === 'nul' ? (value: unknown) => typeof value === 'string' && hasNul(value) : outOfRange;
  const message =
    kind === 'nul'
      ? 'The input contains a NUL character, which cannot be stored.'
      : 'The input contains a number beyond the range of ids (2147483647).';
  const errors: FieldErrors = {};
  for (const path of pathsOf(input, matches)) {
    const name = path.split('.').at(-1)!;
    errors[path] = [
      kind === 'nul' ? nulMessage(name) : `The ${name} field must not be greater than ${MAX_ID}.`,
    ];
  }
  return Object.keys(errors).length > 0 ? validationFailed(errors) : new HttpError(422, message);
}
