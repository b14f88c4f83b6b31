// A CommonJS script compiled through V8's code cache, where Node's module compile cache does not help
// (the CLI before Node 22.1, which has no `module.enableCompileCache`; the MSW handlers in a consumer's
// process, which only the consumer may turn it on for): the way v8-compile-cache does it. The first run
// compiles from source and, once the script's start-up and first answer have run, writes V8's cache
// of every function compiled by then; the next run hands it to V8 and skips parsing and compiling
// them. Anything unusable (no cache, a cache V8 rejects, a folder that cannot be written) means
// compiling from source, silently; `NODE_DEBUG=petstore-mock` says what happened.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { debuglog } from 'node:util';
import { runInThisContext, Script } from 'node:vm';
import { codeCacheFile, type CodeCacheFile } from './code-cache-file.js';

const debug = debuglog('petstore-mock');

/**
 * The first line of a script the build made for this loader: a function expression taking
 * CommonJS's arguments, the module's URL and a dynamic import (a script compiled by `vm` may not
 * call `import()` itself on Node 20), and the sha256 of the script's text.
 */
const HEADER = /^\(function \(exports, require, module, __filename, __dirname, __moduleUrl, __lazy\) \{ \/\/ sha256 ([0-9a-f]{64})\n/;

export interface CodeCachedScript {
  /** What the script's `module.exports` holds after it ran. */
  readonly exports: unknown;
  /** Writes V8's cache of the functions compiled so far, once, unless V8 used a cache this run. */
  saveCodeCache(): void;
}

/**
 * Runs the script at `path` (absolute), with V8's cache from an earlier run when there is one;
 * undefined when there is no such script (e.g. run from the sources), so that the caller loads its
 * modules as usual. `env` names the cache's folder (see code-cache-file.ts); the script's
 * `require(id)` of an id in `loaded` gets that module (the caller's own copy of a peer dependency).
 */
export function runCodeCachedScript(path: string, env: Readonly<Record<string, string | undefined>>, loaded: Readonly<Record<string, unknown>> = {}): CodeCachedScript | undefined {
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch {
    debug('code cache: no script at %s', path);
    return undefined;
  }
  const sha256 = HEADER.exec(source)?.[1];
  if (sha256 === undefined) {
    debug('code cache: %s is not a script made for the code cache', path);
    return undefined;
  }
  if (runInThisContext('globalThis') !== globalThis) {
    // Loaded inside a vm context of its own (Vitest's vmThreads and vmForks pools): a script run in
    // Node's main context would make its objects there (a RegExp that is no RegExp to the MSW of this
    // context), so it is compiled by this context's Function, without the cache.
    debug('code cache: not used for %s, loaded in a vm context of its own', path);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the package's own script, compiled in the realm that loads it
    const compile = new Function(`return ${source}`) as () => ScriptFunction;
    return run(path, compile(), env, loaded, () => undefined);
  }
  const cacheFile = codeCacheFile(path, sha256, env);
  const cachedData = readCache(cacheFile);
  const script = new Script(source, { filename: path, ...(cachedData !== undefined && { cachedData }) });
  const used = cachedData !== undefined && !script.cachedDataRejected;
  debug('code cache: %s %s', cacheFile.path, cachedData === undefined ? 'absent, compiled from source' : used ? 'used' : 'rejected by V8, compiled from source');
  let saved = used;
  return run(path, script.runInThisContext() as ScriptFunction, env, loaded, () => {
    if (saved) return;
    saved = true;
    writeCache(cacheFile, () => script.createCachedData());
  });
}

/** The function a script's text evaluates to: it takes CommonJS's arguments, the module's URL and a dynamic import. */
type ScriptFunction = (...parameters: unknown[]) => void;

/** Scripts run by another script's `import()`, by URL: one run each per process. */
const importedScripts = new Map<string, Promise<unknown>>();

/**
 * Runs the script's function as a CommonJS module at `path`. Its `import()` of a chunk of the Node
 * build is Node's; of another script (`.cjs`, Prism's mocker), a run of that script through the code
 * cache, whose cache is written once the code that asked for it has run (or at exit).
 */
function run(path: string, scriptFunction: ScriptFunction, env: Readonly<Record<string, string | undefined>>, loaded: Readonly<Record<string, unknown>>, saveCodeCache: () => void): CodeCachedScript {
  const url = pathToFileURL(path).href;
  const module = { exports: {} as unknown };
  const lazyImport = (specifier: string): Promise<unknown> => {
    const target = new URL(specifier, url);
    if (!target.pathname.endsWith('.cjs')) return import(target.href);
    let imported = importedScripts.get(target.href);
    if (imported === undefined) {
      imported = Promise.resolve().then(() => importCodeCachedScript(fileURLToPath(target), env));
      importedScripts.set(target.href, imported);
    }
    return imported;
  };
  const nodeRequire = createRequire(path);
  const require = (id: string): unknown => (Object.hasOwn(loaded, id) ? loaded[id] : nodeRequire(id));
  scriptFunction(module.exports, Object.assign(require, nodeRequire), module, path, dirname(path), url, lazyImport);
  return {
    get exports() {
      return module.exports;
    },
    saveCodeCache,
  };
}

/**
 * Runs the script at `path` as `import()` of a CommonJS module would load it: its exports as `default`,
 * and each of them by name. Its cache is written once the code that asked for it has run (or at exit).
 */
export function importCodeCachedScript(path: string, env: Readonly<Record<string, string | undefined>>): Record<string, unknown> {
  const script = runCodeCachedScript(path, env);
  if (script === undefined) throw new Error(`[petstore-mock] ${path} is missing: the package is incomplete (npm run build makes it).`);
  const save = (): void => script.saveCodeCache();
  setImmediate(save);
  process.once('exit', save);
  const exports = script.exports as Record<string, unknown>;
  return { ...exports, default: exports };
}

function readCache(cacheFile: CodeCacheFile): Buffer | undefined {
  if (!isOwnFolder(cacheFile.folder)) return undefined;
  try {
    return readFileSync(cacheFile.path);
  } catch {
    return undefined;
  }
}

/**
 * Only a folder this user owns and no one else may write is read: a cache is code V8 runs. On
 * systems without user ids (Windows) the folder's permissions are the system's.
 */
function isOwnFolder(folder: string): boolean {
  try {
    const stat = statSync(folder);
    return stat.isDirectory() && (process.getuid === undefined || (stat.uid === process.getuid() && (stat.mode & 0o022) === 0));
  } catch {
    return false;
  }
}

/** Written whole or not at all (a temporary file renamed), then the caches of other builds of the script for this Node are removed. */
function writeCache(cacheFile: CodeCacheFile, createCachedData: () => Buffer): void {
  const temporary = `${cacheFile.path}.${process.pid}.tmp`;
  try {
    mkdirSync(cacheFile.folder, { recursive: true, mode: 0o700 });
    if (!isOwnFolder(cacheFile.folder)) throw new Error('the folder is not this user’s alone');
    const data = createCachedData();
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, cacheFile.path);
    for (const name of readdirSync(cacheFile.folder)) {
      if (cacheFile.isOtherBuild(name)) rmSync(join(cacheFile.folder, name), { force: true });
    }
    debug('code cache: wrote %s (%d bytes)', cacheFile.path, data.length);
  } catch (error) {
    removeQuietly(temporary);
    debug('code cache: cannot write %s: %s', cacheFile.path, (error as Error).message);
  }
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Nothing was written there.
  }
}
