import type { IHttpRequest } from '@stoplight/prism-http';
import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED_KEY_CHARACTERS, MAX_REMEMBERED_KEY_LENGTH, rememberVerdicts, requestIdentities, type PureStages, type RememberingStages, type RequestIdentities } from '../../src/engine/prism/prism-verdicts.js';
import { createEngine, type Engine } from '../../src/index.js';

type RouteOptions = Parameters<PureStages['route']>[0];
type CheckOptions = Parameters<PureStages['validateInput']>[0];

/** Stages that count their calls: security passes, input fails with one diagnostic per query value. */
function countingStages(): { stages: PureStages; calls: { route: number; security: number; input: number } } {
  const calls = { route: 0, security: 0, input: 0 };
  const stages = {
    route: () => {
      calls.route++;
      return { _tag: 'Right', right: { id: 'listPets', method: 'get', path: '/pets' } };
    },
    validateSecurity: ({ element }: CheckOptions) => {
      calls.security++;
      return { _tag: 'Right', right: element };
    },
    validateInput: ({ element }: CheckOptions) => {
      calls.input++;
      return { _tag: 'Left', left: Object.keys(element.url.query ?? {}).map(name => ({ code: 'enum', message: `${name} is not one of the statuses`, severity: 0 })) };
    },
  } as unknown as PureStages;
  return { stages, calls };
}

/** Decides `request` through the remembering stages, as the engine's Prism pipeline calls them. */
function decide(remembered: RememberingStages, request: IHttpRequest, identities: RequestIdentities): void {
  const routed = remembered.route({ resources: [], input: request }, identities);
  const resource = (routed as { right: CheckOptions['resource'] }).right;
  remembered.validateSecurity({ resource, element: request }, identities);
  remembered.validateInput({ resource, element: request }, identities);
}

const NO_CREDENTIAL_NAMES: ReadonlySet<string> = new Set();

const request = (path: string): IHttpRequest => ({ method: 'get', url: { path, query: { status: ['x'] } }, headers: {} });

