import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, createMockServer, ERROR_CODES, type Engine, type MockRequest, type MockResponse, type MockServer } from '../src/index.js';
import { createRandom } from './support/random.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'get', 'BREW'];
const PATHS = [
  '/v1/pets', '/v1/pets/', '/v1/pets/1', '/v1/pets/0', '/v1/pets/-1', '/v1/pets/99999999999999999999', '/v1/pets/1e3',
  '/v1/pets/%00', '/v1/pets/%E0%A4%A', '/v1/pets/..%2F..', '/v1/pets//1', '/v1', '/v1/', '/v1/store/orders', '/v1/store',
  '/__admin/health', '/__admin/reset', '/', '', '/v2/pets', '/v1/pets?limit=', '/v1/pets?limit=5&limit=6',
  '/v1/pets?status=available&status=sold', '/v1/pets?limit=%FF', '/v1/pets?__proto__=1&constructor=2', '/v1/pets#frag',
  '/v1/pets?limit=1e2', '/v1/pets?limit=-0', '/v1/pets?limit=0x10', '/v1/pets?status[]=sold', 'http://other.example/v1/pets',
  '/__admin/requests', '/__admin/other', '/v1/pets?__code=404', '/v1/pets/1?__code=410&__example=sunset', '/v1/pets?__dynamic=true&__seed=',
  '/v1/pets?__code=&__delay=x', '/v1/pets/2?__example=bella&__code=200', '/v1/store/orders?__code=501&__dynamic=true',
];
const PREFERS = [
  undefined, 'code=404', 'code=418', 'code=abc', 'code=401', 'code=503', 'code=201', 'code=400, dynamic=true', 'example=twoPets', 'example=missing',
  'dynamic=true', 'dynamic=true; seed=3', 'dynamic=maybe', 'delay=0', 'delay=-1', 'return=minimal', 'code=', '=,;', 'code=200, example=bella',
];
const SESSIONS = [undefined, 'a', 'b', 'worker-1', '', 'bad id', 'x'.repeat(200), '../etc'];
const CONTENT_TYPES = [
  undefined, 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml', 'multipart/form-data',
  'multipart/form-data; boundary=xyz', 'application/x-www-form-urlencoded', 'application/json; =', ';;;', 'application/problem+json',
  '*/*', 'application/*', 'APPLICATION/JSON', 'application/json;charset=', 'text/html; charset=utf-8',
];
const AUTHORIZATIONS = [undefined, 'Bearer k', 'Bearer', 'Bearer ', 'bearer k', 'Basic Zm9vOmJhcg==', 'Token x', 'Bearer k k', 'Bearer \u00e9', ''];
const BODIES = [
  undefined, '', '{}', '[]', 'null', 'true', '0', '"str"', '{"name":"a","categoryId":1}', '{"name":"a","categoryId":1,"status":"sold"}',
  '{"name":null,"categoryId":null}', '{"name":"a","categoryId":1e400}', '{"name":"a","categoryId":-9007199254740993}',
  '{"__proto__":{"x":1},"name":"a","categoryId":1}', '{"name":"a","categoryId":1,"status":{"$ref":"#/x"}}', '{"a":', '\u0000\u0001',
  '<xml/>', 'name=a&categoryId=1', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--', '{"name":"' + 'a'.repeat(5000) + '","categoryId":1}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', '\uFEFF{"name":"a","categoryId":1}',
];
const KNOWN_STATUSES = new Set([200, 201, 204, ...Object.values(ERROR_CODES).filter(status => status !== 500)]);

/** The journal lists when each engine received a request, which differs between two engines. */
function withoutJournalTimes(response: MockResponse): MockResponse {
  if (!response.body?.startsWith('{"requests":')) return response;
  const journal = JSON.parse(response.body) as { requests: { time?: string }[] };
  for (const entry of journal.requests) delete entry.time;
  return { ...response, body: JSON.stringify(journal) };
}

