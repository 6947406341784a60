// Re-export entry of the shared library 'pusher-js' (named exports + default = the namespace).
import * as lib from 'pusher-js';
export * from 'pusher-js';
export default lib;
