// Re-export entry of the shared library '@apollo/client/react' (named exports + default = the namespace).
import * as lib from '@apollo/client/react';
export * from '@apollo/client/react';
export default lib;
