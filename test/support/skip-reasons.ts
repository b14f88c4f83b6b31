import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where test files note why they skip; `test/support/skip-summary-reporter.ts` reads it at the end of the run. */
export const SKIP_REASONS_FILE = fileURLToPath(new URL('../../test-output/skip-reasons.jsonl', import.meta.url));

/** Notes why `what` (a suite, a set of cases) is skipped in this run, for the summary `npm test` ends with. */
export function noteSkip(what: string, reason: string): void {
  mkdirSync(dirname(SKIP_REASONS_FILE), { recursive: true });
  appendFileSync(SKIP_REASONS_FILE, `${JSON.stringify({ what, reason })}\n`);
}
