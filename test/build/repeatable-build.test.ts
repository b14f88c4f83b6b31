import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { differingFiles, readTree } from '../../scripts/compare-trees.mjs';

/** A folder holding `files` (path → text). */
function folderOf(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'compare-trees-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

describe('the comparison of two builds (scripts/check-repeatable-build.mjs)', () => {
  it('finds nothing between two folders with the same files and bytes', () => {
    const files = { 'index.js': 'export {};\n', 'chunks/chunk-AB12CD34.js': 'x', 'browser/chunks/chunk-AB12CD34.js': 'y' };
    expect(differingFiles(readTree(folderOf(files)), readTree(folderOf(files)))).toEqual([]);
  });

  it('names, sorted, each file whose bytes differ and each that one build alone has, in subfolders too', () => {
    const first = folderOf({ 'index.js': 'a', 'chunks/chunk-AAAAAAAA.js': 'same', 'chunks/chunk-OLD00000.js': 'x', 'sbom.cdx.json': '{}' });
    const second = folderOf({ 'index.js': 'b', 'chunks/chunk-AAAAAAAA.js': 'same', 'chunks/chunk-NEW00000.js': 'x', 'sbom.cdx.json': '{}' });
    expect(differingFiles(readTree(first), readTree(second))).toEqual([
      'chunks/chunk-NEW00000.js (only in the second build)',
      'chunks/chunk-OLD00000.js (only in the first build)',
      'index.js (differs)',
    ]);
  });
});
