/**
 * The bench's ratios kept with the commit they were measured at: `.bench/ratios/<commit>.json`
 * (`<commit>-dirty.json` when the work tree had changes), one file a commit, the latest run's.
 * `npm run bench:compare` measures two commits side by side; these records say what a commit
 * measured when it was benched whole.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RATIOS_DIRECTORY = join('.bench', 'ratios');

export interface RatioRecord {
  commit: string;
  /** The work tree had uncommitted changes: the figures are of the commit and them. */
  dirty: boolean;
  /** ISO time of the run. */
  measuredAt: string;
  node: string;
  ratios: { name: string; ratio: number | null; target: string; met: boolean }[];
}

/** The commit HEAD names and whether the work tree differs from it. */
export function currentCommit(): { commit: string; dirty: boolean } {
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
  return { commit, dirty };
}

/** Writes the ratios of this run under the current commit; returns the file written. */
export function recordRatios(rows: readonly (readonly [string, number, string, boolean])[]): string {
  const { commit, dirty } = currentCommit();
  const record: RatioRecord = {
    commit,
    dirty,
    measuredAt: new Date().toISOString(),
    node: process.version,
    ratios: rows.map(([name, ratio, target, met]) => ({ name, ratio: Number.isFinite(ratio) ? Number(ratio.toFixed(4)) : null, target, met })),
  };
  mkdirSync(RATIOS_DIRECTORY, { recursive: true });
  const file = join(RATIOS_DIRECTORY, `${commit}${dirty ? '-dirty' : ''}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}
