// Re-export entry of the shared library 'rxjs' (named exports + default = the namespace).
import * as lib from 'rxjs';
export * from 'rxjs';
export default lib;
