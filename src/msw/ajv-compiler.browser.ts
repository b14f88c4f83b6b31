// The browser's file in place of ajv-compiler.ts (see scripts/browser-build.mjs): Ajv's compiler is a
// chunk of its own, which a page cannot require synchronously on Prism's first miss, so it is loaded
// ahead of need (scripts/ajv-on-demand.mjs, ajvInPage).
import { loadAjvCompiler } from 'petstore-mock:ajv-compiler';

export { loadAjvCompiler };

const AFTER_FIRST_ANSWER_MS = 1_000;

/**
 * Loads it a second after the first answer, once the page is idle: the package's document needs it
 * for no schema (all precompiled), so it only stands by for one the build did not foresee, and stays
 * off the way of the first answer, which is still travelling back through the service worker.
 */
export function loadAjvCompilerLater(): void {
  const load = (): void => void loadAjvCompiler().catch(() => undefined);
  // Safari has no requestIdleCallback.
  setTimeout(() => (typeof globalThis.requestIdleCallback === 'function' ? globalThis.requestIdleCallback(load) : load()), AFTER_FIRST_ANSWER_MS);
}
