// jsdom lacks TextEncoder/TextDecoder (needed by several libraries); take Node's.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Front-end tests talk to a real server (build/jest-real-server.ts): an answer that hashes a
// password takes a few hundred milliseconds, more on a busy 2-core CI machine, so findBy… and
// waitFor wait up to 5 s for what the user would see (the library's default is 1 s).
configure({ asyncUtilTimeout: 5_000 });
