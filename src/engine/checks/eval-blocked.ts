/**
 * Prism compiles the document's schemas (Ajv) and path templates (uri-template-lite) into functions
 * with `new Function`. A page whose Content-Security-Policy leaves out `'unsafe-eval'` (or Node run
 * with `--disallow-code-generation-from-strings`) makes that throw an EvalError on the first request.
 */
export function isEvalBlocked(error: unknown): boolean {
  if (error instanceof EvalError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /unsafe-eval|Content Security Policy|Code generation from strings disallowed/i.test(message);
}

export const EVAL_BLOCKED_MESSAGE =
  "The mock cannot validate requests here: Prism compiles the OpenAPI document's schemas and paths with `new Function`, and this page's Content-Security-Policy does not allow 'unsafe-eval' (or Node was started with --disallow-code-generation-from-strings). Add 'unsafe-eval' to script-src where the mock runs (dev server, Storybook), or point the app at the mock server instead.";
