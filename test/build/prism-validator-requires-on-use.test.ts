import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type PluginBuild } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { leanRequires } from '../../scripts/lean-requires.mjs';
import { bodyValidatorRequiresOnUse, prismValidatorRequiresOnUse } from '../../scripts/prism-validator-requires-on-use.mjs';

const require = createRequire(import.meta.url);
const BODY = require.resolve('@stoplight/prism-http/dist/validator/validators/body.js');
/** Prism's `ValidationContext.Input`. */
const INPUT = 0;

/** Marks json-schema-merge-allof, when it is evaluated, on `globalThis.mergeAllOfEvaluated`. */
const markMergeAllOf = {
  name: 'mark-merge-allof',
  setup: (builder: PluginBuild) =>
    builder.onLoad({ filter: /json-schema-merge-allof[\\/]src[\\/]index\.js$/ }, args => ({ contents: `globalThis.mergeAllOfEvaluated = true;\n${readFileSync(args.path, 'utf8')}`, loader: 'js' })),
};

interface Validator {
  validateBody(target: unknown, specs: object[], context: number, mediaType: string): { _tag: string; left?: { message: string }[] };
}

/** Prism's body validator, bundled as the browser build does, or unedited. */
async function bundledValidator(edited: boolean): Promise<Validator> {
  const folder = mkdtempSync(join(tmpdir(), 'prism-validator-on-use-'));
  const entry = join(folder, 'entry.cjs');
  writeFileSync(entry, `module.exports = { validateBody: require(${JSON.stringify(BODY)}).validate };\n`);
  const outfile = join(folder, `validator-${String(edited)}.cjs`);
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', mainFields: ['main', 'module'], logLevel: 'silent', plugins: [...(edited ? [prismValidatorRequiresOnUse] : []), leanRequires, markMergeAllOf] });
  return require(outfile) as Validator;
}

const mergeAllOfEvaluated = (): unknown => Reflect.get(globalThis, 'mergeAllOfEvaluated');

describe('the browser build’s edit of Prism’s body validator (the allOf merger required on its first call)', () => {
  it('finds the text it edits in the installed Prism, and refuses other text loudly', () => {
    expect(bodyValidatorRequiresOnUse(readFileSync(BODY, 'utf8'))).toContain('mergeAllOfLoaded ??=');
    expect(() => bodyValidatorRequiresOnUse('const x = 1;')).toThrow(/no longer uses json-schema-merge-allof as expected/);
    expect(() => bodyValidatorRequiresOnUse('const mergeAllOf = require("@stoplight/json-schema-merge-allof");\nexports.merge = mergeAllOf;')).toThrow(/no longer uses/);
  });

  it('does not evaluate the merger when the validator loads, but on its first call, with the same verdicts as unedited', async () => {
    Reflect.deleteProperty(globalThis, 'mergeAllOfEvaluated');
    const edited = await bundledValidator(true);
    expect(mergeAllOfEvaluated()).toBeUndefined();
    const spec = { mediaType: 'application/json', examples: [], encodings: [], schema: { allOf: [{ type: 'object', required: ['name'] }, { properties: { name: { type: 'string', maxLength: 3 } } }] } };
    const bodies = [{ name: 'Rex' }, { name: 'Rexxx' }, {}];
    const verdicts = bodies.map(body => edited.validateBody(body, [spec], INPUT, 'application/json'));
    expect(mergeAllOfEvaluated()).toBe(true);
    expect(verdicts.map(verdict => verdict._tag)).toEqual(['Right', 'Left', 'Left']);
    const unedited = await bundledValidator(false);
    expect(bodies.map(body => unedited.validateBody(body, [spec], INPUT, 'application/json'))).toEqual(verdicts);
  }, 60_000);
});
