import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ajvInPage } from '../../scripts/ajv-on-demand.mjs';
import { browserBuildOptions } from '../../scripts/build-options.mjs';
import { prismLazyAjv } from '../../scripts/prism-lazy-ajv.mjs';
import { collectValidatedSchemas, precompiledValidatorModules, precompiledValidatorsPlugin } from '../../scripts/prism-precompiled-validators.mjs';
import { compileDocument } from '../../src/document/compile-document.js';

const UTILS = createRequire(import.meta.url).resolve('@stoplight/prism-http/dist/validator/validators/utils.js');

/**
 * The inputs of the browser build's chunks that a page loads before its first answer: msw.js and what
 * it imports statically, the engine among them (src/msw/load-engine-module.browser.ts).
 */
function inputsBeforeFirstAnswer(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const pending = Object.keys(outputs).filter(name => outputs[name]?.entryPoint === 'src/msw/index.ts');
  const seen = new Set<string>();
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    for (const imported of outputs[name]?.imports ?? []) {
      if (outputs[imported.path] && imported.kind !== 'dynamic-import') pending.push(imported.path);
    }
  }
  return [...seen].flatMap(name => Object.entries(outputs[name]?.inputs ?? {}).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])));
}

describe('the browser build, up to a page’s first answer', () => {
  it('loads neither Ajv’s compiler, nor the whole of lodash.js, nor all of mime-db, nor fp-ts’s CommonJS modules', async () => {
    const { metafile } = await build({ ...browserBuildOptions, write: false, logLevel: 'silent' });
    const inputs = inputsBeforeFirstAnswer(metafile);
    // Prism's validator, which the first answer needs, is there: the engine is in msw.js's own
    // chunks (evaluated when it starts, src/msw/load-engine-module.browser.ts), not a chunk of its own.
    expect(inputs.some(input => input.endsWith('prism-http/dist/validator/validators/utils.js'))).toBe(true);
    expect(Object.keys(metafile.outputs).filter(output => /engine-module/.test(output))).toEqual([]);
    expect(inputs.filter(input => /node_modules[\\/]ajv[\\/]dist[\\/](core|compile[\\/]index|vocabularies[\\/]applicator[\\/]index)\.js$/.test(input))).toEqual([]);
    expect(inputs.filter(input => /node_modules[\\/]lodash[\\/]lodash(\.min)?\.js$/.test(input))).toEqual([]);
    // What Prism reads of fp-ts comes from its ES build, of which the bundler keeps that (scripts/lean-fp-ts.mjs).
    expect(inputs.filter(input => /node_modules[\\/]fp-ts[\\/]lib[\\/]/.test(input))).toEqual([]);
    expect(inputs.some(input => /node_modules[\\/]fp-ts[\\/]es6[\\/]Either\.js$/.test(input))).toBe(true);
    // The document's media types only (scripts/browser-build.mjs), not the database's ~2,500.
    const mimeDatabase = Object.entries(metafile.inputs).filter(([input]) => inputs.includes(input) && /mime-db[\\/]db\.json$/.test(input));
    expect(mimeDatabase.map(([, { bytes }]) => bytes).every(bytes => bytes < 4_096)).toBe(true);
  }, 60_000);
});

describe('Ajv’s compiler in a page (scripts/ajv-on-demand.mjs, ajvInPage: a chunk of its own)', () => {
  /** Prism's validator as the browser build edits it, with the loader of Ajv's chunk, built into a folder of chunks. */
  async function pageValidator(): Promise<{ validate: (value: unknown, schema: object, coerce: boolean, context: string) => { _tag: string; value?: unknown }; loadAjvCompiler: () => Promise<void>; chunks: string[] }> {
    const folder = mkdtempSync(join(tmpdir(), 'ajv-in-page-'));
    const entry = join(folder, 'entry.mjs');
    writeFileSync(entry, `export { validateAgainstSchema } from ${JSON.stringify(UTILS)};\nexport { loadAjvCompiler } from 'petstore-mock:ajv-compiler';\n`);
    const precompiledValidators = precompiledValidatorsPlugin(() => precompiledValidatorModules({ sourceSha256: 'test', compiled: compileDocument(readFileSync('openapi/petstore.yaml', 'utf8')) }));
    const { metafile } = await build({ entryPoints: [entry], outdir: join(folder, 'out'), bundle: true, splitting: true, format: 'esm', platform: 'node', mainFields: ['main', 'module'], metafile: true, logLevel: 'silent', plugins: [prismLazyAjv, ajvInPage, precompiledValidators] });
    const loaded = (await import(pathToFileURL(join(folder, 'out', 'entry.js')).href)) as { validateAgainstSchema: never; loadAjvCompiler: () => Promise<void> };
    return { validate: loaded.validateAgainstSchema, loadAjvCompiler: loaded.loadAjvCompiler, chunks: Object.keys(metafile.outputs) };
  }

  it('is a chunk the validator does not import, and the package document’s schemas are validated without it', async () => {
    const { validate, chunks } = await pageValidator();
    expect(chunks.some(chunk => /ajv-compiler-\w+\.js$/.test(chunk))).toBe(true);
    const [precompiled] = collectValidatedSchemas(compileDocument(readFileSync('openapi/petstore.yaml', 'utf8')));
    if (!precompiled) throw new Error('The package document has no validated schema.');
    expect(validate({ limit: 'x' }, precompiled.schema, precompiled.coerce, 'input')._tag).toBe('Some');
  }, 60_000);

  it('throws on a schema that needs it before it is loaded, rather than pass the value unchecked, and validates once it is', async () => {
    const { validate, loadAjvCompiler } = await pageValidator();
    const schema = { type: 'object', properties: { age: { type: 'integer' } } };
    expect(() => validate({ age: 'old' }, schema, false, 'body')).toThrow(expect.objectContaining({ name: 'AjvCompilerNotLoadedError' }) as Error);
    await loadAjvCompiler();
    const verdict = validate({ age: 'old' }, schema, false, 'body');
    expect(verdict._tag).toBe('Some');
    expect(JSON.stringify(verdict.value)).toContain('must be integer');
    expect(validate({ age: 3 }, schema, false, 'body')._tag).toBe('None');
  }, 60_000);
});
