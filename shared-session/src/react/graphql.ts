import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useCallback, useEffect, useState } from 'react';
import { getApolloClient } from '../graphql/apollo';

/** What a failed GraphQL call says: its code, message, and field errors with their rules. */
export interface GraphqlProblem {
  /** UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND, CONFLICT, … or NETWORK. */
  code: string;
  message: string;
  /** Field (dotted path) → English messages from the server. */
  fieldErrors: Record<string, string[]>;
  /** Field → the rules broken, which the form translates. */
  fieldRules: Record<string, { rule: string; message: string; params?: Record<string, unknown> }[]>;
  /** Why a CONFLICT happened: stale, in-use, self, privilege. */
  reason?: string;
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
  };
}

/** Runs one query or mutation on the page's Apollo client, always from the network; throws on errors. */
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

/** The state of a query a component shows. */
export interface GraphqlQueryState<Data> {
  data: Data | undefined;
  loading: boolean;
  problem: GraphqlProblem | null;
  /** Runs the query again (after a change). */
  reload: () => void;
}

/**
 * Runs a query for a component and re-runs it when the variables change: the one way
 * modules read GraphQL in React (the Apollo client loads lazily; /login never needs it).
 */
export function useGraphqlQuery<Data, Variables>(
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  options: { skip?: boolean } = {},
): GraphqlQueryState<Data> {
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(variables);
  const request = `${generation}:${key}`;
  // The answer remembers which request it belongs to: loading until the current one answered.
  const [state, setState] = useState<{
    data: Data | undefined;
    problem: GraphqlProblem | null;
    request: string | null;
  }>({ data: undefined, problem: null, request: null });
  useEffect(() => {
    if (options.skip) return;
    let current = true;
    runGraphql(document, JSON.parse(key) as Variables).then(
      (data) => current && setState({ data, problem: null, request }),
      (error: unknown) =>
        current && setState({ data: undefined, problem: graphqlProblem(error), request }),
    );
    return () => {
      current = false;
    };
  }, [document, key, request, options.skip]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const loading = !options.skip && state.request !== request;
  return { data: state.data, problem: state.problem, loading, reload };
}