describe('remembered Prism verdicts hold no request and no failure', () => {
  it('remembers the route and a passed security check of an identical request, but decides a failed input check afresh each time', () => {
    const { stages, calls } = countingStages();
    const memory = rememberVerdicts(stages, 16);
    for (let time = 0; time < 3; time++) decide(memory, request('/pets'), requestIdentities('get', '/pets', 'status=x', {}, false, NO_CREDENTIAL_NAMES));
    expect(calls).toEqual({ route: 1, security: 1, input: 3 });
  });

  it('remembers nothing of a request whose identity is longer than MAX_REMEMBERED_KEY_LENGTH', () => {
    const { stages, calls } = countingStages();
    const memory = rememberVerdicts(stages, 16);
    const headers = { 'x-pad': 'h'.repeat(MAX_REMEMBERED_KEY_LENGTH) };
    for (let time = 0; time < 2; time++) decide(memory, request('/pets'), requestIdentities('get', '/pets', 'status=x', headers, false, NO_CREDENTIAL_NAMES));
    // Its route is remembered by method and path alone, which are short.
    expect(calls).toEqual({ route: 1, security: 2, input: 2 });
  });

  it('remembers the route and passed credentials of requests with bodies, which differ in length, but validates each body', () => {
    const { stages, calls } = countingStages();
    const memory = rememberVerdicts(stages, 16);
    for (const length of ['10', '11', '12']) {
      const created = { ...request('/pets'), method: 'post' as const, body: { name: length } };
      decide(memory, created, requestIdentities('post', '/pets', '', { authorization: 'Bearer a', 'content-length': length }, true, NO_CREDENTIAL_NAMES));
    }
    expect(calls).toEqual({ route: 1, security: 1, input: 3 });
  });

  it('checks the credentials afresh for other headers, and for another length where the document makes content-length a credential', () => {
    const { stages, calls } = countingStages();
    const memory = rememberVerdicts(stages, 16);
    for (const token of ['a', 'b', 'a']) decide(memory, request('/pets/1'), requestIdentities('get', '/pets/1', '', { authorization: `Bearer ${token}` }, true, NO_CREDENTIAL_NAMES));
    expect(calls.security).toBe(2);
    for (const length of ['1', '2']) decide(memory, request('/pets/1'), requestIdentities('get', '/pets/1', '', { authorization: 'Bearer a', 'content-length': length }, true, new Set(['content-length'])));
    expect(calls.security).toBe(4);
  });

  it('holds no more than MAX_REMEMBERED_KEY_CHARACTERS characters of identities, whatever its capacity, the least recently used going first', () => {
    const { stages, calls } = countingStages();
    const memory = rememberVerdicts(stages, 1_000_000);
    const headers = { 'x-pad': 'h'.repeat(MAX_REMEMBERED_KEY_LENGTH - 100) };
    const identitiesOf = (index: number): RequestIdentities => requestIdentities('get', `/pets/${index}`, '', headers, false, NO_CREDENTIAL_NAMES);
    // One more than fit (each request's identity, and one shared identity of its credentials).
    const last = Math.ceil(MAX_REMEMBERED_KEY_CHARACTERS / String(identitiesOf(0).request).length);
    for (let index = 0; index <= last; index++) decide(memory, request(`/pets/${index}`), identitiesOf(index));
    const routed = calls.route;
    // The newest is still remembered; the first went to make room.
    decide(memory, request(`/pets/${last}`), identitiesOf(last));
    expect(calls.route).toBe(routed);
    decide(memory, request('/pets/0'), identitiesOf(0));
    expect(calls.route).toBe(routed + 1);
  });

  it('gives a bodiless request an identity of its method, URL and headers, and none to one with a body or longer than MAX_REMEMBERED_KEY_LENGTH', () => {
    expect(requestIdentities('GET', '/pets', '', { authorization: 'Bearer a' }, false, NO_CREDENTIAL_NAMES)).toEqual({ request: 'GET /pets?\nauthorization:Bearer a', route: 'GET /pets', credentials: '?\nauthorization:Bearer a' });
    expect(requestIdentities('POST', '/pets', '', { 'content-length': '2' }, true, NO_CREDENTIAL_NAMES)).toEqual({ request: undefined, route: 'POST /pets', credentials: '?' });
    expect(requestIdentities('GET', '/pets', '', { 'x-pad': 'h'.repeat(MAX_REMEMBERED_KEY_LENGTH) }, false, NO_CREDENTIAL_NAMES).request).toBeUndefined();
  });
});

