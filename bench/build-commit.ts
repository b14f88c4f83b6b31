/**
 * A commit built in a git worktree of its own under `.bench/commits/<sha>`, sharing this clone's
 * node_modules, with that commit's own build script (its steps and their order are the commit's).
 * A worktree already built for the same sha is used again.
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The full sha `ref` names; throws when it names no commit. */
export async function resolveCommit(ref: string): Promise<string> {
  const { stdout } = await run('git', ['rev-parse', '--verify', `${ref}^{commit}`]);
  return stdout.trim();
}

/** Builds commit `sha` (unless built already) and returns the path of its CLI. */
export async function buildCommit(sha: string): Promise<string> {
  const worktree = resolve('.bench', 'commits', sha);
  const cli = `${worktree}/dist/cli.js`;
  if (existsSync(cli)) return cli;
  if (existsSync(worktree)) await run('git', ['worktree', 'remove', '--force', worktree]).catch(() => rmSync(worktree, { recursive: true, force: true }));
  await run('git', ['worktree', 'prune']);
  await run('git', ['worktree', 'add', '--detach', worktree, sha]);
  symlinkSync(resolve('node_modules'), `${worktree}/node_modules`, 'dir');
  await run('npm', ['run', 'build', '--silent'], { cwd: worktree, timeout: 600_000 });
  return cli;
}
