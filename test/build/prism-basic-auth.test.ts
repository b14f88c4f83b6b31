import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { basicAuthWithoutBuffer } from '../../scripts/prism-basic-auth.mjs';
import { createRandom } from '../support/random.js';

const require = createRequire(import.meta.url);
const BASIC_AUTH = require.resolve('@stoplight/prism-http/dist/validator/validators/security/handlers/basicAuth.js');

type Verdict = { _tag: 'Left' | 'Right' };
type HttpBasic = (input: { headers: Record<string, string> }) => Verdict;

/** Prism's basic check as the browser build edits it, in a realm with no Buffer (a page's). */
function editedWithoutBuffer(): HttpBasic {
  const folder = BASIC_AUTH.replace(/[\\/][^\\/]+$/, '');
  const load = (name: string): unknown => (name === './utils' ? require(require.resolve('./utils', { paths: [folder] })) : require(name));
  const context = createContext({ atob, exports: {}, require: load });
  runInContext(basicAuthWithoutBuffer(readFileSync(BASIC_AUTH, 'utf8')), context);
  expect(runInContext('typeof Buffer', context)).toBe('undefined');
  return (runInContext('exports', context) as { httpBasic: HttpBasic }).httpBasic;
}

describe('Prism’s check of HTTP basic credentials in a page', () => {
  it('gives the verdict Prism gives with Buffer for every token, without Buffer', () => {
    const { httpBasic } = require(BASIC_AUTH) as { httpBasic: HttpBasic };
    const edited = editedWithoutBuffer();
    const random = createRandom(11);
    const alphabet = Array.from('AZaz09+/=-_:.!é ');
    const tokens = ['dXNlcjpwYXNz', 'YTpiOmM=', 'Og==', 'YTpi', 'YTpi===', 'Zm9vOmJhcg', 'Zm9vOmJhcg=x', 'Zm9v-_mJhcg', '', btoa('ana:secret'), btoa('no colon'), btoa('a:b:c')];
    for (let index = 0; index < 20_000; index++) tokens.push(Array.from({ length: random.int(14) }, () => random.pick(alphabet)).join(''));
    // Encoded credentials with none, one or two colons, some bent (a character put in, padding cut or added).
    const text = Array.from('ab:c1 é');
    for (let index = 0; index < 5_000; index++) {
      const encoded = btoa(Array.from({ length: 1 + random.int(10) }, () => random.pick(text)).join('').replace('é', 'e'));
      const at = random.int(encoded.length + 1);
      const bend = random.int(4);
      tokens.push(bend === 0 ? encoded : bend === 1 ? `${encoded.slice(0, at)}${random.pick(alphabet)}${encoded.slice(at)}` : bend === 2 ? encoded.replace(/=+$/, '') : `${encoded}=`);
    }
    let accepted = 0;
    for (const token of tokens) {
      const headers = { authorization: `Basic ${token}` };
      const expected = httpBasic({ headers })._tag;
      expect(edited({ headers })._tag, token).toBe(expected);
      if (expected === 'Right') accepted++;
    }
    // Both verdicts were compared: tokens taken and tokens refused.
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(tokens.length - 100);
  });

  it('fails the build when Prism no longer decodes the token as it did', () => {
    expect(() => basicAuthWithoutBuffer('function isBasicToken(token) { return true; }')).toThrow(/review scripts\/prism-basic-auth\.mjs/);
  });
});
