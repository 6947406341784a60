// Re-export entry of the shared library '@apollo/client' (named exports + default = the namespace).
import * as lib from '@apollo/client';
export * from '@apollo/client';
export default lib;
