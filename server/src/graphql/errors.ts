import { GraphQLError } from 'graphql';
import { databaseInputError } from '../domain/database-errors';
import { Conflict, DomainError, InvalidInput } from '../domain/errors';
import { HttpError } from '../http/errors';

/** The codes of the HTTP-layer errors (guards, CSRF, throttling) a resolver may meet. */
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

/** The extensions of a refusal: its code, and the field errors/rules or the conflict's reason. */
function extensionsOf(refused: DomainError | HttpError): Record<string, unknown> {
  if (refused instanceof HttpError) {
    const extensions: Record<string, unknown> = {
      code: CODES[refused.statusCode] ?? 'BAD_REQUEST',
    };
    if (refused.errors) extensions.fieldErrors = refused.errors;
    if (refused.details.text) extensions.text = refused.details.text;
    return extensions;
  }
  const extensions: Record<string, unknown> = { code: refused.code };
  if (refused instanceof InvalidInput && Object.keys(refused.problems).length > 0) {
    extensions.fieldErrors = refused.errors;
    extensions.fieldRules = refused.problems;
  }
  if (refused instanceof Conflict) extensions.reason = refused.reason;
  if (refused.text) extensions.text = refused.text;
  return extensions;
}

/**
 * The GraphQL error a client sees for an error a resolver threw: domain errors (and the
 * HTTP layer's) keep their message and get an extensions.code (and fieldErrors/fieldRules
 * for bad input); a database error the user can act on (a unique name taken by a racing
 * request, a value PostgreSQL cannot take) becomes bad input; anything else is an internal
 * error whose details stay in the log.
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
  const refused =
    original instanceof DomainError || original instanceof HttpError
      ? original
      : databaseInputError(original);
  if (refused) {
    return {
      error: new GraphQLError(refused.message, { ...options, extensions: extensionsOf(refused) }),
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
