// Re-export entry of the shared library 'graphql' (named exports + default = the namespace).
import * as lib from 'graphql';
export * from 'graphql';
export default lib;
