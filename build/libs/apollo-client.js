// Entry of the shared library '@apollo/client': the page's one client is made by
// shared-session's getApolloClient (`loadShared`, unseen by webpack: ApolloClient, ApolloLink,
// HttpLink, InMemoryCache), modules read NetworkStatus and tell errors apart. A chosen list,
// not `export *` (issue 30); a name a module needs is added here
// (build/libs/shared-exports.cjs fails the build until it is).
import {
  ApolloClient,
  ApolloLink,
  CombinedGraphQLErrors,
  HttpLink,
  InMemoryCache,
  NetworkStatus,
  ServerError,
  ServerParseError,
} from '@apollo/client';

const lib = {
  ApolloClient,
  ApolloLink,
  CombinedGraphQLErrors,
  HttpLink,
  InMemoryCache,
  NetworkStatus,
  ServerError,
  ServerParseError,
};
export {
  ApolloClient,
  ApolloLink,
  CombinedGraphQLErrors,
  HttpLink,
  InMemoryCache,
  NetworkStatus,
  ServerError,
  ServerParseError,
};
export default lib;
