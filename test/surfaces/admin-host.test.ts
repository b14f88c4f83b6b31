import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, createMockServer, handleFetch, type MockServer, type MockServerOptions } from '../../src/index.js';
import { parseCli } from '../../src/cli/index.js';

const AUTH = { authorization: 'Bearer test-key' };
const REBOUND = { host: 'attacker.example:4010', origin: 'http://attacker.example:4010' };

interface Answer {
  status: number;
  body: string;
}

/** A request over node:http with exactly these headers, `Host` included: what fetch will not send. */
function send(server: MockServer, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: (server.server.address() as AddressInfo).address, port: server.port, method, path, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) } }, response => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function useServer(options: MockServerOptions = {}): () => MockServer {
  let server: MockServer | undefined;
  beforeAll(async () => {
    server = await createMockServer({ port: 0, host: '127.0.0.1', pets: 3, ...options });
  });
  afterAll(() => server?.close());
  return () => server as MockServer;
}

describe('the admin endpoints and a Host the mock is not known by (DNS rebinding)', () => {
  const server = useServer();

  it.each([
    ['GET', '/__admin/requests', undefined],
    ['PUT', '/__admin/state', '{"pets":[]}'],
    ['POST', '/__admin/reset', undefined],
    ['GET', '/__admin/', undefined],
  ] as const)('refuses %s %s from a page of attacker.example rebound to this machine with 403 host_not_allowed, naming the Host and the option', async (method, path, body) => {
    const answer = await send(server(), method, path, REBOUND, body);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({
      code: 'host_not_allowed',
      status: 403,
      message: expect.stringMatching(/Host "attacker\.example:4010" is not one.*--admin-host attacker\.example \(PETSTORE_ADMIN_HOSTS/) as string,
    });
  });

  it('changes nothing and reads nothing for such a page: the pets and the journal stay', async () => {
    await send(server(), 'POST', '/v1/pets', { host: 'localhost', ...AUTH }, '{"name":"Kept","categoryId":1}');
    await send(server(), 'PUT', '/__admin/state', REBOUND, '{"pets":[]}');
    await send(server(), 'POST', '/__admin/reset', REBOUND);
    const state = JSON.parse((await send(server(), 'GET', '/__admin/state', { host: `localhost:${server().port}` })).body) as { pets: { name: string }[] };
    expect(state.pets.map(pet => pet.name)).toContain('Kept');
    const journal = await send(server(), 'GET', '/__admin/requests', REBOUND);
    expect(journal.body).not.toContain('Kept');
  });

  it.each([
    ['http://attacker.example:4010/__admin/requests', 403],
    ['http://localhost:4010/__admin/requests', 200],
  ] as const)('reads the name from an absolute request-target (%s) rather than from Host, as HTTP/1.1 has an origin server do', async (target, status) => {
    const answer = await send(server(), 'GET', target, { host: 'localhost:4010' });
    expect(answer.status, answer.body).toBe(status);
  });

  it.each([
    ['localhost:4010', 'http://localhost:4010'],
    ['LOCALHOST', undefined],
    ['localhost.:4010', undefined],
    ['127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['[::1]:4010', 'http://[::1]:4010'],
    ['storybook.localhost:4010', 'http://storybook.localhost:4010'],
    ['192.168.1.20:8080', undefined],
  ])('answers Host %s (a loopback name or an IP address, which no DNS rebinding can send)', async (host, origin) => {
    const answer = await send(server(), 'GET', '/__admin/requests', { host, ...(origin !== undefined && { origin }) });
    expect(answer.status, answer.body).toBe(200);
  });

  it('keeps health open to any Host, for probes', async () => {
    expect((await send(server(), 'GET', '/__admin/health', REBOUND)).status).toBe(200);
  });

  it('leaves the API to any Host: it holds only mock data, and --api-key keeps a rebound page out', async () => {
    expect((await send(server(), 'GET', '/v1/pets', { ...REBOUND, ...AUTH })).status).toBe(200);
  });
});

describe('the admin endpoints with names given', () => {
  const server = useServer({ adminHosts: ['petstore:4010', 'Mock.Internal'], adminOrigins: ['http://storybook.test:6006'] });

  it.each(['petstore:4010', 'petstore:8080', 'petstore', 'mock.internal:4010', 'storybook.test:4010'])('answers Host %s, a name of --admin-host or of an --admin-origin, whatever the port', async host => {
    expect((await send(server(), 'GET', '/__admin/requests', { host })).status).toBe(200);
  });

  it('still refuses every other name', async () => {
    expect((await send(server(), 'POST', '/__admin/reset', { host: 'petstore.attacker.example:4010' })).status).toBe(403);
  });

  it('answers any Host with --admin-host *', async () => {
    const open = await createMockServer({ port: 0, host: '127.0.0.1', adminHosts: ['*'] });
    try {
      expect((await send(open, 'GET', '/__admin/requests', REBOUND)).status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('keeps the check on with an --admin-origin whose host is *: only --admin-host * turns it off', async () => {
    const starred = await createMockServer({ port: 0, host: '127.0.0.1', adminOrigins: ['http://*'] });
    try {
      expect((await send(starred, 'GET', '/__admin/requests', REBOUND)).status).toBe(403);
    } finally {
      await starred.close();
    }
  });

  it('answers the name it listens on, as --host gives it', async () => {
    // The machine's own name, which its hosts file resolves (Docker and CI machines write it there).
    const name = hostname().toLowerCase();
    const named = await createMockServer({ port: 0, host: name });
    try {
      expect((await send(named, 'GET', '/__admin/requests', { host: `${name}:${named.port}` })).status).toBe(200);
      expect((await send(named, 'GET', '/__admin/requests', { host: `not-${name}:${named.port}` })).status).toBe(403);
    } finally {
      await named.close();
    }
  });
});

describe('the --admin-host option', () => {
  it('is read from the flag, repeated, or PETSTORE_ADMIN_HOSTS', () => {
    const fromFlags = parseCli(['--admin-host', 'petstore', '--admin-host', 'mock:4010'], {});
    const fromEnv = parseCli([], { PETSTORE_ADMIN_HOSTS: 'petstore,mock:4010' });
    for (const command of [fromFlags, fromEnv]) expect(command.kind === 'serve' && command.config.adminHosts).toEqual(['petstore', 'mock:4010']);
  });

  it.each(['http://petstore:4010', 'petstore/v1', 'a b', ''])('refuses %j, naming the option', name => {
    expect(() => parseCli(['--admin-host', name], {})).toThrow(/--admin-host must each be a host name such as petstore or petstore:4010, or \* for any/);
  });

  it('refuses a bad adminHosts in code, naming the key', async () => {
    await expect(createMockServer({ port: 0, adminHosts: ['http://petstore'] })).rejects.toThrow(/^\[petstore-mock\] adminHosts must each be a host name/);
  });
});

describe('the engine without adminHosts (the MSW handlers, where the page is the origin)', () => {
  it('checks no Host: a request names none worth checking', async () => {
    const engine = await createEngine({ pets: 1 });
    const response = await handleFetch(engine, new Request('http://attacker.example:4010/__admin/requests', { headers: { host: 'attacker.example:4010' } }));
    expect(response.status, await response.clone().text()).toBe(200);
  });
});
