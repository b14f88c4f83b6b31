/**
 * A page (MSW in the browser) has no worker threads here: Prism's Ajv compiles each schema on the
 * page's thread on first use, as before (the package's own document is precompiled by the build).
 * Nothing is recorded, nor the validation it is handed run: the pipeline validates as ever.
 */
export function compileOffThread(): Promise<void> | undefined {
  return undefined;
}

/** The same for the entries a later request reaches: compiled on the page's thread as Prism meets them. */
export function compileEntriesOffThread(): Promise<void> | undefined {
  return undefined;
}
