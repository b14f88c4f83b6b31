import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { mediaTypeMatchKept, mimeHeaderKept } from '../../scripts/prism-media-types-kept.mjs';

const require = createRequire(import.meta.url);
const MATCH = require.resolve('@stoplight/prism-http/dist/validator/utils/wildcardMediaTypeMatch.js');
const HEADERS = require.resolve('@stoplight/prism-http/dist/validator/validators/headers.js');

/** A CommonJS module of Prism's, as the build edits it, loaded beside the original (its own requires resolved from its place). */
function editedModule(path: string, edit: (source: string) => string): unknown {
  const module = { exports: {} };
  const load = runInThisContext(`(function (exports, require, module) {${edit(readFileSync(path, 'utf8'))}\n})`) as (exports: unknown, require: NodeJS.Require, module: unknown) => void;
  load(module.exports, createRequire(path), module);
  return module.exports;
}

const MEDIA_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/*', '*/*', 'application/vnd.api+json', 'application/hal+json; v=1',
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=abc', 'not a type', '', 'application/', '/json', 'a'.repeat(300),
];

describe("Prism's media type helpers as the build edits them (their results kept by the texts given)", () => {
  it('match every pair of media types as the originals do, asked once or again', () => {
    type Match = { wildcardMediaTypeMatch(a: string, b: string): boolean };
    const original = require(MATCH) as Match;
    const edited = editedModule(MATCH, mediaTypeMatchKept) as Match;
    const differences: string[] = [];
    for (let round = 0; round < 2; round++) {
      for (const a of MEDIA_TYPES) {
        for (const b of MEDIA_TYPES) {
          if (edited.wildcardMediaTypeMatch(a, b) !== original.wildcardMediaTypeMatch(a, b)) differences.push(`${a} ~ ${b}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it("parse every Content-Type as the original does, a copy each time, and throw each time for one that does not parse", () => {
    type Headers = { parseMIMEHeader(header: string): [string | undefined, string] };
    const original = require(HEADERS) as Headers;
    const edited = editedModule(HEADERS, mimeHeaderKept) as Headers;
    for (const header of MEDIA_TYPES) {
      const expected = (() => {
        try {
          return original.parseMIMEHeader(header);
        } catch (error) {
          return `throws ${(error as Error).message}`;
        }
      })();
      for (let round = 0; round < 2; round++) {
        let found: unknown;
        try {
          found = edited.parseMIMEHeader(header);
        } catch (error) {
          found = `throws ${(error as Error).message}`;
        }
        expect(found).toEqual(expected);
      }
    }
    const first = edited.parseMIMEHeader('application/json');
    first[1] = 'changed';
    expect(edited.parseMIMEHeader('application/json')).toEqual([undefined, 'application/json']);
  });

  it('find the text they edit in the installed release, and refuse other text loudly', () => {
    expect(mediaTypeMatchKept(readFileSync(MATCH, 'utf8'))).toContain('keptResults(wildcardMediaTypeMatch');
    expect(() => mediaTypeMatchKept('exports.other = 1;')).toThrow(/no longer exports it as expected/);
    expect(() => mimeHeaderKept('exports.other = 1;')).toThrow(/no longer exports parseMIMEHeader as expected/);
  });
});
