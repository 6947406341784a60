// Re-export entry of the shared library 'react-i18next' (named exports + default = the namespace).
import * as lib from 'react-i18next';
export * from 'react-i18next';
export default lib;
