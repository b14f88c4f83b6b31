/**
 * `BENCH_BASELINE=<git ref> npm run bench` adds a contender built from that commit, so a change's
 * cost on the hot path is measured against the code before it in the same run, on the same machine.
 * The build lives in a git worktree under .bench/baseline; it shares this clone's node_modules.
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const WORKTREE = resolve('.bench/baseline');

/** Builds `ref` into .bench/baseline and returns the path of its CLI. */
export async function buildBaseline(ref: string): Promise<string> {
  if (existsSync(WORKTREE)) await run('git', ['worktree', 'remove', '--force', WORKTREE]).catch(() => rmSync(WORKTREE, { recursive: true, force: true }));
  await run('git', ['worktree', 'prune']);
  await run('git', ['worktree', 'add', '--detach', WORKTREE, ref]);
  symlinkSync(resolve('node_modules'), `${WORKTREE}/node_modules`, 'dir');
  // That commit's own build script: its steps and their order are the commit's (later ones compile the document first).
  await run('npm', ['run', 'build', '--silent'], { cwd: WORKTREE, timeout: 600_000 });
  return `${WORKTREE}/dist/cli.js`;
}
