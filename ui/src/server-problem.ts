import { i18n } from '@kontor/shared-session';
import { graphqlProblem, type GraphqlProblem } from './graphql';
import { ruleMessage } from './rules';

/** What a refused save says, whether it came over GraphQL or REST. */
export interface ServerProblem extends GraphqlProblem {
  /** Field (dotted path) → the packed rule to show beside it (see `ruleMessage`). */
  fields: Record<string, string>;
}

/** A REST error as shared-session's `http` throws it (HttpError), read without importing the class. */
interface RestError {
  status: number;
  fieldErrors: Record<string, string[]>;
  body?: unknown;
  message: string;
}

const isRestError = (error: unknown): error is RestError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as RestError).status === 'number' &&
  typeof (error as RestError).fieldErrors === 'object';

const REST_CODES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  419: 'UNAUTHENTICATED',
  422: 'BAD_USER_INPUT',
};

/**
 * Reads a failed save: GraphQL's `extensions.fieldRules`/`fieldErrors` or a REST 422's
 * `errors` (and `rules`, when the server sends them) become one packed rule per field; the
 * rest (code, reason) is what the form says above its buttons.
 */
export function serverProblem(error: unknown): ServerProblem {
  let problem: GraphqlProblem;
  if (isRestError(error)) {
    const rules = (error.body as { rules?: GraphqlProblem['fieldRules'] } | null)?.rules ?? {};
    problem = {
      code: REST_CODES[error.status] ?? 'INTERNAL_SERVER_ERROR',
      message: error.message,
      fieldErrors: error.fieldErrors,
      fieldRules: rules,
      reason: (error.body as { reason?: string } | null)?.reason,
    };
  } else {
    problem = graphqlProblem(error);
  }
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(problem.fieldErrors)) {
    if (messages[0]) fields[field] = ruleMessage('text', undefined, messages[0]);
  }
  for (const [field, broken] of Object.entries(problem.fieldRules)) {
    const first = broken[0];
    if (first) fields[field] = ruleMessage(first.rule, first.params, first.message);
  }
  return { ...problem, fields };
}

/** The translated text of a failed call: the reason of a CONFLICT, else its code. */
export function problemText(problem: GraphqlProblem): string {
  const key = problem.reason ?? problem.code;
  return i18n.t(`ui:errors.${key}`, { defaultValue: i18n.t('ui:errors.generic') });
}
