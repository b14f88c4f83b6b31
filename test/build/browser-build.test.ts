import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { checkBrowserOutput, checkDocumentSchemas, checkEmbeddedDocument } from '../../scripts/browser-build.mjs';

const root = new URL('../../', import.meta.url);
const packageJson = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { exports: Record<string, Record<string, string> | string> };

/** A metafile with one output file of `text`. */
function outputOf(text: string, imports: { path: string; kind: string }[] = []): { outputs: Record<string, { imports: { path: string; kind: string }[] }> } {
  const file = join(mkdtempSync(join(tmpdir(), 'petstore-browser-build-')), 'out.js');
  writeFileSync(file, text);
  return { outputs: { [file]: { imports } } };
}

describe('the browser build', () => {
  it('is what bundlers pick for petstore-mock/msw, petstore-mock/fixtures and petstore-mock/storybook under the browser condition', () => {
    expect(packageJson.exports['./msw']).toMatchObject({ browser: './dist/browser/msw.js', default: './dist/msw.js' });
    expect(packageJson.exports['./fixtures']).toMatchObject({ browser: './dist/browser/fixtures.js', default: './dist/fixtures.js' });
    expect(packageJson.exports['./storybook']).toMatchObject({ browser: './dist/browser/storybook.js', default: './dist/storybook.js' });
    // Types first and default last: conditions are read in order.
    for (const entry of ['./msw', './fixtures', './storybook']) expect(Object.keys(packageJson.exports[entry] as object)).toEqual(['types', 'browser', 'default']);
  });

  it.each(['msw', 'storybook'])('reaches no Node built-in from the %s entry npm test built', async entry => {
    const { build } = await import('esbuild');
    const result = await build({ entryPoints: [new URL(`dist/browser/${entry}.js`, root).pathname], bundle: true, write: false, platform: 'browser', format: 'esm', external: ['msw', 'msw/*'], metafile: true, logLevel: 'silent' });
    expect(Object.keys(result.metafile.inputs).filter(input => /^(node:|<define:process)/.test(input))).toEqual([]);
  });

  it.each([
    ['a node: import', 'import { readFile } from "node:fs/promises";', [{ path: 'node:fs/promises', kind: 'import-statement' }], /imports node:fs\/promises/],
    ['a bare require of a built-in', 'var p = require("path");', [], /loads path/],
    ['a dynamic node: import', 'await import("node:crypto");', [], /loads node:crypto/],
  ])('fails on %s in an output file, naming it', async (_what, text, imports, message) => {
    await expect(checkBrowserOutput(outputOf(text, imports))).rejects.toThrow(message);
  });

  it('lets a guarded module.require probe pass (lodash looks for util.types that way)', async () => {
    await expect(checkBrowserOutput(outputOf('try { freeModule.require("util").types } catch {}'))).resolves.toBeUndefined();
  });

  it('fails when the embedded document is missing or was compiled from another version of the YAML', () => {
    const yaml = 'openapi: 3.1.0\n';
    expect(() => checkEmbeddedDocument(yaml, undefined)).toThrow(/is missing/);
    expect(() => checkEmbeddedDocument(yaml, JSON.stringify({ sourceSha256: 'f'.repeat(64), compiled: {} }))).toThrow(/is stale/);
    const current = JSON.stringify({ sourceSha256: createHash('sha256').update(yaml).digest('hex'), compiled: {} });
    expect(() => checkEmbeddedDocument(yaml, current)).not.toThrow();
    expect(() => checkEmbeddedDocument(`${yaml}# edited\n`, current)).toThrow(/is stale/);
  });

  it('embeds the compiled document as a string that JSON.parse reads when the engine asks for it (not an object literal for V8 to parse as code)', () => {
    const chunks = new URL('dist/browser/chunks/', root);
    const texts = [new URL('dist/browser/msw.js', root), ...readdirSync(chunks).filter(file => file.endsWith('.js')).map(file => new URL(file, chunks))].map(file => readFileSync(file, 'utf8'));
    const literals = texts.flatMap(text => [...text.matchAll(/JSON\.parse\(('\{"sourceSha256":(?:[^'\\]|\\.)*')\)/g)].map(match => match[1] ?? ''));
    expect(literals).toHaveLength(1);
    expect(texts.some(text => /\{sourceSha256:"[0-9a-f]{64}"/.test(text))).toBe(false);
    // The string literal as the page reads it, then parsed as the page parses it.
    const embedded = JSON.parse(runInNewContext(literals[0] ?? '') as string) as unknown;
    expect(embedded).toEqual(JSON.parse(readFileSync(new URL('openapi/.petstore.compiled.json', root), 'utf8')));
  });

  it('checks every schema of the embedded document against its meta-schema, naming a bad one and where it is', async () => {
    const compiled = readFileSync(new URL('openapi/.petstore.compiled.json', root), 'utf8');
    await expect(checkDocumentSchemas(compiled)).resolves.toBe(1);
    const broken = JSON.parse(compiled) as { compiled: { prismOperations: { iid: string; request: { query: { schema: { type: string } }[] } }[] } };
    const listPets = broken.compiled.prismOperations.find(operation => operation.iid === 'listPets');
    const limit = listPets?.request.query[0];
    if (!limit) throw new Error('listPets has no query parameter');
    limit.schema.type = 'integr';
    await expect(checkDocumentSchemas(JSON.stringify(broken))).rejects.toThrow(/not valid JSON Schema:\n {2}listPets \.request\.query\[0\]\.schema: data\/type must be equal to one of the allowed values/);
  });
});
