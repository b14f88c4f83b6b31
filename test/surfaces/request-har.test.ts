import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient, createMockServer, type Har, type MockServer } from '../../src/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';
import { findHarProblems } from '../support/har-structure.js';

const AUTH = { authorization: 'Bearer har-secret' };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };
const SESSION = 'x-petstore-session';

describe('the journal as HAR, through the HTTP server', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await createMockServer({ port: 0, seed: 4, pets: 3, adminToken: 'admin-token', adminOrigins: ['http://localhost:5173'] });
  });
  afterAll(async () => {
    await server.close({ drainMs: 0 });
  });
  afterEach(async () => {
    await fetch(`${server.origin}/__admin/requests`, { method: 'DELETE', headers: ADMIN });
  });
  const ADMIN = { authorization: 'Bearer admin-token' };
  const har = async (query = '', headers: Record<string, string> = {}): Promise<Har> => {
    const response = await fetch(`${server.origin}/__admin/requests.har${query}`, { headers: { ...ADMIN, ...headers } });
    expect(response.status).toBe(200);
    return (await response.json()) as Har;
  };

  it('answers a HAR 1.2 log to download, each request with its absolute URL, query, body and answer', async () => {
    await fetch(`${server.url}/pets?limit=2`, { headers: { ...AUTH, cookie: 'session=cookie-secret' } });
    await fetch(`${server.url}/pets`, { method: 'POST', headers: JSON_AUTH, body: '{"name":"Har","categoryId":1}' });
    await fetch(`${server.url}/pets/999`, { headers: AUTH });
    const response = await fetch(`${server.origin}/__admin/requests.har`, { headers: ADMIN });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="petstore-mock.har"');
    const text = await response.text();
    const log = (JSON.parse(text) as Har).log;
    expect(findHarProblems(JSON.parse(text))).toEqual([]);
    expect(log.version).toBe('1.2');
    expect(log.creator).toEqual({ name: 'petstore-mock', version: expect.stringMatching(/^\d+\.\d+\.\d+/) as string });
    const [listed, created, missing] = log.entries;
    expect(listed?.request).toMatchObject({ method: 'GET', url: `${server.url}/pets?limit=2`, httpVersion: 'HTTP/1.1', queryString: [{ name: 'limit', value: '2' }], headersSize: -1, bodySize: 0 });
    expect(listed?.response).toMatchObject({ status: 200, statusText: 'OK', redirectURL: '', headersSize: -1, content: { mimeType: 'application/json' } });
    expect((JSON.parse(listed?.response.content.text ?? '') as unknown[]).length).toBe(2);
    expect(listed).toMatchObject({ _operationId: 'listPets', _session: null, _reason: null, _control: null, _bodyCut: { request: false, response: false }, cache: {}, timings: { send: 0, wait: 0, receive: 0 } });
    expect(created?.request.postData).toEqual({ mimeType: 'application/json', text: '{"name":"Har","categoryId":1}' });
    expect(created?.request.bodySize).toBe(29);
    expect(created?.response).toMatchObject({ status: 201, statusText: 'Created' });
    expect(missing).toMatchObject({ response: { status: 404, statusText: 'Not Found' }, _reason: expect.stringMatching(/999/) as string });
  });

  it('writes [redacted] for Authorization, Cookie and Set-Cookie, and never their values', async () => {
    await fetch(`${server.url}/pets`, { headers: { ...AUTH, cookie: 'session=cookie-secret' } });
    const text = JSON.stringify(await har());
    expect(text).not.toMatch(/har-secret|cookie-secret|admin-token/);
    const [entry] = (JSON.parse(text) as Har).log.entries;
    expect(entry?.request.headers).toContainEqual({ name: 'authorization', value: '[redacted]' });
    expect(entry?.request.headers).toContainEqual({ name: 'cookie', value: '[redacted]' });
  });

  it('writes [redacted] for credentials the document does not declare: X-Api-Key, and api_key or access_token in the URL and query', async () => {
    await fetch(`${server.url}/pets?limit=1&api_key=query-key-secret&access_token=query-token-secret`, { headers: { ...AUTH, 'x-api-key': 'header-key-secret' } });
    const text = JSON.stringify(await har());
    expect(text).not.toMatch(/secret/);
    const [entry] = (JSON.parse(text) as Har).log.entries;
    expect(entry?.request.headers).toContainEqual({ name: 'x-api-key', value: '[redacted]' });
    expect(entry?.request.url).toBe(`${server.url}/pets?limit=1&api_key=[redacted]&access_token=[redacted]`);
    expect(entry?.request.queryString).toEqual([{ name: 'limit', value: '1' }, { name: 'api_key', value: '[redacted]' }, { name: 'access_token', value: '[redacted]' }]);
  });

  it('takes the journal’s filters and X-Petstore-Session, and refuses a bad filter', async () => {
    await fetch(`${server.url}/pets`, { headers: AUTH });
    await fetch(`${server.url}/pets?limit=0`, { headers: AUTH });
    await fetch(`${server.url}/pets`, { method: 'POST', headers: { ...JSON_AUTH, [SESSION]: 'har-shard' }, body: '{"name":"Shard","categoryId":2}' });
    const urls = (log: Har): string[] => log.log.entries.map(entry => `${entry.request.method} ${entry.request.url.replace(server.origin, '')}`);
    expect(urls(await har('?status=4xx'))).toEqual(['GET /v1/pets?limit=0']);
    expect(urls(await har('?operationId=createPet'))).toEqual(['POST /v1/pets']);
    expect(urls(await har('', { [SESSION]: 'har-shard' }))).toEqual(['POST /v1/pets']);
    expect((await har('', { [SESSION]: 'har-shard' })).log.entries[0]?._session).toBe('har-shard');
    const all = await har();
    expect(all.log.entries).toHaveLength(3);
    expect(urls(await har('?status=200'))).toEqual(['GET /v1/pets']);
    const bad = await fetch(`${server.origin}/__admin/requests.har?status=abc`, { headers: ADMIN });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/status must be a status/) as string });
  });

  it('follows the admin rules of the journal: the token, and no other site’s page', async () => {
    const withoutToken = await fetch(`${server.origin}/__admin/requests.har`);
    expect(withoutToken.status).toBe(401);
    const foreign = await fetch(`${server.origin}/__admin/requests.har`, { headers: { ...ADMIN, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const trusted = await fetch(`${server.origin}/__admin/requests.har`, { headers: { ...ADMIN, origin: 'http://localhost:5173' } });
    expect(trusted.status).toBe(200);
    expect(trusted.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((await fetch(`${server.origin}/__admin/requests.har`, { method: 'POST', headers: ADMIN })).headers.get('allow')).toBe('GET');
  });

  it('is what the admin client’s har() gives, for the mock or one session', async () => {
    await fetch(`${server.url}/pets`, { headers: { ...AUTH, [SESSION]: 'client-shard' } });
    await fetch(`${server.url}/pets/1`, { headers: AUTH });
    const admin = createAdminClient(server.origin, { adminToken: 'admin-token' });
    expect(await admin.har()).toEqual(await har());
    expect((await admin.har({ operationId: 'getPet' })).log.entries.map(entry => entry._operationId)).toEqual(['getPet']);
    expect((await admin.session('client-shard').har()).log.entries.map(entry => entry._session)).toEqual(['client-shard']);
  });

  it('marks a body the journal cut, and leaves its text out', async () => {
    await fetch(`${server.url}/pets`, { method: 'POST', headers: JSON_AUTH, body: JSON.stringify({ name: 'Big', categoryId: 1, notes: 'n'.repeat(5_000) }) });
    const [entry] = (await har()).log.entries;
    expect(entry?._bodyCut).toEqual({ request: true, response: false });
    expect(entry?.request).toMatchObject({ postData: { mimeType: 'application/json', text: '' }, bodySize: -1 });
    expect(findHarProblems(await har())).toEqual([]);
  });
});

describe('the journal as HAR, over MSW', () => {
  it('is given by mock.har() and a session’s har(), each URL the one fetched', async () => {
    const mock = createPetstoreMock({ seed: 4, pets: 3 });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const session = mock.openSession('msw-shard');
      await fetch('https://api.animal-store.example/v1/pets?limit=1', { headers: { ...AUTH, cookie: 'c=cookie-secret' } });
      await fetch('https://api.animal-store.example/v1/pets', { method: 'POST', headers: { ...JSON_AUTH, ...session.headers }, body: '{"name":"Msw","categoryId":1}' });
      const har = mock.har();
      expect(findHarProblems(har)).toEqual([]);
      expect(har.log.entries.map(entry => entry.request.url)).toEqual(['https://api.animal-store.example/v1/pets?limit=1', 'https://api.animal-store.example/v1/pets']);
      expect(JSON.stringify(har)).not.toMatch(/har-secret|cookie-secret/);
      expect(mock.har(undefined, { status: 201 }).log.entries.map(entry => entry._operationId)).toEqual(['createPet']);
      expect(session.har().log.entries.map(entry => entry.request.postData?.text)).toEqual(['{"name":"Msw","categoryId":1}']);
    } finally {
      server.close();
    }
  });

  it('puts a base URL’s requests at its origin, under the document’s path, as the journal lists them', async () => {
    const mock = createPetstoreMock({ seed: 4, pets: 3, baseUrl: 'http://staging.example.test/api/v1' });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await fetch('http://staging.example.test/api/v1/pets', { headers: AUTH });
      expect(mock.har().log.entries[0]?.request.url).toBe('http://staging.example.test/v1/pets');
    } finally {
      server.close();
    }
  });
});