function randomRequest(random: ReturnType<typeof createRandom>): MockRequest {
  const headers: Record<string, string> = {};
  const authorization = random.pick(AUTHORIZATIONS);
  if (authorization !== undefined) headers[random.next() < 0.5 ? 'authorization' : 'Authorization'] = authorization;
  const contentType = random.pick(CONTENT_TYPES);
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (random.next() < 0.2) headers['content-length'] = random.pick(['0', '1', '-1', 'abc', '99999999999']);
  if (random.next() < 0.2) headers['origin'] = 'http://localhost:3000';
  if (random.next() < 0.1) headers['access-control-request-method'] = random.pick(['GET', 'POST', '']);
  const prefer = random.next() < 0.3 ? random.pick(PREFERS) : undefined;
  if (prefer !== undefined) headers['prefer'] = prefer;
  const session = random.next() < 0.3 ? random.pick(SESSIONS) : undefined;
  if (session !== undefined) headers['x-petstore-session'] = session;
  const body = random.pick(BODIES);
  return { method: random.pick(METHODS), url: random.pick(PATHS), headers, ...(body !== undefined && { body: random.next() < 0.5 ? body : new TextEncoder().encode(body) }) };
}

describe('the engine under seeded random requests', () => {
  let engine: Engine;
  const reported: string[] = [];
  beforeAll(async () => {
    engine = await createEngine({ validateResponses: true, onError: message => reported.push(message) });
  });

  it('answers exactly as an engine that remembers no Prism verdicts', async () => {
    const forgetful = await createEngine({ validateResponses: true, rememberedVerdicts: 0, onError: message => reported.push(message) });
    const remembering = await createEngine({ validateResponses: true, rememberedVerdicts: 16, onError: message => reported.push(message) });
    const random = createRandom(42);
    for (let index = 0; index < 2_000; index++) {
      const request = randomRequest(random);
      const [expected, actual] = [withoutJournalTimes(await forgetful.handle(request)), withoutJournalTimes(await remembering.handle(request))];
      expect(actual, `${request.method} ${request.url} ${JSON.stringify(request.headers)}`).toEqual(expected);
    }
    expect(reported).toEqual([]);
  });

  it('answers 2,000 random requests with a known status and an Error body on every error', async () => {
    const random = createRandom(20301205);
    for (let index = 0; index < 2_000; index++) {
      const request = randomRequest(random);
      const response = await engine.handle(request);
      const label = `${request.method} ${request.url} ${JSON.stringify(request.headers)} → ${response.status} ${response.body ?? ''}`;
      expect(KNOWN_STATUSES.has(response.status), label).toBe(true);
      if (response.status >= 400) {
        const body = JSON.parse(response.body ?? 'null') as Record<string, unknown>;
        expect(Object.keys(body).sort(), label).toEqual(['code', 'message', 'status']);
        expect(body['status'], label).toBe(response.status);
      }
    }
    expect(reported).toEqual([]);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});

describe('the HTTP server under seeded random requests', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await createMockServer({ port: 0, validateResponses: true, onError: () => undefined });
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps answering after 300 random requests over real sockets', async () => {
    const random = createRandom(7);
    for (let index = 0; index < 300; index++) {
      const request = randomRequest(random);
      const method = /^[A-Z]+$/.test(request.method) && !['TRACE', 'BREW'].includes(request.method) ? request.method : 'GET';
      const body = method !== 'GET' && method !== 'HEAD' ? request.body : undefined;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && name.toLowerCase() !== 'content-length') headers[name] = value;
      const path = request.url.startsWith('/') ? request.url : '/v1/pets';
      const response = await fetch(`${server.origin}${path}`, { method, headers, ...(body !== undefined && { body: typeof body === 'string' ? body : new Blob([body as Uint8Array<ArrayBuffer>]) }) }).catch((error: unknown) => error);
      expect(response, `${method} ${path}`).toBeInstanceOf(Response);
      expect((response as Response).status).not.toBe(500);
      await (response as Response).arrayBuffer();
    }
    expect((await fetch(`${server.origin}/__admin/health`)).status).toBe(200);
  });
});
