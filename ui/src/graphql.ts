import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { getApolloClient, type Message } from '@kontor/shared-session';

/** Whether a value sent by the server is a catalogue message. */
export const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as Message).key === 'string';

/**
 * A broken rule of a field: the rule's name (its text `ui:rules.<rule>`), the server's English
 * message and, where the server says more than the rule (which stock, which place), its
 * catalogue message `text`, which the page words in the user's language instead.
 */
export interface FieldRule {
  rule: string;
  message: string;
  params?: Record<string, unknown>;
  text?: Message;
}

/** What a failed GraphQL call says: its code, message, and field errors with their rules. */
export interface GraphqlProblem {
  /** UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND, CONFLICT, … or NETWORK. */
  code: string;
  message: string;
  /** Field (dotted path) → English messages from the server. */
  fieldErrors: Record<string, string[]>;
  /** Field → the rules broken, which the form translates (see FieldRule). */
  fieldRules: Record<string, FieldRule[]>;
  /** Why a CONFLICT happened: stale, in-use, self, privilege, status. */
  reason?: string;
  /** The refusal's catalogue message, worded in the user's language (`problemText`). */
  text?: Message;
}

interface ErrorWithGraphqlErrors {
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** Reads a GraphQL or network error into a GraphqlProblem. */
export function graphqlProblem(error: unknown): GraphqlProblem {
  const first = (error as ErrorWithGraphqlErrors | null)?.errors?.[0];
  if (!first) {
    return {
      code: 'NETWORK',
      message: error instanceof Error ? error.message : String(error),
      fieldErrors: {},
      fieldRules: {},
    };
  }
  const extensions = first.extensions ?? {};
  return {
    code: String(extensions.code ?? 'INTERNAL_SERVER_ERROR'),
    message: first.message,
    fieldErrors: (extensions.fieldErrors as GraphqlProblem['fieldErrors']) ?? {},
    fieldRules: (extensions.fieldRules as GraphqlProblem['fieldRules']) ?? {},
    reason: extensions.reason as string | undefined,
    text: isMessage(extensions.text) ? extensions.text : undefined,
  };
}

/**
 * Runs one query or mutation on the page's Apollo client outside React (a picker's search, a
 * test's setup); throws on errors. Queries ask the server (the answer lands in the normalized
 * cache); mutations evict the cached list pages like every mutation (shared-session's
 * graphql/apollo.ts). Components read through Apollo's own `useQuery`/`useMutation`.
 */
export async function runGraphql<Data, Variables>(
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
): Promise<Data> {
  const client = await getApolloClient();
  const isMutation = document.definitions.some(
    (d) => d.kind === 'OperationDefinition' && d.operation === 'mutation',
  );
  const result = isMutation
    ? await client.mutate({ mutation: document, variables } as never)
    : await client.query({ query: document, variables, fetchPolicy: 'network-only' } as never);
  const { data, error } = result as { data?: Data; error?: unknown };
  if (error) throw error;
  return data as Data;
}

/** The state of a query a component shows (RecordPage, DataTable). */
export interface GraphqlQueryState<Data> {
  /** The answer; while new variables load, the previous answer (the table keeps its rows). */
  data: Data | undefined;
  /** No answer for the current variables yet. */
  loading: boolean;
  problem: GraphqlProblem | null;
  /** Asks the server again. */
  reload: () => void;
}

/** What the toolkit reads of Apollo's `useQuery` result. */
interface QueryResultLike<Data> {
  data?: Data;
  previousData?: Data;
  loading: boolean;
  error?: unknown;
  refetch: () => Promise<unknown>;
}

/** Apollo's `useQuery` result as the toolkit's frames show it. */
export function queryState<Data>(result: QueryResultLike<Data>): GraphqlQueryState<Data> {
  return {
    data: result.data ?? (result.loading ? result.previousData : undefined),
    loading: result.loading && result.data === undefined,
    problem: result.error ? graphqlProblem(result.error) : null,
    reload: () => void result.refetch().catch(() => undefined),
  };
}
