// @kontor/contracts: what the server and the front end share. Small and dependency-free;
// the server runs its build (dist/, made by the server's build), the front end and the
// tests read this source.
export * from './addresses';
export * from './errors';
export * from './manifest';
export * from './numbers';
export * from './permissions';
export * from './products';
export * from './format';
export * from './messages';
