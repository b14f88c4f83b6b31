// Ajv's compiler, for the schemas the build did not precompile (another document's). Node requires
// it on Prism's first such schema (scripts/ajv-on-demand.mjs), so there is nothing to load ahead;
// the browser build has its own file (ajv-compiler.browser.ts).

/** Resolves once Prism's validator can compile a schema without a precompiled validator. */
export function loadAjvCompiler(): Promise<void> {
  return Promise.resolve();
}
