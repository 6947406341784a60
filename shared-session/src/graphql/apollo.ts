import type { Subscription } from 'rxjs';
import { tap } from 'rxjs';
import { readXsrfToken } from '../http/http';
import { loadShared } from '../http/shared-libs';
import { recordChanges$, type RecordChange } from '../realtime/records';
import { session$ } from '../session/session';

type ApolloModule = typeof import('@apollo/client');
type Client = InstanceType<ApolloModule['ApolloClient']>;
type Cache = InstanceType<ApolloModule['InMemoryCache']>;

let client: Promise<Client> | null = null;
let following: Subscription | null = null;
let watchingSession: Subscription | null = null;

/**
 * How records normalize: every type with an `id` is one cache entry `Type:id` (Apollo's
 * default), so a record changed by a mutation or an event changes in every list and form that
 * shows it. A list's page (`{ items, total, page, pageSize }`) has no identity: it lives in its
 * list field, one per arguments, and a newer answer replaces it. `Deleted` is no record.
 */
const replace = (_existing: unknown, incoming: unknown) => incoming;
/** Every `…Page` type is a list page: a new area's page needs no line here. */
export const possibleTypes = { ListPage: ['^[A-Za-z]+Page$'] };
export const typePolicies = {
  Deleted: { keyFields: false as const },
  ListPage: { keyFields: false as const, merge: replace },
};

/** Is this cached value a list's page (`…Page` with `items`)? */
function isListPage(value: unknown): boolean {
  const page = value as { __typename?: string; items?: unknown } | null;
  return (
    typeof page?.__typename === 'string' && page.__typename.endsWith('Page') && 'items' in page
  );
}

/**
 * Evicts every cached list page (all arguments of every list field), then collects what no
 * longer hangs off the root. Lists on screen refetch; others load fresh when next shown.
 * After a write a page may have changed anywhere: a new user changes a role's user count.
 */
export function evictListPages(cache: Cache): void {
  const root = (cache.extract() as Record<string, Record<string, unknown>>).ROOT_QUERY ?? {};
  const fields = new Set<string>();
  for (const [key, value] of Object.entries(root)) {
    if (isListPage(value)) fields.add(key.replace(/[(:].*$/, ''));
  }
  for (const fieldName of fields) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

/** A change heard on the realtime connection, applied to the cache. */
export function applyRecordChange(cache: Cache, change: RecordChange): void {
  const id = cache.identify({ __typename: change.typename, id: change.id });
  if (!id) return;
  if (change.change === 'updated' && change.record) {
    // Only the fields the cache holds: a list showing the record re-renders with them.
    const values = change.record;
    cache.modify({
      id,
      fields: (value, { fieldName }) => (fieldName in values ? values[fieldName] : value),
    });
    return;
  }
  if (change.change !== 'created') cache.evict({ id });
  evictListPages(cache);
}

/** The page's one GraphQL client, loaded on first use (the login page never needs it). */
export function getApolloClient(): Promise<Client> {
  client ??= loadShared<ApolloModule>('@apollo/client').then(
    ({ ApolloClient, ApolloLink, HttpLink, InMemoryCache }) => {
      const cache = new InMemoryCache({ typePolicies, possibleTypes });
      // After every mutation the cached list pages go: created and deleted records (and the
      // counts beside them) show on the next render, without each page naming its lists.
      const afterMutation = new ApolloLink((operation, forward) => {
        const mutation = operation.query.definitions.some(
          (d) => d.kind === 'OperationDefinition' && d.operation === 'mutation',
        );
        if (!mutation) return forward(operation);
        return forward(operation).pipe(
          tap((result) => {
            if (!result.errors?.length) evictListPages(cache);
          }),
        );
      });
      const http = new HttpLink({
        uri: '/graphql',
        credentials: 'same-origin',
        // The token changes on login and logout, so it is read for every request.
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            headers: {
              ...(init?.headers as Record<string, string>),
              'X-XSRF-TOKEN': readXsrfToken(),
            },
          }),
      });
      following ??= recordChanges$.subscribe((change) => applyRecordChange(cache, change));
      const apollo = new ApolloClient({
        link: ApolloLink.from([afterMutation, http]),
        cache,
        // What the cache holds shows at once; the server is asked once per mount (another
        // user's change shows without a realtime event too), later cache updates just render.
        defaultOptions: {
          watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' },
        },
      });
      // What one user may see is not another's: a new user or other permissions (login,
      // logout, login-as) empty the cache, and the queries on screen ask again.
      let seen: string | null = null;
      watchingSession?.unsubscribe();
      watchingSession = session$.subscribe(({ loaded, user, permissions }) => {
        if (!loaded) return;
        const who = `${user?.id ?? ''}|${[...permissions].sort().join(',')}`;
        if (seen !== null && who !== seen) void apollo.resetStore().catch(() => undefined);
        seen = who;
      });
      return apollo;
    },
  );
  return client;
}
