import type { IHttpRequest } from '@stoplight/prism-http';
import { validateInput } from '@stoplight/prism-http/dist/validator/index.js';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/document/index.js';
import { withoutEmptyParameterLists } from '../../src/engine/prism/prism-pipeline.js';
import { randomRequest } from '../support/fuzz-requests.js';
import { createRandom } from '../support/random.js';

const DOCUMENTS = [undefined, 'test/documents/corpus/spring-petclinic-rest.yaml', 'test/documents/corpus/petstore-expanded.yaml', 'test/documents/corpus/swagger-petstore-v3.yaml'];

/** A fuzzed request as Prism is handed it: its query and JSON body read, the base path left on (every operation is tried against it). */
function prismRequest(random: ReturnType<typeof createRandom>): IHttpRequest {
  const { method, url, headers, body } = randomRequest(random);
  const [path = '/', search = ''] = url.split('?');
  const values = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(search)) values.set(name, [...(values.get(name) ?? []), value]);
  const query = Object.fromEntries(values);
  const text = typeof body === 'string' ? body : body === undefined ? undefined : new TextDecoder().decode(body);
  let parsed: unknown = text;
  try {
    parsed = text === undefined ? undefined : JSON.parse(text);
  } catch {
    // Handed as the text it is.
  }
  const lowered = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value ?? '']));
  return { method: method.toLowerCase() as IHttpRequest['method'], url: { path: path.replace(/^\/v1/, ''), query }, headers: lowered, ...(parsed !== undefined && { body: parsed }) };
}

/** Prism's verdict as data: passed, or its diagnostics; a throw as its message. */
function verdict(check: () => ReturnType<typeof validateInput>): string {
  try {
    const result = check();
    return result._tag === 'Right' ? 'passed' : JSON.stringify(result.left);
  } catch (error) {
    return `throws ${(error as Error).message}`;
  }
}

describe("Prism's input validation of an operation whose parameter lists declare nothing", () => {
  it('gives every fuzzed request the same verdict with those lists left out as with them, for every operation of four documents', async () => {
    const random = createRandom(28);
    const differences: string[] = [];
    let trimmed = 0;
    let failed = 0;
    for (const path of DOCUMENTS) {
      const document = await loadDocument(path);
      const requests = Array.from({ length: 150 }, () => prismRequest(random));
      for (const operation of document.prismOperations) {
        const forInput = withoutEmptyParameterLists(operation);
        if (forInput !== operation) trimmed++;
        for (const element of requests) {
          // Each against the operation's own path, parameters filled, and against the path fuzzed.
          for (const request of [element, { ...element, url: { ...element.url, path: operation.path.replace(/\{[^}]+\}/g, '7') } }]) {
            const expected = verdict(() => validateInput({ resource: operation, element: request }));
            if (expected !== 'passed') failed++;
            const found = verdict(() => validateInput({ resource: forInput, element: request }));
            if (found !== expected) differences.push(`${operation.method} ${operation.path} ${JSON.stringify(request)}: ${found} vs ${expected}`);
          }
        }
      }
    }
    expect(differences.slice(0, 5)).toEqual([]);
    expect(trimmed).toBeGreaterThan(10);
    expect(failed).toBeGreaterThan(100);
  });

  it('leaves an operation that declares something in each list as it is, and keeps the body and the bundle of one it trims', async () => {
    const document = await loadDocument();
    for (const operation of document.prismOperations) {
      const forInput = withoutEmptyParameterLists(operation);
      expect(forInput.request?.body).toBe(operation.request?.body);
      expect((forInput as { __bundled__?: unknown }).__bundled__).toBe((operation as { __bundled__?: unknown }).__bundled__);
      for (const list of ['headers', 'query', 'path'] as const) {
        if ((operation.request?.[list]?.length ?? 0) > 0) expect(forInput.request?.[list]).toBe(operation.request?.[list]);
        else expect(forInput.request?.[list]).toBeUndefined();
      }
    }
    const declaring = { id: 'x', method: 'get', path: '/x/{id}', responses: [], request: { headers: [{ name: 'h', style: 'simple' }], query: [{ name: 'q', style: 'form' }], path: [{ name: 'id', style: 'simple' }] } };
    expect(withoutEmptyParameterLists(declaring as never)).toBe(declaring);
  });
});
