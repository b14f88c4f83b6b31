// The path of a file that a plugin loads in a namespace of its own, relative to the project (where the
// build runs). esbuild hashes such a path verbatim into the name of the chunk that holds the module
// (a file of its own namespace by its relative path): an absolute one would give the chunks other
// names, and their importers other bytes, wherever the project lies (issue 30).
import { relative, resolve, sep } from 'node:path';

/** `node_modules/mime-types/index.js` for that file of the project. */
export function namespacedPath(file) {
  return relative(process.cwd(), file).split(sep).join('/');
}

/** The absolute path of the file that `namespacedPath` named. */
export function fileOfNamespacedPath(path) {
  return resolve(path);
}
