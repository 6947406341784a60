import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { wordMessage, type Message } from '@kontor/contracts';
import {
  Conflict,
  DomainError,
  InvalidInput,
  type DomainErrorCode,
  type FieldErrors,
  type FieldProblems,
} from '../domain/errors';
import { formatter } from '../domain/time-zone';

export type { FieldErrors } from '../domain/errors';

/** The JSON body of every error response. */
export interface ErrorBody {
  message: string;
  errors?: FieldErrors;
  /** A domain refusal's catalogue message, worded by the page in the user's language. */
  text?: Message;
  /** A CONFLICT's reason (`stale`, `in-use`, …). */
  reason?: string;
  /** The broken rule of each field (as GraphQL's `fieldRules`). */
  rules?: FieldProblems;
}

/** An error that maps to one HTTP status and a JSON body; thrown by handlers and guards. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
    /** What a domain refusal adds to the body: its message key, reason and field rules. */
    readonly details: Omit<ErrorBody, 'message' | 'errors'> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The response body. */
  body(): ErrorBody {
    return {
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.details,
    };
  }
}

/**
 * An HttpError whose message is a catalogue message (its English wording, and `text` in the
 * body for the page to word in the user's language), or a string as it is; with `field`, the
 * message is also that field's error.
 */
export function httpRefusal(
  status: number,
  message: string | Message,
  field?: string,
  headers: Record<string, string> = {},
): HttpError {
  const english = typeof message === 'string' ? message : wordMessage(message, formatter('en'));
  const errors = field ? { [field]: [english] } : undefined;
  return new HttpError(
    status,
    english,
    errors,
    headers,
    typeof message === 'string' ? {} : { text: message },
  );
}

/** 401 for a request without a logged-in user. */
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
/**
 * 403 for a user without the permission; without a message the page says what its action
 * lacks ("Login als … nicht erfolgreich") or the toolkit's FORBIDDEN text.
 */
export const unauthorized = (message: string | Message = 'This action is unauthorized.') =>
  httpRefusal(403, message);
/** 404 for a thing that does not exist or is not yours to see. */
export const notFound = (message: string | Message = 'Not Found.') => httpRefusal(404, message);
/** 419 for an unsafe request without the session's anti-forgery token. */
export const csrfMismatch = () => new HttpError(419, 'CSRF token mismatch.');

/** 422 with field errors; the message is the first error, like Laravel's. */
export function validationFailed(errors: FieldErrors): HttpError {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  const message =
    (messages[0] ?? 'The given data was invalid.') +
    (more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : '');
  return new HttpError(422, message, errors);
}

/** Parses input with a zod schema, throwing a 422 with one message list per field when it fails. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    (errors[field] ??= []).push(issue.message);
  }
  throw validationFailed(errors);
}

/** The HTTP status of each domain error: the one place the business layer meets HTTP. */
const STATUS: Record<DomainErrorCode, number> = {
  BAD_USER_INPUT: 422,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  CONFLICT: 409,
};

/** A domain error as the HttpError a REST client gets (field errors kept). */
export function httpErrorOf(error: DomainError): HttpError {
  const errors = 'errors' in error ? (error.errors as FieldErrors) : undefined;
  const withFields = errors && Object.keys(errors).length > 0 ? errors : undefined;
  const details: Omit<ErrorBody, 'message' | 'errors'> = {};
  if (error.text) details.text = error.text;
  if (error instanceof Conflict) details.reason = error.reason;
  if (error instanceof InvalidInput && withFields) details.rules = error.problems;
  return new HttpError(STATUS[error.code], error.message, withFields, {}, details);
}

/** Sends an HttpError (or a domain error, by its status) as JSON. */
export function sendHttpError(reply: FastifyReply, error: HttpError | DomainError): FastifyReply {
  const http = error instanceof DomainError ? httpErrorOf(error) : error;
  return reply.code(http.statusCode).headers(http.headers).send(http.body());
}
