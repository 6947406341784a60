// Re-export entry of the shared library 'react/jsx-runtime' (named exports + default = the namespace).
import * as lib from 'react/jsx-runtime';
export * from 'react/jsx-runtime';
export default lib;
