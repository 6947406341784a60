// Entry of the @kontor/ui bundle: the public API, nothing else.
export * from './index';
