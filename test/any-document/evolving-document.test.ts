import { copyFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createEngine, createMockServer, locateDocument } from '../../src/index.js';
import { runCliToEnd, startCli } from '../support/run-cli.js';

const EVOLVED = fileURLToPath(new URL('../documents/evolved-pets.yaml', import.meta.url));
const SHELTER = fileURLToPath(new URL('../documents/shelter.json', import.meta.url));
const ALL_OF = fileURLToPath(new URL('../documents/allof-pets.yaml', import.meta.url));
const AUTH = { authorization: 'Bearer k', 'content-type': 'application/json' };

function scratch(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'petstore-document-')), name);
  writeFileSync(path, text);
  return path;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 8_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

describe('a document that is not the package’s', () => {
  it('keeps the properties the document adds and assigns the ones the service owns, seeded and from the clock', async () => {
    const engine = await createEngine({ documentPath: EVOLVED, now: '2027-03-04T05:06:07Z', validateResponses: true, onError: message => expect.fail(message) });
    const created = await engine.handle({ method: 'POST', url: '/v1/pets', headers: AUTH, body: JSON.stringify({ name: 'Rex', categoryId: 2, tags: ['calm'], status: 'adopted', createdAt: '1999-01-01T00:00:00Z' }) });
    expect(created.status).toBe(201);
    const pet = JSON.parse(created.body ?? '{}') as Record<string, unknown>;
    expect(pet).toMatchObject({ id: 21, name: 'Rex', tags: ['calm'], status: 'adopted', createdAt: '2027-03-04T05:06:07.000Z' });
    expect(pet['microchip']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const again = await createEngine({ documentPath: EVOLVED, now: '2027-03-04T05:06:07Z' });
    const same = await again.handle({ method: 'POST', url: '/v1/pets', headers: AUTH, body: JSON.stringify({ name: 'Rex', categoryId: 2 }) });
    expect(JSON.parse(same.body ?? '{}')).toMatchObject({ microchip: pet['microchip'] });
  });

  it('gives seeded pets every property of the document’s Pet while today’s properties keep today’s values', async () => {
    const today = await createEngine({ pets: 5 });
    const evolved = await createEngine({ documentPath: EVOLVED, pets: 5 });
    const todays = today.store.list({ limit: 5 });
    const evolvedPets = evolved.store.list({ limit: 5 }) as unknown as Record<string, unknown>[];
    expect(evolvedPets.map(({ id, name, categoryId }) => ({ id, name, categoryId }))).toEqual(todays.map(({ id, name, categoryId }) => ({ id, name, categoryId })));
    for (const pet of evolvedPets) expect(Object.keys(pet)).toEqual(['id', 'name', 'categoryId', 'status', 'tags', 'createdAt', 'microchip']);
  });

  it('answers operations the store does not keep from the document’s examples, with the same auth and controls', async () => {
    const engine = await createEngine({ documentPath: EVOLVED });
    const categories = await engine.handle({ method: 'GET', url: '/v1/categories', headers: AUTH });
    expect(categories.status).toBe(200);
    expect(JSON.parse(categories.body ?? '')).toEqual([{ id: 1, name: 'dog' }, { id: 2, name: 'cat' }]);
    expect((await engine.handle({ method: 'GET', url: '/v1/categories', headers: {} })).status).toBe(401);
    expect((await engine.handle({ method: 'GET', url: '/v1/categories', headers: { ...AUTH, prefer: 'code=503' } })).status).toBe(503);
    expect(engine.journal.list().at(-1)).toMatchObject({ operationId: 'listCategories', status: 503, control: 'forced' });
  });

  it('sends Deprecation, Sunset and 410 after the sunset for any operation the document deprecates', async () => {
    const before = await createEngine({ documentPath: EVOLVED, now: '2031-06-01' });
    const answer = await before.handle({ method: 'GET', url: '/v1/categories/1', headers: AUTH });
    expect(answer.headers).toMatchObject({ deprecation: '@0', sunset: 'Mon, 30 Jun 2031 00:00:00 GMT' });
    const after = await createEngine({ documentPath: EVOLVED, now: '2031-07-01' });
    const gone = await after.handle({ method: 'GET', url: '/v1/categories/1', headers: AUTH });
    expect(gone.status).toBe(410);
    expect(JSON.parse(gone.body ?? '')).toMatchObject({ code: 'operation_sunset', status: 410 });
  });

  it('refuses a create past the highest id the document allows, overwriting nothing', async () => {
    const engine = await createEngine({ documentPath: SHELTER, initialPets: [{ animalId: 1000, name: 'Last', kind: 'dog', registeredOn: '2026-01-01' }] });
    const refused = await engine.handle({ method: 'POST', url: '/api/v2/animals', headers: AUTH, body: JSON.stringify({ name: 'One more', kind: 'cat' }) });
    expect(refused.status).toBe(507);
    expect(JSON.parse(refused.body ?? '')).toMatchObject({ code: 'store_full' });
    expect(engine.store.size).toBe(1);
  });

  it('numbers seeded and created pets from the lowest id the document allows', async () => {
    const shelter = JSON.parse(readFileSync(SHELTER, 'utf8')) as { components: { schemas: { Animal: { properties: { animalId: { minimum: number } } } } } };
    shelter.components.schemas.Animal.properties.animalId.minimum = 100;
    const engine = await createEngine({ document: shelter, pets: 2, validateResponses: true, onError: message => expect.fail(message) });
    const listed = JSON.parse((await engine.handle({ method: 'GET', url: '/api/v2/animals', headers: AUTH })).body ?? '[]') as { animalId: number }[];
    expect(listed.map(animal => animal.animalId)).toEqual([100, 101]);
    const admitted = await engine.handle({ method: 'POST', url: '/api/v2/animals', headers: AUTH, body: '{"name":"Tom","kind":"cat"}' });
    expect(JSON.parse(admitted.body ?? '{}')).toMatchObject({ animalId: 102 });
  });

  it('takes the document as an object, and says which document it answers by in the settings', async () => {
    const engine = await createEngine({ document: JSON.parse(readFileSync(SHELTER, 'utf8')) as object });
    const settings = await engine.handle({ method: 'GET', url: '/__admin/settings', headers: {} });
    expect(JSON.parse(settings.body ?? '')).toMatchObject({ document: { title: 'Shelter API', version: '2.0.0', operations: 5 } });
    const fromFile = await createEngine({ documentPath: SHELTER });
    const described = JSON.parse((await fromFile.handle({ method: 'GET', url: '/__admin/settings', headers: {} })).body ?? '') as { document: { sha256: string; path: string } };
    expect(described.document.sha256).toMatch(/^[0-9a-f]{12}$/);
    expect(described.document.path).toBe(SHELTER);
  });

  it('reads a Pet written as allOf, and list parameters declared on the path item', async () => {
    const engine = await createEngine({ documentPath: ALL_OF, pets: 25, validateResponses: true, onError: message => expect.fail(message) });
    const page = JSON.parse((await engine.handle({ method: 'GET', url: '/v3/pets', headers: AUTH })).body ?? '[]') as Record<string, unknown>[];
    expect(page).toHaveLength(10);
    expect(Object.keys(page[0] ?? {}).sort()).toEqual(['colour', 'id', 'name', 'nickname', 'registration']);
    const ginger = JSON.parse((await engine.handle({ method: 'GET', url: '/v3/pets?colour=ginger&limit=30', headers: AUTH })).body ?? '[]') as Record<string, unknown>[];
    expect(ginger.length).toBeGreaterThan(0);
    for (const pet of ginger) expect(pet['colour']).toBe('ginger');
    expect((await engine.handle({ method: 'GET', url: '/v3/pets?limit=31', headers: AUTH })).status).toBe(400);
    const created = await engine.handle({ method: 'POST', url: '/v3/pets', headers: AUTH, body: '{"name":"Rex","colour":"black","registration":"mine"}' });
    expect(JSON.parse(created.body ?? '{}')).toEqual({ id: 26, name: 'Rex', colour: 'black', registration: 'REG-0042' });
    const retired = await engine.handle({ method: 'DELETE', url: '/v3/pets/26', headers: AUTH });
    expect(retired.status).toBe(200);
    expect(JSON.parse(retired.body ?? '{}')).toMatchObject({ id: 26, name: 'Rex' });
    const vaccination = await engine.handle({ method: 'POST', url: '/v3/pets/1/vaccinations', headers: AUTH, body: '{"vaccine":"rabies"}' });
    expect(vaccination.status).toBe(201);
    expect(Object.keys(JSON.parse(vaccination.body ?? '{}') as object).sort()).toEqual(['on', 'vaccine']);
  });

  it('keeps the pets a new document takes, assigns what it adds, and lists those it refuses', async () => {
    const engine = await createEngine({ pets: 3 });
    const long = await engine.handle({ method: 'POST', url: '/v1/pets', headers: AUTH, body: JSON.stringify({ name: 'A rather long name', categoryId: 1 }) });
    expect(long.status).toBe(201);
    const session = await engine.handle({ method: 'POST', url: '/v1/pets', headers: { ...AUTH, 'x-petstore-session': 'shard-1' }, body: JSON.stringify({ name: 'Another long one', categoryId: 1 }) });
    expect(session.status).toBe(201);
    const text = readFileSync(EVOLVED, 'utf8').replace(/maxLength: 255/g, 'maxLength: 12');
    const change = engine.replaceDocument(await createEngine({ document: parse(text) as object }).then(other => other.document));
    expect(change.refusedPets).toEqual([
      { session: null, id: 4, problem: 'name must NOT have more than 12 characters' },
      { session: 'shard-1', id: 4, problem: 'name must NOT have more than 12 characters' },
    ]);
    expect(change.added).toEqual(expect.arrayContaining(['DELETE /pets/{petId} (deletePet)', 'GET /categories (listCategories)']));
    expect(change.removed).toEqual(['GET /store/orders (listStoreOrders)']);
    expect(change.deprecated).toEqual(['GET /categories/{categoryId} (getCategory)']);
    const kept = engine.store.list({ limit: 10 }) as unknown as Record<string, unknown>[];
    expect(kept.map(pet => pet['id'])).toEqual([1, 2, 3]);
    for (const pet of kept) expect(pet['createdAt']).toEqual(expect.any(String));
    expect((await engine.handle({ method: 'GET', url: '/v1/categories', headers: AUTH })).status).toBe(200);
  });

  it.each([
    ['a missing file', () => '/nonexistent/petstore.yaml', /cannot be read \(ENOENT\)/],
    ['a file that is not OpenAPI', () => scratch('notes.yaml', 'title: my notes\n'), /is not an OpenAPI 3\.0 or 3\.1 document/],
    ['a file that is not YAML', () => scratch('broken.yaml', 'openapi: [3.1\n  - :'), /is neither YAML nor JSON/],
    ['a document without paths', () => scratch('orders.json', JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} })), /has no paths/],
  ])('refuses %s, naming the file and what is wrong', async (_name, makePath, message) => {
    const path = makePath();
    await expect(createEngine({ documentPath: path })).rejects.toThrow(message);
    await expect(createEngine({ documentPath: path })).rejects.toThrow(path);
  });
});

