/**
 * The one error of the business layer. Business functions throw these and know nothing of
 * HTTP or GraphQL; `http/errors.ts` maps them to a status and `graphql/errors.ts` to an
 * `extensions.code`, each in one place.
 */

/** The code a client sees (GraphQL `extensions.code`); HTTP maps each to a status. */
export type DomainErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT';

/** One broken rule of one field: the rule's name (for the screen's translated text) and its English message. */
export interface FieldProblem {
  rule: string;
  message: string;
  params?: Record<string, string | number>;
}

/** Field name → what is wrong with it. */
export type FieldProblems = Record<string, FieldProblem[]>;

/** Field name → messages, as Laravel's validation errors. */
export type FieldErrors = Record<string, string[]>;

/** A refusal the user can act on: bad input, a missing or forbidden record, a conflict. */
export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
}

/** Bad input (HTTP 422 over REST, BAD_USER_INPUT over GraphQL), with the rule of each message. */
export class InvalidInput extends DomainError {
  readonly code = 'BAD_USER_INPUT';
  /** The messages per field, without their rules. */
  readonly errors: FieldErrors;

  /** `message` defaults to the first field's first message. */
  constructor(
    readonly problems: FieldProblems,
    message?: string,
  ) {
    const errors: FieldErrors = Object.fromEntries(
      Object.entries(problems).map(([field, list]) => [field, list.map((p) => p.message)]),
    );
    super(message ?? Object.values(errors).flat()[0] ?? 'The given data was invalid.');
    this.errors = errors;
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

/** A record that does not exist or is not yours to see (404, NOT_FOUND). */
export class NotFound extends DomainError {
  readonly code = 'NOT_FOUND';
  constructor(message = 'Not Found.') {
    super(message);
    this.name = 'NotFound';
  }
}

/** A NOT_FOUND with its message, e.g. 'Client not found.'. */
export const notFound = (message?: string) => new NotFound(message);

/** An action the acting user may not take (403, FORBIDDEN). */
export class Forbidden extends DomainError {
  readonly code = 'FORBIDDEN';
  constructor(message = 'This action is unauthorized.') {
    super(message);
    this.name = 'Forbidden';
  }
}

/** A FORBIDDEN with its message. */
export const forbidden = (message?: string) => new Forbidden(message);

/** Why a change was refused although the input was fine. */
export type ConflictReason =
  | 'stale'
  | 'in-use'
  | 'self'
  | 'privilege'
  /** The record's status does not allow the action (a cancelled avis cannot be booked). */
  | 'status';

/** 409: the row changed since the client loaded it, is still in use, or may not be changed by you. */
export class Conflict extends DomainError {
  readonly code = 'CONFLICT';
  constructor(
    message: string,
    readonly reason: ConflictReason,
  ) {
    super(message);
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
