/**
 * The codes of the errors a client sees: GraphQL's `extensions.code` (REST answers carry the
 * matching HTTP status). The screens switch on these.
 */
export const ERROR_CODES = [
  /** Bad input: `extensions.fieldErrors` / `fieldRules` name the fields (HTTP 422). */
  'BAD_USER_INPUT',
  /** No such record, or not yours to see (HTTP 404). */
  'NOT_FOUND',
  /** Logged in but without the permission (HTTP 403). */
  'FORBIDDEN',
  /** Not logged in (HTTP 401). */
  'UNAUTHENTICATED',
  /** Changed by someone else in between, still in use … (`extensions.reason`, HTTP 409). */
  'CONFLICT',
  /** The request lacked the session's anti-forgery token (HTTP 419). */
  'CSRF_TOKEN_MISMATCH',
  /** Too many attempts (HTTP 429). */
  'TOO_MANY_REQUESTS',
  /** The GraphQL document does not parse or validate, or costs too much (HTTP 400). */
  'GRAPHQL_VALIDATION_FAILED',
  /** GraphQL accepts POST only (HTTP 405). */
  'METHOD_NOT_ALLOWED',
  /** Any other refused request (HTTP 4xx). */
  'BAD_REQUEST',
  /** A fault of the server; the details stay in its log. */
  'INTERNAL_SERVER_ERROR',
] as const;

/** The code of an error a client sees. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Why a CONFLICT refused a change although the input was fine (`extensions.reason`). */
export type ConflictReason = 'stale' | 'in-use' | 'self' | 'privilege';
