import { ERROR_CODES, type MockRequest } from '../../src/index.js';
import type { createRandom } from './random.js';

type Random = ReturnType<typeof createRandom>;

/** The API key and admin token of the fuzzed mocks that check them. */
export const FUZZ_API_KEY = 'k';
export const FUZZ_ADMIN_TOKEN = 'admin';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'get', 'BREW'];
/** Paths and query strings, valid and hostile (the precompiled validators' test reads their queries too). */
export const FUZZ_PATHS = [
  '/v1/pets', '/v1/pets/', '/v1/pets/1', '/v1/pets/0', '/v1/pets/-1', '/v1/pets/99999999999999999999', '/v1/pets/1e3',
  '/v1/pets/%00', '/v1/pets/%E0%A4%A', '/v1/pets/%zz', '/v1/pets/..%2F..', '/v1/pets//1', '/v1', '/v1/', '/v1/store/orders', '/v1/store',
  '/', '', '/v2/pets', '/v1/pets?limit=', '/v1/pets?limit=5&limit=6',
  '/v1/pets?status=available&status=sold', '/v1/pets?limit=%FF', '/v1/pets?__proto__=1&constructor=2', '/v1/pets#frag',
  '/v1/pets?limit=1e2', '/v1/pets?limit=-0', '/v1/pets?limit=0x10', '/v1/pets?status[]=sold', 'http://other.example/v1/pets',
  '/v1/pets?__code=404', '/v1/pets/1?__code=410&__example=sunset', '/v1/pets?__dynamic=true&__seed=', '/v1/pets?__code=401&__example=nope',
  '/v1/pets?__code=&__delay=x', '/v1/pets/2?__example=bella&__code=200', '/v1/store/orders?__code=501&__dynamic=true', '/v1/pets?__delay=0',
  '/__admin/health', '/__admin/reset', '/__admin/requests', '/__admin/other', '/__admin/', '/__admin/requests?x=1', '/__admin/reset/../requests',
  '/__admin/state', '/__admin/overrides', '/__admin/overrides/1', '/__admin/overrides/%zz', '/__admin/requests?status=4xx&operationId=createPet',
  '/__admin/requests?since=2026-01-01T00:00:00Z', '/__admin/requests?status=9xx', '/__admin/requests?after=3', '/__admin/sessions', '/__admin/settings',
  '/__admin/dashboard.js', '/__admin/favicon.svg',
  // Operations an evolved document adds (test/documents/evolved-pets.yaml); route_not_found on today's.
  '/v1/categories', '/v1/categories/1', '/v1/categories/0?__code=410', '/v1/pets/21', '/v1/pets/3?limit=2',
];
const PREFERS = [
  undefined, 'code=404', 'code=418', 'code=abc', 'code=401', 'code=401, example=nope', 'code=503', 'code=500', 'code=201', 'code=400, dynamic=true',
  'example=twoPets', 'example=missing', 'dynamic=true', 'dynamic=true; seed=3', 'dynamic=maybe', 'delay=0', 'delay=-1', 'delay=60001', 'return=minimal',
  'code=', '=,;', 'code=200, example=bella', 'code=410', 'code=507, example=full',
];
const SESSIONS = [undefined, 'a', 'b', 'c', 'd', 'worker-1', '', 'bad id', 'x'.repeat(200), '../etc', 'é'];
const CONTENT_TYPES = [
  undefined, 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml', 'multipart/form-data',
  'multipart/form-data; boundary=xyz', 'application/x-www-form-urlencoded', 'application/json; =', ';;;', 'application/problem+json',
  '*/*', 'application/*', 'APPLICATION/JSON', 'application/json;charset=', 'text/html; charset=utf-8',
];
const AUTHORIZATIONS = [
  undefined, `Bearer ${FUZZ_API_KEY}`, `Bearer ${FUZZ_API_KEY}`, `Bearer ${FUZZ_ADMIN_TOKEN}`, 'Bearer other', 'Bearer', 'Bearer ', 'bearer k', 'Basic Zm9vOmJhcg==',
  'Token x', 'Bearer k k', 'Bearer \u00e9', '',
];
const ORIGINS = [undefined, undefined, 'http://localhost:3000', 'https://evil.example', 'null'];
/** Host headers: loopback, an IP, a name given (`adminHosts: ['petstore']`) and a rebound page's. */
const HOSTS = [undefined, undefined, undefined, 'localhost:4010', '127.0.0.1:4010', 'petstore:4010', 'attacker.example:4010', 'attacker.example.', ''];
/** Request bodies, valid and hostile, as sent. */
export const FUZZ_BODIES = [
  undefined, '', '{}', '[]', 'null', 'true', '0', '"str"', '{"name":"a","categoryId":1}', '{"name":"a","categoryId":1,"status":"sold"}',
  '{"name":null,"categoryId":null}', '{"name":"a","categoryId":1e400}', '{"name":"a","categoryId":1e-400}', '{"name":"a","categoryId":-9007199254740993}',
  '{"name":"a","categoryId":1.0000000000000000001}', '{"name":"a","categoryId":1,"x":[1e-400]}', '{"name":"' + 'n'.repeat(256) + '","categoryId":1}',
  '{"__proto__":{"x":1},"name":"a","categoryId":1}', '{"name":"a","categoryId":1,"status":{"$ref":"#/x"}}', '{"a":', '\u0000\u0001',
  '<xml/>', 'name=a&categoryId=1', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--', '{"name":"' + 'a'.repeat(5000) + '","categoryId":1}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', '\uFEFF{"name":"a","categoryId":1}', '{"name":"\\ud800","categoryId":1}',
  '{"pets":[{"id":3,"name":"State","categoryId":1}]}', '{"pets":[{"id":3,"name":"A","categoryId":1},{"id":3,"name":"B","categoryId":1}]}', '{"pets":"all"}',
  '{"operationId":"createPet","status":503,"times":2}', '{"operationId":"listPets","status":401}', '{"operationId":"getPet","status":200,"body":{"id":5,"name":"O","categoryId":1}}',
  '{"pets":[{"id":9007199254740990,"name":"Top","categoryId":1}]}', '{"pets":[{"id":9007199254740992,"name":"Past","categoryId":1}]}', '{"pets":[{"id":1.0000000000000000001,"name":"A","categoryId":1}]}',
  '{"operationId":"getPet","status":418}', '{"tags":["calm"]}', '{"tags":null}', '{"name":"a","categoryId":1,"tags":[1,2]}', '{"name":"a","categoryId":1,"createdAt":"x"}',
  '{"name":"a","categoryId":1,"status":"adopted","tags":["' + 't'.repeat(40) + '"]}', '{"operationId":"deletePet","status":204}', '{"operationId":"listCategories","status":200}', '{"operationId":"listPets","status":503,"times":1e9}', '{"operationId":"listPets","status":200,"example":"twoPets","delay":0}',
];

