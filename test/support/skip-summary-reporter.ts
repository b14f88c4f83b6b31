import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { SKIP_REASONS_FILE } from './skip-reasons.js';

/**
 * The last lines of `npm test`, where a person reads: how many tests were skipped, in which files,
 * and why (the reasons the files noted with `noteSkip`). A run that skipped no test says so, and still lists what it did not check (a README snippet marked so).
 */
export default class SkipSummaryReporter implements Reporter {
  onInit(): void {
    rmSync(SKIP_REASONS_FILE, { force: true });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skippedByFile = testModules
      .map(module => ({ file: module.relativeModuleId, skipped: [...module.children.allTests('skipped')].length }))
      .filter(entry => entry.skipped > 0);
    const reasons = existsSync(SKIP_REASONS_FILE)
      ? [...new Set(readFileSync(SKIP_REASONS_FILE, 'utf8').split('\n').filter(Boolean))].map(line => JSON.parse(line) as { what: string; reason: string })
      : [];
    const total = skippedByFile.reduce((sum, entry) => sum + entry.skipped, 0);
    const lines = ['', total === 0 ? 'Skipped: no test.' : `Skipped: ${total} test${total === 1 ? '' : 's'}, in ${skippedByFile.map(entry => `${entry.file} (${entry.skipped})`).join(', ')}.`];
    for (const { what, reason } of reasons) lines.push(`  ${what}: ${reason}.`);
    if (total > 0 && reasons.length === 0) lines.push('  Each was skipped in its file by a declared condition (see the file).');
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
