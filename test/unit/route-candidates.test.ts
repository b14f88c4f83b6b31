import router from '@stoplight/prism-http/dist/router/index.js';
import type { IHttpRequest, PrismHttpComponents } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRouteCandidates } from '../../src/engine/prism/route-candidates.js';
import { createEngine } from '../../src/index.js';
import { createRandom } from '../support/random.js';

const route: PrismHttpComponents['route'] = (router as { default: unknown }).default === undefined ? (router as unknown as PrismHttpComponents['route']) : router.default;
const corpus = (name: string): string => fileURLToPath(new URL(`../documents/corpus/${name}`, import.meta.url));

/** Prism's verdict, comparable: the operation routed to, or the error's status and message. */
function verdict(resources: IHttpOperation[], method: string, path: string): string {
  const input = { method: method as IHttpRequest['method'], url: { path }, headers: {} };
  const routed = route({ resources, input });
  if (routed._tag === 'Right') return `operation ${routed.right.method} ${routed.right.path} (${routed.right.id})`;
  const error = routed.left as Error & { status?: number };
  return `error ${error.status ?? '-'} ${error.message}`;
}

/** Paths a client might send to these operations: each filled in, and bent (percent-escapes, extra or missing segments, another case, trailing slashes). */
function pathsFor(operations: readonly IHttpOperation[], draws: number): string[] {
  const random = createRandom(7);
  const pick = <T>(values: readonly T[]): T => random.pick(values);
  const fills = ['1', '987654', 'abc', 'a%20b', '%E2%9C%93', '%zz', '', 'x.json', '{id}'];
  const paths: string[] = ['/', '//', '/nothing/here'];
  for (let index = 0; index < draws; index++) {
    const operation = pick(operations);
    let path = operation.path.replace(/{[^}]+}/g, () => pick(fills));
    const bend = random.next();
    if (bend < 0.15) path = `${path}/`;
    else if (bend < 0.3) path = `${path}/${pick(fills)}`;
    else if (bend < 0.4) path = path.split('/').slice(0, -1).join('/') || '/';
    else if (bend < 0.5) path = path.toUpperCase();
    else if (bend < 0.6) path = path.replace(/[a-z]/, letter => `%${letter.charCodeAt(0).toString(16)}`);
    paths.push(path);
  }
  return paths;
}

describe('the operations Prism’s router is handed', () => {
  for (const name of ['spring-petclinic-rest.yaml', 'swagger-petstore-v3.yaml', 'petstore-expanded.yaml']) {
    it(`routes every request to the same operation, 404 or 405 as among all the operations of ${name}`, async () => {
      const engine = await createEngine({ documentPath: corpus(name) });
      const operations = [...engine.document.prismOperations];
      const candidatesFor = createRouteCandidates(operations);
      const paths = pathsFor(operations, 400);
      let routedToOne = 0;
      for (const path of paths) {
        for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
          const expected = verdict(operations, method, path);
          expect(verdict(candidatesFor(path), method, path), `${method} ${path}`).toBe(expected);
          if (expected.startsWith('operation')) routedToOne++;
        }
      }
      // The paths reached operations, and also missed them: both kinds were compared.
      expect(routedToOne).toBeGreaterThan(100);
      expect(routedToOne).toBeLessThan(paths.length * 5);
    });
  }

  it('hands Prism only the operations whose literal segments and length fit the path, in the document’s order', () => {
    const operation = (id: string, path: string): IHttpOperation => ({ id, iid: id, method: 'get', path, responses: [] });
    const operations = [operation('a', '/things/{id}'), operation('b', '/things/mine'), operation('c', '/other/{id}'), operation('d', '/things/{id}/parts'), operation('e', '/things/{id}.json')];
    const candidatesFor = createRouteCandidates(operations);
    expect(candidatesFor('/things/mine').map(each => each.id)).toEqual(['a', 'b', 'e']);
    expect(candidatesFor('/things/7/parts').map(each => each.id)).toEqual(['d']);
    expect(candidatesFor('/th%69ngs/7/parts').map(each => each.id)).toEqual(['d']);
    // No operation fits: the first stands in, so that Prism answers its own 404.
    expect(candidatesFor('/nowhere').map(each => each.id)).toEqual(['a']);
  });
});
