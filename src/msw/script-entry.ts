// The entry of petstore-mock/msw's script for V8's code cache (scripts/code-cached-scripts.mjs): the
// public exports, and how dist/msw.js learns of the first answer, after which it writes the cache.
export * from './index.js';
export { onFirstAnswer } from '../code-cache/index.js';
