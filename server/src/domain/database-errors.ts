import { msg } from '@kontor/contracts';
import { InvalidInput, invalidField, type FieldProblems } from './errors';
import { hasNul, MAX_ID, nulMessage, pathsOf } from './validation';

/** The field a unique constraint guards, and the message of a value already taken. */
export interface UniqueField {
  /** The input field (dotted path) the error is shown on, e.g. `name`, `customerNumber`. */
  field: string;
  /** Default: `The <field in words> has already been taken.` */
  message?: string;
}

const declared = new Map<string, Required<UniqueField>>();

/** `customerNumber` → `customer number`. */
const inWords = (field: string) =>
  field
    .split('.')
    .at(-1)!
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/**
 * Declares, next to an area's SQL, which input field each of its unique constraints (or
 * unique indexes) guards. A unique violation (23505) of a declared constraint becomes that
 * field's error with the rule `unique`, so two requests racing for one name give one
 * success and one field error, never an internal error. Call at module level; returns the
 * constraint names (handy for tests).
 */
export function uniqueConstraints(map: Record<string, string | UniqueField>): string[] {
  for (const [constraint, spec] of Object.entries(map)) {
    const { field, message } = typeof spec === 'string' ? { field: spec } : spec;
    declared.set(constraint, {
      field,
      message: message ?? `The ${inWords(field)} has already been taken.`,
    });
  }
  return Object.keys(map);
}

/** The declared unique constraints (for the test that every one in the database is declared). */
export const declaredUniqueConstraints = (): ReadonlyMap<string, Required<UniqueField>> => declared;

/** PostgreSQL's errors for a value it cannot take: NUL in text (22021, 22P05), a number out of range (22003). */
const INPUT_ERRORS: Record<string, 'nul' | 'range'> = {
  '22021': 'nul',
  '22P05': 'nul',
  '22003': 'range',
};

/** A whole number outside PostgreSQL's integer range, as a number or a text. */
function outOfRange(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^-?\d+$/.test(text.trim()) && Math.abs(Number(text)) > MAX_ID;
}

/**
 * The safety net under validation, used by both the REST and the GraphQL error mapping:
 * a database error the user can act on as InvalidInput, undefined for any other error.
 * - a unique violation (23505) of a declared constraint: the error of its field;
 * - a value PostgreSQL cannot take (NUL in text, a number beyond its integer range): the
 *   fields of `input` holding such values (or no field when none is found).
 */
export function databaseInputError(error: unknown, input?: unknown): InvalidInput | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code === '23505' && typeof constraint === 'string') {
    const unique = declared.get(constraint);
    return unique && invalidField(unique.field, 'unique', unique.message);
  }
  const kind = typeof code === 'string' ? INPUT_ERRORS[code] : undefined;
  if (!kind) return undefined;
  const matches =
    kind === 'nul' ? (value: unknown) => typeof value === 'string' && hasNul(value) : outOfRange;
  const problems: FieldProblems = {};
  for (const path of pathsOf(input, matches)) {
    const name = path.split('.').at(-1)!;
    problems[path] = [
      kind === 'nul'
        ? { rule: 'characters', message: nulMessage(name) }
        : {
            rule: 'max',
            message: `The ${name} field must not be greater than ${MAX_ID}.`,
            params: { max: MAX_ID },
            text: msg('field.numberMax', { max: MAX_ID }),
          },
    ];
  }
  return new InvalidInput(
    problems,
    Object.keys(problems).length > 0
      ? undefined
      : kind === 'nul'
        ? 'The input contains a NUL character, which cannot be stored.'
        : 'The input contains a number beyond the range of ids (2147483647).',
  );
}
