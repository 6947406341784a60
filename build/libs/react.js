// Re-export entry of the shared library 'react' (named exports + default = the namespace).
import * as lib from 'react';
export * from 'react';
export default lib;
