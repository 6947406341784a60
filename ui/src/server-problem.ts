import { i18n, word, type Message } from '@kontor/shared-session';
import { graphqlProblem, isMessage, type FieldRule, type GraphqlProblem } from './graphql';
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
      text: isMessage((error.body as { text?: unknown } | null)?.text)
        ? (error.body as { text: Message }).text
        : undefined,
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
    if (first) fields[field] = ruleMessage(first.rule, first.params, first.message, first.text);
  }
  return { ...problem, fields };
}

/**
 * The text of a failed call in the user's language: the server's own message (its catalogue
 * key and parameters) where it sent one, else the reason of a CONFLICT, else its code; the
 * generic text only for what has none of these (a fault of the server, a lost connection).
 */
export function problemText(problem: GraphqlProblem): string {
  if (problem.text) return word(problem.text);
  const key = problem.reason ?? problem.code;
  return i18n.t(`ui:errors.${key}`, { defaultValue: i18n.t('ui:errors.generic') });
}

/** A broken field rule's own words: the server's catalogue message in the user's language, else its English message. */
export const fieldRuleText = (rule: Pick<FieldRule, 'message' | 'text'>): string =>
  rule.text ? word(rule.text) : rule.message;
