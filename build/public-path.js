// First module of every System.register bundle: lazy chunks load from the folder the entry
// itself was loaded from (webpack's publicPath 'auto' guesses wrong under SystemJS).
/* global __system_context__ */
__webpack_public_path__ = __system_context__.meta.url.replace(/[^/]*([?#].*)?$/, '');
