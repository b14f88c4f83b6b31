// Two folders' files, compared byte for byte (scripts/check-repeatable-build.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file under `folder`, by its path from there (with `/`), with its bytes. */
export function readTree(folder) {
  const files = new Map();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(folder, path).split(sep).join('/'), readFileSync(path));
  }
  return files;
}

/** The paths (sorted) of the files that only one of two trees has, or whose bytes differ, each with which. */
export function differingFiles(first, second) {
  return [...new Set([...first.keys(), ...second.keys()])].sort().flatMap(path => {
    const [ours, theirs] = [first.get(path), second.get(path)];
    if (theirs === undefined) return [`${path} (only in the first build)`];
    if (ours === undefined) return [`${path} (only in the second build)`];
    return ours.equals(theirs) ? [] : [`${path} (differs)`];
  });
}
