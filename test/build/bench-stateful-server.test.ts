import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { buildPets } from '../../src/fixtures/index.js';
import { freePort } from '../support/ports.js';

// The mixed-traffic bench weighs petstore-mock against bench/stateful-server.mjs: the comparison is
// fair only while that server answers the requests the bench sends as the mock does.

const AUTH = { authorization: 'Bearer bench' };
const JSON_BODY = { ...AUTH, 'content-type': 'application/json' };

let mock: MockServer;
let handWritten: ChildProcess;
let handWrittenOrigin: string;

beforeAll(async () => {
  const petsFile = join(mkdtempSync(join(tmpdir(), 'petstore-bench-')), 'pets.json');
  writeFileSync(petsFile, JSON.stringify(buildPets(20, { seed: 1 })));
  const port = await freePort();
  handWritten = spawn(process.execPath, ['bench/stateful-server.mjs', petsFile, String(port), '22'], { stdio: 'ignore' });
  handWrittenOrigin = `http://127.0.0.1:${port}`;
  mock = await createMockServer({ port: 0, maxPets: 22, dashboard: false });
  for (let tries = 0; tries < 200; tries++) {
    if (await fetch(`${handWrittenOrigin}/v1/pets`, { headers: AUTH }).then(() => true, () => false)) break;
    await new Promise(resolve => setTimeout(resolve, 25));
  }
});

afterAll(async () => {
  handWritten.kill();
  await mock.close();
});

/** What the bench compares of an answer: status, the body (an error's code and status only, their messages being each server's own), and the headers a client reads. */
async function answer(origin: string, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${origin}${path}`, { headers: AUTH, ...init });
  const body = (await response.json()) as Record<string, unknown>;
  const headers = Object.fromEntries(['location', 'www-authenticate', 'deprecation', 'sunset', 'link', 'content-type', 'access-control-allow-origin'].map(name => [name, response.headers.get(name)]));
  return { status: response.status, body: response.ok ? body : { code: body['code'], status: body['status'] }, headers };
}

describe("the bench's hand-written stateful server", () => {
  it('answers the mixed traffic’s lists, reads and creates as petstore-mock does, and refuses what it refuses with the same status and code', async () => {
    const requests: [string, RequestInit?][] = [
      ['/v1/pets?limit=7'],
      ['/v1/pets?limit=100&status=sold'],
      ['/v1/pets?limit=3&status=pending'],
      ['/v1/pets/3'],
      ['/v1/pets', { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ name: 'Mixed 1', categoryId: 4, status: 'pending', id: 99, extra: true }) }],
      ['/v1/pets', { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ name: 'Mixed 2', categoryId: 2 }) }],
      ['/v1/pets/21'],
      ['/v1/pets?limit=100'],
      ['/v1/pets/999'],
      ['/v1/pets/0'],
      ['/v1/pets?limit=0'],
      ['/v1/pets?limit=101'],
      ['/v1/pets?status=lost'],
      ['/v1/pets', { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ name: 'No category' }) }],
      ['/v1/pets', { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ name: 'x'.repeat(256), categoryId: 1 }) }],
      ['/v1/pets', { method: 'POST', headers: { ...AUTH, 'content-type': 'text/plain' }, body: 'hello' }],
      ['/v1/pets', { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ name: 'Full', categoryId: 1 }) }],
      ['/v1/pets', { headers: {} }],
      ['/v1/store/orders'],
    ];
    for (const [path, init] of requests) {
      // In turn, so that both stores see the same creates in the same order.
      const ours = await answer(mock.origin, path, init);
      expect(await answer(handWrittenOrigin, path, init), `${init?.method ?? 'GET'} ${path}`).toEqual(ours);
    }
  });
});
