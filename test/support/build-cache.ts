// What several suites make from the same inputs (the packed tarball, a bundled app) is made once and
// kept under test-output/build-cache/, in a folder named by a hash of those inputs: the vitest workers
// of one run share it, and a later run with the same inputs (CI's second Node, a developer's next
// `npm test`) reuses it. Any change to an input names another folder, so nothing stale is ever used.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUILD_CACHE = join(ROOT, 'test-output', 'build-cache');
/** A lock older than this was left by a run that was killed: taken over. */
const STALE_LOCK_MS = 10 * 60_000;
/** Entries of one name not used for this long are removed when a new one of that name is made. */
const OLD_ENTRY_MS = 24 * 60 * 60_000;

/** Every file under `path` (a file or a folder of this repository), sorted, as repository-relative paths. */
function filesUnder(path: string): string[] {
  const absolute = join(ROOT, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile())
    .map(entry => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

/** A hash of the names and bytes of every file under `paths` (files or folders of this repository), and of `extra`. */
export function hashInputs(paths: readonly string[], extra: readonly string[] = []): string {
  const hash = createHash('sha256');
  for (const text of extra) hash.update(`extra ${text}\0`);
  for (const file of paths.flatMap(filesUnder)) hash.update(`file ${file}\0`).update(readFileSync(join(ROOT, file))).update('\0');
  return hash.digest('hex').slice(0, 20);
}

const sleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms));

/**
 * Runs `work` while holding the lock `name` (a folder under the build cache): one holder at a time across
 * the run's workers and processes. A lock left by a killed run is taken over after ten minutes.
 */
export async function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(BUILD_CACHE, { recursive: true });
  const lock = join(BUILD_CACHE, `${name}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The folder `<name>-<key>` under the build cache, made by `make` into a staging folder and renamed into
 * place whole when it is not there yet (a make cut short never looks finished). One maker at a time: a
 * worker that finds another making the same folder waits for it rather than doing the same work.
 */
export async function cachedFolder(name: string, key: string, make: (folder: string) => Promise<void>): Promise<string> {
  const folder = join(BUILD_CACHE, `${name}-${key}`);
  if (existsSync(folder)) return folder;
  return withLock(`${name}-${key}`, async () => {
    if (existsSync(folder)) return folder;
    removeOldEntries(name);
    const staging = `${folder}.staging-${process.pid}-${randomUUID().slice(0, 8)}`;
    mkdirSync(staging, { recursive: true });
    try {
      await make(staging);
      renameSync(staging, folder);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      // A maker whose lock was taken over as stale while it still worked (past ten minutes on a loaded
      // machine) put the same build in place first: that one serves.
      if (isFinishedBy(error, folder)) return folder;
      throw error;
    }
    return folder;
  });
}

/** Whether `error` is a rename refused because `folder` is there already, made meanwhile by another maker. */
function isFinishedBy(error: unknown, folder: string): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(folder);
}

/** Removes entries of `name` untouched for a day: the cache keeps what recent runs made, not every build ever. */
function removeOldEntries(name: string): void {
  for (const entry of readdirSync(BUILD_CACHE)) {
    if (!entry.startsWith(`${name}-`) || entry.includes('.lock')) continue;
    const path = join(BUILD_CACHE, entry);
    const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - modified > OLD_ENTRY_MS) rmSync(path, { recursive: true, force: true });
  }
}
