import { transformOas3Operations } from '@stoplight/http-spec/oas3/operation';
import { describe, expect, it } from 'vitest';
import { withReferencesResolved } from '../../src/document/prism-references.js';
import { byReference, shareReferences } from '../../src/engine/schema/index.js';

/** Where the edit of Prism's validator reads what a bundle's maker saw (scripts/prism-lazy-ajv.mjs). */
const MARK = Symbol.for('petstore-mock.bundle-uses-evaluation-keywords');

function markOf(bundle: unknown): unknown {
  return (bundle as Record<symbol, unknown>)[MARK];
}

/** A 3.1 document whose `Folder` is recursive (an entry of the bundle), its own keywords `extra`. */
function folders(extra: Record<string, unknown>): object {
  return {
    openapi: '3.1.0',
    info: { title: 'Folders', version: '1' },
    paths: {
      '/folders': {
        post: {
          operationId: 'createFolder',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Folder' } } } },
          responses: { '201': { description: 'Created.' } },
        },
      },
    },
    components: {
      schemas: {
        Folder: { type: 'object', properties: { name: { type: 'string', examples: [{ unevaluatedProperties: 'data, not a keyword' }] }, children: { type: 'array', items: { $ref: '#/components/schemas/Folder' } } }, ...extra },
      },
    },
  };
}

function bundleOfOperations(source: object): unknown {
  const [operation] = withReferencesResolved(source, transformOas3Operations(source as Parameters<typeof transformOas3Operations>[0]));
  return (operation as unknown as { __bundled__?: unknown }).__bundled__;
}

describe("what a bundle's maker says of its evaluation keywords, for Prism's validator", () => {
  it("marks the operations' bundle as using none, though an example holds the keyword's name as data", () => {
    const bundle = bundleOfOperations(folders({}));
    expect(Object.keys(bundle as object)).toEqual(['components.schemas.Folder']);
    expect(markOf(bundle)).toBe(false);
    expect(JSON.stringify(bundle)).not.toContain('petstore-mock');
  });

  it("marks the operations' bundle as using them where a schema of it does", () => {
    expect(markOf(bundleOfOperations(folders({ unevaluatedProperties: false })))).toBe(true);
    expect(markOf(bundleOfOperations(folders({ $dynamicAnchor: 'node' })))).toBe(true);
  });

  it("marks the records' bundle, made by shareReferences or for one schema, the same way", () => {
    const recursive = (extra: Record<string, unknown>): Record<string, unknown> => {
      const folder: Record<string, unknown> = { type: 'object', properties: { name: { type: 'string', default: { unevaluatedItems: 1 } } }, ...extra };
      (folder['properties'] as Record<string, unknown>)['children'] = { type: 'array', items: folder };
      return folder;
    };
    const plain = recursive({});
    const closed = recursive({ unevaluatedProperties: false });
    expect(markOf(byReference(plain).bundle)).toBe(false);
    expect(markOf(byReference(closed).bundle)).toBe(true);
    const shared = [recursive({}), recursive({})];
    shareReferences(shared);
    expect(markOf(byReference(shared[0] as object).bundle)).toBe(false);
    const sharedClosed = [recursive({}), recursive({ unevaluatedItems: false })];
    shareReferences(sharedClosed);
    expect(markOf(byReference(sharedClosed[0] as object).bundle)).toBe(true);
  });
});
