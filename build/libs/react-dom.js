// Re-export entry of the shared library 'react-dom' (named exports + default = the namespace).
import * as lib from 'react-dom';
export * from 'react-dom';
export default lib;