/** A request mixing valid and hostile paths, methods, credentials, admin tokens, sessions, controls, origins and bodies. */
export function randomRequest(random: Random): MockRequest {
  const headers: Record<string, string> = {};
  const authorization = random.pick(AUTHORIZATIONS);
  if (authorization !== undefined) headers[random.next() < 0.5 ? 'authorization' : 'Authorization'] = authorization;
  const contentType = random.pick(CONTENT_TYPES);
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (random.next() < 0.2) headers['content-length'] = random.pick(['0', '1', '-1', 'abc', '99999999999']);
  const origin = random.pick(ORIGINS);
  if (origin !== undefined) headers['origin'] = origin;
  const host = random.pick(HOSTS);
  if (host !== undefined) headers['host'] = host;
  if (random.next() < 0.1) headers['sec-fetch-site'] = random.pick(['cross-site', 'same-origin', 'same-site', 'none']);
  if (random.next() < 0.1) headers['access-control-request-method'] = random.pick(['GET', 'POST', 'DELETE', '']);
  const prefer = random.next() < 0.3 ? random.pick(PREFERS) : undefined;
  if (prefer !== undefined) headers['prefer'] = prefer;
  const session = random.next() < 0.4 ? random.pick(SESSIONS) : undefined;
  if (session !== undefined) headers['x-petstore-session'] = session;
  const body = random.pick(FUZZ_BODIES);
  return { method: random.pick(METHODS), url: random.pick(FUZZ_PATHS), headers, ...(body !== undefined && { body: random.next() < 0.5 ? body : new TextEncoder().encode(body) }) };
}

/** A fuzzed request as fetch sends it over a socket: fetch refuses TRACE and odd methods and a body on GET or HEAD, and sets Content-Length itself. `apiOnly` keeps to paths under /v1 (MSW handles no other). */
export function toFetchCall(request: MockRequest, origin: string, apiOnly = false): { method: string; path: string; url: string; init: RequestInit } {
  const method = /^[A-Z]+$/.test(request.method) && !['TRACE', 'BREW'].includes(request.method) ? request.method : 'GET';
  const body = method !== 'GET' && method !== 'HEAD' ? request.body : undefined;
  const headers: Record<string, string> = {};
  // fetch sets Content-Length and Host itself.
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && !['content-length', 'host'].includes(name.toLowerCase())) headers[name] = value;
  const path = request.url.startsWith(apiOnly ? '/v1' : '/') ? request.url : '/v1/pets';
  const init: RequestInit = { method, headers, ...(body !== undefined && { body: typeof body === 'string' ? body : new Blob([body as Uint8Array<ArrayBuffer>]) }) };
  return { method, path, url: `${origin}${path}`, init };
}

const KNOWN_STATUSES = new Set([200, 201, 204, ...Object.values(ERROR_CODES)]);

/** What the answer to a fuzzed request got wrong: an unknown status, an unexpected 500, an error without an `Error` body. */
export function findAnswerProblems(method: string, status: number, body: string | undefined, control: string | null | undefined): string[] {
  const problems: string[] = [];
  if (!KNOWN_STATUSES.has(status)) problems.push(`unknown status ${status}`);
  if (status === 500 && control !== 'forced' && control !== 'fault') problems.push(`an unexpected 500: ${body ?? ''}`);
  if (status < 400 || method.toUpperCase() === 'HEAD') return problems;
  try {
    const error = JSON.parse(body ?? 'null') as Record<string, unknown>;
    if (Object.keys(error).sort().join() !== 'code,message,status') problems.push(`not an Error body: ${body ?? ''}`);
    if (error['status'] !== status) problems.push(`Error status ${String(error['status'])} on a ${status}`);
  } catch {
    problems.push(`a body that is not JSON: ${body ?? ''}`);
  }
  return problems;
}

/** True when the request carries the API key (the credential check passes), before any other rule. */
export function hasApiKey(request: MockRequest): boolean {
  return Object.entries(request.headers).some(([name, value]) => name.toLowerCase() === 'authorization' && value === `Bearer ${FUZZ_API_KEY}`);
}

/** True when the request carries the admin token. */
export function hasAdminToken(request: MockRequest): boolean {
  return Object.entries(request.headers).some(([name, value]) => name.toLowerCase() === 'authorization' && value === `Bearer ${FUZZ_ADMIN_TOKEN}`);
}
