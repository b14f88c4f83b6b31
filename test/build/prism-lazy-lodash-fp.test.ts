import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lodashFpOnUse, prismLazyLodashFp } from '../../scripts/prism-lazy-lodash-fp.mjs';

const require = createRequire(import.meta.url);
const SECURITY = require.resolve('@stoplight/prism-http/dist/validator/validators/security/index.js');

type ValidateSecurity = (input: { element: object; resource: object }) => unknown;

/** Prism's security validator bundled on its own, edited or not; and whether loading it converted lodash to lodash/fp. */
async function bundledSecurity(edited: boolean): Promise<{ validateSecurity: ValidateSecurity; fpLoaded: () => boolean }> {
  const { build } = await import('esbuild');
  const folder = mkdtempSync(join(tmpdir(), 'prism-lazy-lodash-fp-'));
  const outfile = join(folder, `security-${String(edited)}.cjs`);
  const marker = { name: 'mark-lodash-fp', setup: (builder: import('esbuild').PluginBuild) => builder.onLoad({ filter: /[\\/]lodash[\\/]fp\.js$/ }, args => ({ contents: `globalThis.lodashFpLoaded = true;\n${readFileSync(args.path, 'utf8')}`, loader: 'js' })) };
  await build({ entryPoints: [SECURITY], bundle: true, platform: 'node', format: 'cjs', outfile, plugins: edited ? [prismLazyLodashFp, marker] : [marker], logLevel: 'silent', mainFields: ['main', 'module'] });
  Reflect.deleteProperty(globalThis, 'lodashFpLoaded');
  const { validateSecurity } = require(outfile) as { validateSecurity: ValidateSecurity };
  return { validateSecurity, fpLoaded: () => Reflect.get(globalThis, 'lodashFpLoaded') === true };
}

describe('the build’s edit of Prism’s security validator (lodash/fp loaded on its one use)', () => {
  it('finds the text it edits in the installed Prism, and refuses other text loudly', () => {
    expect(lodashFpOnUse(readFileSync(SECURITY, 'utf8'))).not.toContain('require("lodash/fp");');
    expect(() => lodashFpOnUse('const fp_1 = require("lodash/fp");\nfp_1.get(x);')).toThrow(/no longer uses lodash\/fp as expected/);
  });

  it('loads no lodash/fp until a check fails, then tags the failure exactly as Prism does unedited', async () => {
    const resource = { security: [[{ id: 'b', key: 'bearer', type: 'http', scheme: 'bearer' }], [{ id: 'k', key: 'key', type: 'apiKey', name: 'x-key', in: 'header' }]] };
    const inputs = [{ headers: {} }, { headers: { authorization: 'Bearer t' } }, { headers: { authorization: 'Basic x' } }, { headers: { 'x-key': 'k' } }];
    const edited = await bundledSecurity(true);
    expect(edited.fpLoaded()).toBe(false);
    const editedResults = inputs.map(element => JSON.stringify(edited.validateSecurity({ element, resource })));
    expect(edited.fpLoaded()).toBe(true);
    const unedited = await bundledSecurity(false);
    expect(unedited.fpLoaded()).toBe(true);
    expect(editedResults).toEqual(inputs.map(element => JSON.stringify(unedited.validateSecurity({ element, resource }))));
    expect(editedResults[0]).toContain('tags');
  });
});
