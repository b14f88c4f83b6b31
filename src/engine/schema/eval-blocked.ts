/**
 * The package's own document has its validators compiled when the package is built (Ajv standalone
 * code) and its path templates matched without eval. Another document's schemas are compiled by Ajv
 * on first use, with `new Function`: a page whose Content-Security-Policy leaves out `'unsafe-eval'`
 * (or Node run with `--disallow-code-generation-from-strings`) refuses that, and the request fails.
 */
export function isEvalBlocked(error: unknown): boolean {
  if (error instanceof EvalError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /unsafe-eval|Content Security Policy|Code generation from strings disallowed/i.test(message);
}

export const EVAL_BLOCKED_MESSAGE =
  "The mock cannot validate requests here: this OpenAPI document's validators were not compiled when petstore-mock was built (only its own document's are), so Prism compiles them with `new Function`, and this page's Content-Security-Policy does not allow 'unsafe-eval' (or Node was started with --disallow-code-generation-from-strings). Mock petstore-mock's own document (leave out `document`), add 'unsafe-eval' to script-src where the mock runs (dev server, Storybook), or point the app at the mock server instead.";

/**
 * `check()`, or `skipped` where code generation is refused: for the engine's own checks of another
 * document's data as it starts (its seeded pets, its examples), which Ajv cannot compile there. The
 * document is still served, and each request whose schemas need compiling answers eval_not_allowed.
 */
export function unlessEvalBlocked<T>(check: () => T, skipped: T): T {
  try {
    return check();
  } catch (error) {
    if (isEvalBlocked(error)) return skipped;
    throw error;
  }
}
