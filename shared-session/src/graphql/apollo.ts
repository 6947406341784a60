import { readXsrfToken } from '../http/http';
import { loadShared } from '../http/shared-libs';

type ApolloModule = typeof import('@apollo/client');
type Client = InstanceType<ApolloModule['ApolloClient']>;

let client: Promise<Client> | null = null;

/** The page's one GraphQL client, loaded on first use (the login page never needs it). */
export function getApolloClient(): Promise<Client> {
  client ??= loadShared<ApolloModule>('@apollo/client').then(
    ({ ApolloClient, HttpLink, InMemoryCache }) =>
      new ApolloClient({
        link: new HttpLink({
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
        }),
        cache: new InMemoryCache(),
      }),
  );
  return client;
}
