// Re-export entry of the shared library 'i18next' (named exports + default = the namespace).
import * as lib from 'i18next';
export * from 'i18next';
export default lib;
