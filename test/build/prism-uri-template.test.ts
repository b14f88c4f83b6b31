import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { templateWithoutEval } from '../../scripts/prism-uri-template.mjs';
import { FUZZ_PATHS } from '../support/fuzz-requests.js';

const require = createRequire(import.meta.url);
const INDEX = require.resolve('uri-template-lite');

interface UriTemplates {
  Template: new (template: string) => { match(uri: string): Record<string, unknown> | null };
}

/** uri-template-lite as edited by the build, in a realm that refuses code generation from strings (a strict CSP). */
function editedInStrictRealm(): UriTemplates {
  const context = createContext({}, { codeGeneration: { strings: false, wasm: false } });
  runInContext(templateWithoutEval(readFileSync(INDEX, 'utf8')), context);
  return runInContext('URI', context) as UriTemplates;
}

/** What `match` gives, or the error it throws, as data. */
function outcome(templates: UriTemplates, template: string, uri: string): string {
  try {
    return JSON.stringify(new templates.Template(template).match(uri));
  } catch (error) {
    return `throws ${(error as Error).name}: ${(error as Error).message}`;
  }
}

const TEMPLATES = [
  '/pets', '/pets/{petId}', '/store/orders/{orderId}/items/{itemId}', '/{a}/{a}', '{x}', '{+x}', '{#x}', '{.x}', '{/x}', '{;x}', '{?x,y}', '{&x}',
  '{x*}', '{/x*}', '{;x*}', '{?x*}', '{x:3}', '{/x:2}', '/files{/path*}{?q,lang}', '/v1/{kind}.{format}', '{var,hello}', '/a%20b/{c}', '/weird$(chars)[1]/{id}',
];
const URIS = [
  ...new Set(FUZZ_PATHS.map(path => path.split(/[?#]/)[0] ?? '')),
  '/pets/1', '/pets/a%2Fb', '/pets/%E2%82%AC', '/store/orders/7/items/9', '/x/x', '/x/y', 'abc', 'a,b,c', '/a/b/c', ';x=1', ';x=1,2', '?x=1&y=2', '?x=a,b', '&x=3',
  '.json', '/v1/dogs.json', 'hello,world', '/files/a/b?q=1&lang=en', '/a%20b/c', '/weird$(chars)[1]/5', '#frag', '+plus', '', '%zz', '/pets/%',
];

describe('uri-template-lite as the build edits it (its matcher made without Function())', () => {
  it('matches every template and path exactly as the original does, decoding errors included, where eval is refused', () => {
    const original = (require(INDEX) as { URI: UriTemplates }).URI;
    const edited = editedInStrictRealm();
    const differences: string[] = [];
    let matched = 0;
    for (const template of TEMPLATES) {
      for (const uri of URIS) {
        const expected = outcome(original, template, uri);
        if (expected !== 'null' && !expected.startsWith('throws')) matched++;
        const found = outcome(edited, template, uri);
        if (found !== expected) differences.push(`${template} on ${uri}: ${found} vs ${expected}`);
      }
    }
    expect(differences).toEqual([]);
    expect(matched).toBeGreaterThan(100);
  });

  it('makes each template once: the same template gives the same matcher, which matches as often as asked', () => {
    const edited = editedInStrictRealm();
    const first = new edited.Template('/pets/{petId}');
    expect(new edited.Template('/pets/{petId}')).toBe(first);
    expect(new edited.Template('/pets/{id}')).not.toBe(first);
    expect(first.match('/pets/1')).toEqual({ petId: '1' });
    expect(first.match('/pets/2')).toEqual({ petId: '2' });
    expect(first.match('/orders/2')).toBeNull();
  });

  it('the original needs eval: in the same realm it throws', () => {
    const context = createContext({}, { codeGeneration: { strings: false, wasm: false } });
    runInContext(readFileSync(INDEX, 'utf8'), context);
    expect(() => void runInContext('new URI.Template("/pets/{petId}")', context)).toThrow(/Code generation from strings disallowed/);
  });

  it('finds the text it edits in the installed release, and refuses other text loudly', () => {
    expect(templateWithoutEval(readFileSync(INDEX, 'utf8'))).not.toMatch(/\bFunction\(/);
    expect(() => templateWithoutEval('URI.Template = function () {}')).toThrow(/no longer builds its matcher with Function\(\) as expected/);
  });
});
