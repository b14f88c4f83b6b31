// petstore-mock/msw in Node (the Node build's dist/msw.js): the MSW handlers and their engine run as
// one script through V8's code cache (src/code-cache, scripts/code-cached-scripts.mjs), so that a test
// file's process compiles them from the cache of an earlier one instead of parsing ~600 KB of modules
// anew. The script gets this module's `msw`, the consumer's own. Browsers get src/msw/index.ts as is.
import * as msw from 'msw';
import { fileURLToPath } from 'node:url';
import { runCodeCachedScript } from '../code-cache/index.js';
import type * as ScriptEntry from './script-entry.js';

const script = runCodeCachedScript(fileURLToPath(new URL('./chunks/msw-bundle.cjs', import.meta.url)), process.env, { msw });
if (script === undefined) throw new Error('[petstore-mock] dist/chunks/msw-bundle.cjs is missing: the package is incomplete (npm run build makes it).');
const entry = script.exports as typeof ScriptEntry;
// Written once the first answer is on its way, or as the process exits (a test file may end with it).
entry.onFirstAnswer(() => {
  const save = (): void => script.saveCodeCache();
  setImmediate(save);
  process.once('exit', save);
});

export const { AdminError, createHandlers, createPetstoreMock, handlers, isAdminError } = entry;
