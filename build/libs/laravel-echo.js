// Re-export entry of the shared library 'laravel-echo' (named exports + default = the namespace).
import * as lib from 'laravel-echo';
export * from 'laravel-echo';
export default lib;
