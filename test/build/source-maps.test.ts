import { SourceMap, type SourceMapping } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a build script in plain JavaScript, without declarations.
import { trimSourceMaps } from '../../scripts/trim-source-maps.mjs';

const trim = trimSourceMaps as (directory: string) => Promise<void>;

describe('the build’s source maps', () => {
  it('keep every mapping into the package’s own sources, drop the dependencies’, and drop maps of dependencies alone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'petstore-maps-'));
    try {
      mkdirSync(join(root, 'node_modules', 'dep'), { recursive: true });
      writeFileSync(join(root, 'node_modules', 'dep', 'index.js'), 'export function dep(a) {\n  if (a > 1) return a * 2;\n  return -a;\n}\n');
      writeFileSync(join(root, 'node_modules', 'dep', 'alone.js'), 'export const alone = () => "only a dependency";\n');
      writeFileSync(join(root, 'own.js'), 'import { dep } from "dep";\nexport function own(x) {\n  const doubled = dep(x);\n  return doubled + 1;\n}\n');
      writeFileSync(join(root, 'vendor.js'), 'export { alone } from "dep/alone.js";\n');
      const out = join(root, 'dist');
      await build({ entryPoints: [join(root, 'own.js'), join(root, 'vendor.js')], absWorkingDir: root, outdir: out, bundle: true, format: 'esm', sourcemap: 'linked', sourcesContent: false, minify: true, nodePaths: [join(root, 'node_modules')] });
      const before = JSON.parse(readFileSync(join(out, 'own.js.map'), 'utf8')) as { sources: string[] };
      const ownIndex = before.sources.findIndex(source => !source.includes('node_modules'));
      const beforeMap = new SourceMap(before as never);
      const code = readFileSync(join(out, 'own.js'), 'utf8');
      const ownEntries = [...code.matchAll(/./g)]
        .map(match => beforeMap.findEntry(0, match.index))
        .filter((entry): entry is SourceMapping => 'originalSource' in entry && entry.originalSource === before.sources[ownIndex]);
      expect(ownEntries.length).toBeGreaterThan(0);

      await trim(out);

      const after = JSON.parse(readFileSync(join(out, 'own.js.map'), 'utf8')) as { sources: string[] };
      expect(after.sources).toEqual([before.sources[ownIndex]]);
      const afterMap = new SourceMap(after as never);
      for (const entry of ownEntries) {
        const found = afterMap.findEntry(entry.generatedLine, entry.generatedColumn);
        expect(found).toMatchObject({ originalSource: entry.originalSource, originalLine: entry.originalLine, originalColumn: entry.originalColumn });
      }
      expect(existsSync(join(out, 'vendor.js.map'))).toBe(false);
      expect(readFileSync(join(out, 'vendor.js'), 'utf8')).not.toContain('sourceMappingURL');
      expect(readFileSync(join(out, 'own.js'), 'utf8')).toContain('sourceMappingURL=own.js.map');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
