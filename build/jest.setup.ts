// jsdom lacks TextEncoder/TextDecoder (needed by several libraries); take Node's.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