describe('the CLI with --document', () => {
  it('serves the document it is given, and says so in the ready line', async () => {
    const cli = startCli(['--port', '0', '--document', EVOLVED]);
    try {
      const line = await cli.waitForLine(/ready on/);
      expect(line).toContain(`Animal Store API 1.1.0 from ${EVOLVED}, validators compiled at run time`);
      const url = /ready on (\S+)/.exec(line)?.[1] ?? '';
      const deleted = await fetch(`${url}/pets/3`, { method: 'DELETE', headers: AUTH });
      expect(deleted.status).toBe(204);
      expect((await fetch(`${url}/pets/3`, { headers: AUTH })).status).toBe(404);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('exits 2 naming the file when the document cannot be used, from the flag or PETSTORE_DOCUMENT', async () => {
    const notOpenApi = scratch('notes.yaml', 'title: notes\n');
    const flag = await runCliToEnd(['--port', '0', '--document', notOpenApi]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain(`${notOpenApi} is not an OpenAPI 3.0 or 3.1 document`);
    const variable = await runCliToEnd(['--port', '0'], { PETSTORE_DOCUMENT: '/nonexistent.yaml' });
    expect(variable.code).toBe(2);
    expect(variable.stderr).toContain('/nonexistent.yaml cannot be read');
    const watchAlone = await runCliToEnd(['--watch']);
    expect(watchAlone.code).toBe(2);
    expect(watchAlone.stderr).toContain('--watch follows the document given with --document');
  });

  it('refuses a --default-status the document does not have, and takes one it adds', async () => {
    const refused = await runCliToEnd(['--port', '0', '--default-status', 'adopted']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("one of the document's statuses (available, pending, sold)");
    const cli = startCli(['--port', '0', '--document', EVOLVED, '--default-status', 'adopted']);
    try {
      const url = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/))?.[1] ?? '';
      const created = await fetch(`${url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: 'Rex', categoryId: 1 }) });
      expect(await created.json()).toMatchObject({ status: 'adopted' });
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });
});

describe('--watch', () => {
  it('answers by an edited document within seconds, keeps the pets, and keeps the last good document after a broken edit', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'petstore-watch-')), 'petstore.yaml');
    copyFileSync(locateDocument(), path);
    const logged: string[] = [];
    const server = await createMockServer({ port: 0, documentPath: path, watch: true, onWarning: message => logged.push(message), onError: message => logged.push(message) });
    try {
      const created = await fetch(`${server.url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: 'Kept', categoryId: 1 }) });
      expect(created.status).toBe(201);
      // An editor's way: write a new file, rename it over the old one.
      writeFileSync(`${path}.tmp`, readFileSync(EVOLVED, 'utf8'));
      renameSync(`${path}.tmp`, path);
      await waitFor(() => fetch(`${server.url}/categories`, { headers: AUTH }).then(response => response.status), status => status === 200, 'the new operation');
      const kept = (await (await fetch(`${server.url}/pets/21`, { headers: AUTH })).json()) as Record<string, unknown>;
      expect(kept).toMatchObject({ id: 21, name: 'Kept' });
      expect(kept['createdAt']).toEqual(expect.any(String));
      expect(logged.join('\n')).toMatch(/reloaded: now Animal Store API 1\.1\.0; added .*listCategories.*; removed GET \/store\/orders/);

      writeFileSync(path, 'openapi: 3.1.0\npaths: [broken\n');
      await waitFor(() => Promise.resolve(logged.join('\n')), text => text.includes('keeps answering by the last good document'), 'the broken edit to be logged');
      expect((await fetch(`${server.url}/categories`, { headers: AUTH })).status).toBe(200);

      writeFileSync(path, readFileSync(locateDocument(), 'utf8'));
      await waitFor(() => fetch(`${server.url}/categories`, { headers: AUTH }).then(response => response.status), status => status === 404, 'watching to go on after a broken edit');
    } finally {
      await server.close();
    }
  });
});
