// Entry of the shared library '@apollo/client/react': the provider (defineModule renders it,
// loaded with `loadShared`) and the hooks modules use. A chosen list, not `export *`
// (issue 30: Suspense hooks, fragments and preloading are not used; 9 KB → 4.5 KB compressed).
// A name a module needs is added here (build/libs/shared-exports.cjs fails the build until it is).
import {
  ApolloProvider,
  useApolloClient,
  useLazyQuery,
  useMutation,
  useQuery,
} from '@apollo/client/react';

const lib = {
  ApolloProvider,
  useApolloClient,
  useLazyQuery,
  useMutation,
  useQuery,
};
export { ApolloProvider, useApolloClient, useLazyQuery, useMutation, useQuery };
export default lib;
