// Re-export entry of the shared library 'react-dom/client' (named exports + default = the namespace).
import * as lib from 'react-dom/client';
export * from 'react-dom/client';
export default lib;
