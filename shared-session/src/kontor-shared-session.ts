// Entry of the @kontor/shared-session bundle: the public API, nothing else.
export * from './index';
