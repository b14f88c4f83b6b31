import type { VerifyResult } from './types.js';

/** The result as JSON, keys in a fixed order (the result's own): diffable from run to run. */
export function formatJson(result: VerifyResult): string {
  return JSON.stringify({ format: 'petstore-mock-verify/1', ...result }, null, 2);
}
