import { msg, wordMessage, type Message } from '@kontor/contracts';
import { formatter } from './time-zone';

/**
 * The one error of the business layer. Business functions throw these and know nothing of
 * HTTP or GraphQL; `http/errors.ts` maps them to a status and `graphql/errors.ts` to an
 * `extensions.code`, each in one place.
 */

/** The code a client sees (GraphQL `extensions.code`); HTTP maps each to a status. */
export type DomainErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT';

/**
 * One broken rule of one field: the rule's name (for the screen's translated text), its
 * English message and, where the message says more than the rule (which stock, which place),
 * its catalogue message `text`, which the screen words in the user's language instead.
 */
export interface FieldProblem {
  rule: string;
  message: string;
  params?: Record<string, string | number>;
  text?: Message;
}

/** Field name → what is wrong with it. */
export type FieldProblems = Record<string, FieldProblem[]>;

/** Field name → messages, as Laravel's validation errors. */
export type FieldErrors = Record<string, string[]>;

/**
 * A refusal the user can act on: bad input, a missing or forbidden record, a conflict. `text`
 * is its catalogue message (docs/design.md "Words, numbers and dates"), which the page words
 * in the user's language; `message` is its English wording (logs, API clients).
 */
export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
  text?: Message;
}

/** The English wording of a catalogue message, or the string as it is. */
function english(message: string | Message): string {
  return typeof message === 'string' ? message : wordMessage(message, formatter('en'));
}

/** Sets the error's catalogue message when it was given one. */
function withText<E extends DomainError>(error: E, message: string | Message | undefined): E {
  if (message !== undefined && typeof message !== 'string') error.text = message;
  return error;
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

/**
 * One field's problem: a catalogue message gives its English `message` and its `text`; a
 * string (a rule the screens word themselves, such as `required`) stays as it is.
 */
export function fieldProblem(
  rule: string,
  message: string | Message,
  params?: FieldProblem['params'],
): FieldProblem {
  return {
    rule,
    message: english(message),
    ...(params ? { params } : {}),
    ...(typeof message === 'string' ? {} : { text: message }),
  };
}

/** Bad input on one field. */
export function invalidField(
  field: string,
  rule: string,
  message: string | Message,
  params?: FieldProblem['params'],
): InvalidInput {
  return new InvalidInput({ [field]: [fieldProblem(rule, message, params)] });
}

/** A record that does not exist or is not yours to see (404, NOT_FOUND). */
export class NotFound extends DomainError {
  readonly code = 'NOT_FOUND';
  constructor(message: string | Message = 'Not Found.') {
    super(english(message));
    this.name = 'NotFound';
    withText(this, message);
  }
}

/** A NOT_FOUND with its message, e.g. 'Client not found.'. */
export const notFound = (message?: string | Message) => new NotFound(message);

/** An action the acting user may not take (403, FORBIDDEN). */
export class Forbidden extends DomainError {
  readonly code = 'FORBIDDEN';
  constructor(message: string | Message = msg('action.forbidden')) {
    super(english(message));
    this.name = 'Forbidden';
    withText(this, message);
  }
}

/** A FORBIDDEN with its message. */
export const forbidden = (message?: string | Message) => new Forbidden(message);

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
    message: string | Message,
    readonly reason: ConflictReason,
  ) {
    super(english(message));
    this.name = 'Conflict';
    withText(this, message);
  }
}

/** A CONFLICT with its reason and message, which the screens word in the user's language. */
export const conflict = (message: string | Message, reason: ConflictReason) =>
  new Conflict(message, reason);

/** The error of an edit made on a copy that someone else has saved over in between. */
export const staleEdit = () => conflict(msg('record.stale'), 'stale');
