import { basename, join, sep } from 'node:path';
import { tmpdir } from 'node:os';

export interface CodeCacheFile {
  /** The folder of the cache files, created on the first write. */
  readonly folder: string;
  readonly path: string;
  /** Whether a file name in the folder is a cache of another build of the same script for this Node. */
  isOtherBuild(name: string): boolean;
}

/**
 * Where V8's cache of the script at `scriptPath` (whose text hashes to `sha256`) is kept, one file
 * per build of the script, Node version and processor architecture (V8 refuses a cache made by
 * another V8 or with other flags, and `runCodeCachedScript` then writes a new one):
 * - `$NODE_COMPILE_CACHE/petstore-mock/`, the folder given for Node's own compile cache;
 * - else `node_modules/.cache/petstore-mock/` of the project the package is installed in (the outermost node_modules);
 * - else `petstore-mock-code-cache/` in the system's temporary folder.
 */
export function codeCacheFile(scriptPath: string, sha256: string, env: Readonly<Record<string, string | undefined>>): CodeCacheFile {
  const folder = cacheFolder(scriptPath, env);
  const script = basename(scriptPath).replace(/\.[^.]*$/, '');
  const runtime = `node${process.versions.node}-${process.arch}`;
  const name = `${script}-${sha256.slice(0, 16)}-${runtime}.v8cache`;
  return {
    folder,
    path: join(folder, name),
    isOtherBuild: other => other !== name && other.startsWith(`${script}-`) && other.endsWith(`-${runtime}.v8cache`),
  };
}

function cacheFolder(scriptPath: string, env: Readonly<Record<string, string | undefined>>): string {
  const given = env['NODE_COMPILE_CACHE'];
  if (given !== undefined && given !== '') return join(given, 'petstore-mock');
  // The project's own node_modules, also when the package sits deeper (pnpm's .pnpm, a nested install).
  const segments = scriptPath.split(sep);
  const nodeModules = segments.indexOf('node_modules');
  if (nodeModules > 0) return join(segments.slice(0, nodeModules + 1).join(sep), '.cache', 'petstore-mock');
  return join(tmpdir(), 'petstore-mock-code-cache');
}
