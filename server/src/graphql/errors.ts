import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { HttpError, type FieldErrors } from '../http/errors';
import { databaseInputError, hasNul, nulMessage, pathsOf } from '../http/validation';

/** One broken rule of one field: the rule's name (for the screen's translated text) and its English message. */
export interface FieldProblem {
  rule: string;
  message: string;
  params?: Record<string, string | number>;
}

/** Field name → what is wrong with it. */
export type FieldProblems = Record<string, FieldProblem[]>;

/** Bad input (HTTP 422 over REST, BAD_USER_INPUT over GraphQL), with the rule of each message. */
export class InvalidInput extends HttpError {
  constructor(readonly problems: FieldProblems) {
    const errors: FieldErrors = Object.fromEntries(
      Object.entries(problems).map(([field, list]) => [field, list.map((p) => p.message)]),
    );
    const first = Object.values(errors).flat()[0] ?? 'The given data was invalid.';
    super(422, first, errors);
    this.name = 'InvalidInput';
  }
}

/** Bad input on one field. */
export function invalidField(
  field: string,
  rule: string,
  message: string,
  params?: FieldProblem['params'],
): InvalidInput {
  return new InvalidInput({ [field]: [{ rule, message, ...(params ? { params } : {}) }] });
}

/** Why a change was refused although the input was fine. */
export type ConflictReason = 'stale' | 'in-use' | 'self' | 'privilege';

/** 409: the row changed since the client loaded it, is still in use, or may not be changed by you. */
export class Conflict extends HttpError {
  constructor(
    message: string,
    readonly reason: ConflictReason,
  ) {
    super(409, message);
    this.name = 'Conflict';
  }
}

/** A CONFLICT with its reason, which the screens translate. */
export const conflict = (message: string, reason: ConflictReason) => new Conflict(message, reason);

/** The error of an edit made on a copy that someone else has saved over in between. */
export const staleEdit = () =>
  conflict(
    'Someone else has saved this record in the meantime. Reload it and make your change again.',
    'stale',
  );

/** The rule a zod issue broke, named as the screens translate it. */
function ruleOf(issue: z.core.$ZodIssue): Pick<FieldProblem, 'rule' | 'params'> {
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
    case 'custom':
      return { rule: String((issue.params as { rule?: string } | undefined)?.rule ?? 'invalid') };
    default:
      return { rule: 'invalid' };
  }
}

/**
 * Parses input with a zod schema; throws InvalidInput with one problem list per field
 * (dotted paths). Any text of the input with a NUL character is refused on its field
 * whatever the schema says: PostgreSQL cannot store it.
 */
export function parseArgs<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
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

const CODES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  419: 'CSRF_TOKEN_MISMATCH',
  422: 'BAD_USER_INPUT',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The GraphQL error a client sees for an error a resolver threw: HttpErrors keep their
 * message and get an extensions.code (and fieldErrors/fieldRules for bad input); anything
 * else is an internal error whose details stay in the log.
 */
export function toGraphqlError(error: GraphQLError): { error: GraphQLError; internal: boolean } {
  const original = error.originalError;
  if (!original || original instanceof GraphQLError) {
    if (original && original !== error) return toGraphqlError(original);
    return {
      error: error.extensions.code
        ? error
        : new GraphQLError(error.message, {
            nodes: error.nodes,
            source: error.source,
            positions: error.positions,
            path: error.path,
            extensions: { ...error.extensions, code: 'GRAPHQL_VALIDATION_FAILED' },
          }),
      internal: false,
    };
  }
  const options = {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
  };
  // A value PostgreSQL cannot take (NUL, a number beyond its range) is bad input, not a fault.
  const refused = original instanceof HttpError ? original : databaseInputError(original);
  if (refused) {
    const extensions: Record<string, unknown> = {
      code: CODES[refused.statusCode] ?? 'BAD_REQUEST',
    };
    if (refused.errors) extensions.fieldErrors = refused.errors;
    if (refused instanceof InvalidInput) extensions.fieldRules = refused.problems;
    if (refused instanceof Conflict) extensions.reason = refused.reason;
    return {
      error: new GraphQLError(refused.message, { ...options, extensions }),
      internal: false,
    };
  }
  return {
    error: new GraphQLError('Internal server error.', {
      ...options,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    }),
    internal: true,
  };
}