describe('remembered routes of paths alike but for their parameters', () => {
  const operations = [
    { id: 'listPets', method: 'get', path: '/pets' },
    { id: 'getPet', method: 'get', path: '/pets/{petId}' },
    { id: 'deletePet', method: 'delete', path: '/pets/{petId}' },
    { id: 'getMine', method: 'get', path: '/pets/mine' },
    { id: 'getFile', method: 'get', path: '/files/{name}.json' },
  ];
  /** Prism's router as the pipeline hands it an operation set, counted: the operation of the method, else a refusal naming the path. */
  function routing(): { stages: PureStages; calls: string[] } {
    const calls: string[] = [];
    const stages = {
      route: ({ resources, input }: RouteOptions) => {
        calls.push(input.url.path);
        // A concrete match before a templated one, as Prism ranks them.
        const found = resources.find(resource => resource.method === input.method && resource.path === input.url.path) ?? resources.find(resource => resource.method === input.method);
        return found ? { _tag: 'Right', right: found } : { _tag: 'Left', left: new Error(`The route ${input.url.path} hasn't been found`) };
      },
    } as unknown as PureStages;
    return { stages, calls };
  }
  const route = (memory: RememberingStages, method: string, path: string, candidates: readonly string[]): unknown =>
    memory.route({ resources: operations.filter(operation => candidates.includes(operation.id)), input: { method, url: { path }, headers: {} } } as unknown as RouteOptions, requestIdentities(method, path, '', {}, false, NO_CREDENTIAL_NAMES));

  it('asks Prism once for reads of ever new ids among the same operations, and again for another method, other operations, or a literal segment', () => {
    const { stages, calls } = routing();
    const memory = rememberVerdicts(stages, 64);
    for (const id of ['1', '2', '3', 'x%20y', '']) expect(route(memory, 'get', `/pets/${id}`, ['getPet', 'deletePet'])).toMatchObject({ right: { id: 'getPet' } });
    expect(route(memory, 'delete', '/pets/4', ['getPet', 'deletePet'])).toMatchObject({ right: { id: 'deletePet' } });
    // `/pets/mine` is also a literal path: its candidates differ, and so does the answer.
    expect(route(memory, 'get', '/pets/mine', ['getMine', 'getPet', 'deletePet'])).toMatchObject({ right: { id: 'getMine' } });
    expect(calls).toEqual(['/pets/1', '/pets/4', '/pets/mine']);
  });

  it('asks Prism each time where a segment takes a parameter within text, and where it refused: its refusal names the very path', () => {
    const { stages, calls } = routing();
    const memory = rememberVerdicts(stages, 64);
    for (const name of ['a', 'b']) route(memory, 'get', `/files/${name}.json`, ['getFile']);
    for (const id of ['5', '6']) expect(route(memory, 'post', `/pets/${id}`, ['getPet', 'deletePet'])).toMatchObject({ left: { message: `The route /pets/${id} hasn't been found` } });
    expect(calls).toEqual(['/files/a.json', '/files/b.json', '/pets/5', '/pets/6']);
  });
});

describe('remembered routes of path shapes, through Prism’s own router', () => {
  const answer = (op: string): object => ({ 200: { description: 'ok', content: { 'application/json': { example: { op } } } } });
  const parameter = (name: string): object => ({ name, in: 'path', required: true, schema: { type: 'string' } });
  const opOf = async (engine: Engine, url: string): Promise<unknown> => {
    const response = await engine.handle({ method: 'GET', url, headers: {} });
    return response.status === 200 ? (JSON.parse(response.body ?? '{}') as { op: unknown }).op : response.status;
  };

  it('routes a path as Prism does whatever was asked before, a segment that reads as an operation’s template included', async () => {
    // Prism ranks the operation whose template a segment reads as first (`/{a}/x` is op one's very text).
    const document = { openapi: '3.0.3', info: { title: 'Tie', version: '1' }, paths: { '/{owner}/x': { get: { operationId: 'one', parameters: [parameter('owner')], responses: answer('one') } }, '/{a}/{b}': { get: { operationId: 'two', parameters: [parameter('a'), parameter('b')], responses: answer('two') } } } };
    const fresh = async (url: string): Promise<unknown> => opOf(await createEngine({ document: structuredClone(document) }), url);
    const expected = { '/{a}/x': await fresh('/{a}/x'), '/foo/x': await fresh('/foo/x') };
    for (const order of [['/{a}/x', '/foo/x'], ['/foo/x', '/{a}/x']]) {
      const engine = await createEngine({ document: structuredClone(document) });
      for (const url of order) expect(await opOf(engine, url)).toBe(expected[url as keyof typeof expected]);
    }
  });

  it('keeps whole a segment Prism matches only as its own text (`{+name}`, whose `+` defeats its wildcard)', async () => {
    const document = { openapi: '3.0.3', info: { title: 'Plus', version: '1' }, paths: { '/{+name}': { get: { operationId: 'named', parameters: [parameter('+name')], responses: answer('named') } } } };
    const engine = await createEngine({ document: structuredClone(document) });
    const before = await opOf(engine, '/projects');
    await opOf(engine, '/%7B%2Bname%7D');
    expect(await opOf(engine, '/projects')).toBe(before);
    expect(await opOf(engine, '/other')).toBe(before);
  });
});
