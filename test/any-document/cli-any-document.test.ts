import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { oneCollectionDocument } from '../support/one-collection-document.js';
import { startCli } from '../support/run-cli.js';

const SWAGGER_V3 = fileURLToPath(new URL('../documents/corpus/swagger-petstore-v3.yaml', import.meta.url));
const EXPANDED = fileURLToPath(new URL('../documents/corpus/petstore-expanded.yaml', import.meta.url));
const PETCLINIC = fileURLToPath(new URL('../documents/corpus/spring-petclinic-rest.yaml', import.meta.url));

/** Writes `document` to a folder of its own, starts the CLI on it, and hands `check` its URL; the CLI is stopped after. */
async function withCliOn(document: object, check: (url: string) => Promise<void>): Promise<void> {
  const path = join(mkdtempSync(join(tmpdir(), 'petstore-cli-document-')), 'document.json');
  writeFileSync(path, JSON.stringify(document));
  const cli = startCli(['--port', '0', '--document', path]);
  try {
    await check(/ready on (\S+)/.exec(await cli.waitForLine(/ready on/))?.[1] ?? '');
  } finally {
    cli.child.kill('SIGTERM');
    await cli.exited;
  }
}

describe('the CLI with a document nobody here wrote', () => {
  it('starts, says what it keeps state for and what it answers from the document, and keeps it', async () => {
    const cli = startCli(['--port', '0', '--document', SWAGGER_V3]);
    try {
      const ready = await cli.waitForLine(/ready on/);
      expect(ready).toContain('seed 1, 20 pet records, any bearer token or any API key in api_key');
      const kept = await cli.waitForLine(/^state kept for/);
      expect(kept).toBe('state kept for 3 collection(s): pet (/pet, /pet/{petId}), order (/store/order, /store/order/{orderId}), user (/user, /user/createWithList, /user/{username})');
      const fromDocument = await cli.waitForLine(/^answered from the document/);
      expect(fromDocument).toContain('getInventory');
      expect(fromDocument).toContain('createUsersWithListInput');
      const url = /ready on (\S+)/.exec(ready)?.[1] ?? '';
      const headers = { api_key: 'k', 'content-type': 'application/json' };
      const created = await fetch(`${url}/user`, { method: 'POST', headers, body: JSON.stringify({ username: 'ana', firstName: 'Ana' }) });
      expect(created.status).toBe(200);
      expect(await (await fetch(`${url}/user/ana`, { headers })).json()).toMatchObject({ username: 'ana', firstName: 'Ana' });
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('starts a document whose first collection no drawn record fits, counting in its ready line the records it holds, and says why', async () => {
    // The start was refused ("The seeded tasks do not fit"), as PeerTube's, DaniWeb's and Sinao's documents were.
    const cli = startCli(['--port', '0', '--document', fileURLToPath(new URL('../documents/findings/seeds-that-cannot-fit.yaml', import.meta.url))]);
    try {
      const ready = await cli.waitForLine(/ready on/);
      expect(ready).toContain('seed 1, 0 tasks,');
      expect(cli.errors()).toContain("tasks starts with 0 of 20 records: the records made from the document's schema of a task do not fit it (code must NOT be valid)");
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('takes a decimal that is a multiple of the schema’s multipleOf as decimals are, not as binary fractions: a price of 19.99 in steps of 0.01', async () => {
    const document = oneCollectionDocument({
      title: 'Shop',
      collection: 'items',
      record: 'Item',
      schema: { type: 'object', required: ['name', 'price'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, price: { type: 'number', multipleOf: 0.01 }, weight: { type: 'number', multipleOf: 0.1 } } },
    });
    await withCliOn(document, async url => {
      const create = (body: object): Promise<Response> => fetch(`${url}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const created = await create({ name: 'Collar', price: 19.99, weight: 0.3 });
      expect(created.status, await created.clone().text()).toBe(201);
      expect(await created.json()).toMatchObject({ price: 19.99, weight: 0.3 });
      const refused = await create({ name: 'Leash', price: 19.995 });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: expect.stringContaining('price must be multiple of 0.01') as unknown });
    });
  });

  it('takes a body without the optional properties constructor and toString, as members of every JavaScript object are no values a client sent', async () => {
    const document = oneCollectionDocument({
      title: 'Kennels',
      collection: 'kennels',
      record: 'Kennel',
      schema: { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, constructor: { type: 'string' }, toString: { type: 'string' } } },
    });
    await withCliOn(document, async url => {
      const create = (body: object): Promise<Response> => fetch(`${url}/kennels`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const plain = await create({ name: 'Plain' });
      expect(plain.status, await plain.clone().text()).toBe(201);
      expect(await (await create({ name: 'Built', constructor: 'Ada', toString: 'shown' })).json()).toMatchObject({ constructor: 'Ada', toString: 'shown' });
      const refused = await create({ name: 'Wrong', constructor: 7 });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: expect.stringContaining('constructor must be string') as unknown });
    });
  });

  it('says a document without security needs no credentials', async () => {
    const cli = startCli(['--port', '0', '--document', EXPANDED]);
    try {
      const ready = await cli.waitForLine(/ready on/);
      expect(ready).toContain('20 pets, no credentials (the document declares no security)');
      const url = /ready on (\S+)/.exec(ready)?.[1] ?? '';
      expect((await fetch(`${url}/pets`)).status).toBe(200);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('names a document whose version is empty (as Django REST framework writes it) by its title alone', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'petstore-cli-document-')), 'document.json');
    writeFileSync(path, JSON.stringify({ ...oneCollectionDocument({ title: 'Baby Buddy API', collection: 'notes', record: 'Note', schema: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, note: { type: 'string' } } } }), info: { title: 'Baby Buddy API', version: '' } }));
    const cli = startCli(['--port', '0', '--document', path]);
    try {
      expect(await cli.waitForLine(/ready on/)).toContain(`, Baby Buddy API from ${path},`);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('counts the records of each collection where every collection is keyed by its path alone, and names those collections', async () => {
    const cli = startCli(['--port', '0', '--pets', '5', '--document', fileURLToPath(new URL('../documents/held-keys.yaml', import.meta.url))]);
    try {
      const ready = await cli.waitForLine(/ready on/);
      expect(ready).toContain('(seed 1, 5 records a collection, no credentials');
      expect(await cli.waitForLine(/^records keyed by their path alone/)).toBe("records keyed by their path alone (no property holds the key; a create's Location names it, or a PUT of the path makes it): threatintelsets by {threatIntelSetId}, restrictions by {id}");
      const url = /ready on (\S+)/.exec(ready)?.[1] ?? '';
      expect((((await (await fetch(`${url}/restrictions`)).json()) as { values: unknown[] }).values)).toHaveLength(5);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('says plainly that a document without any collection keeps no state, instead of counting 20 records and 0 collections', async () => {
    const cli = startCli(['--port', '0', '--document', fileURLToPath(new URL('../documents/findings/no-collections.yaml', import.meta.url))]);
    try {
      expect(await cli.waitForLine(/ready on/)).toContain('(seed 1, no collection keeps state, no credentials');
      expect(await cli.waitForLine(/^state kept for/)).toBe('state kept for no collection: every operation is answered from the document');
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });
});

describe('--data with a document of several collections', () => {
  it('starts each collection the file names from exactly its records', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'petstore-data-')), 'clinic.json');
    writeFileSync(data, JSON.stringify({ owners: [{ id: 4, firstName: 'Ana', lastName: 'Lopez', address: '1 Main St.', city: 'Lyon', telephone: '0600000000' }], pettypes: [{ id: 9, name: 'ferret' }] }));
    const cli = startCli(['--port', '0', '--document', PETCLINIC, '--data', data]);
    try {
      const ready = await cli.waitForLine(/ready on/);
      expect(ready).toContain(`1 owners from ${data}`);
      const url = /ready on (\S+)/.exec(ready)?.[1] ?? '';
      expect(await (await fetch(`${url}/pettypes`)).json()).toEqual([{ id: 9, name: 'ferret' }]);
      const owner = (await (await fetch(`${url}/owners/4`)).json()) as { firstName: string; pets: { ownerId: number }[] };
      expect(owner.firstName).toBe('Ana');
      // The seeded pets point at owners that exist: the file's one owner.
      expect(owner.pets.length).toBeGreaterThan(0);
      expect(owner.pets.every(pet => pet.ownerId === 4)).toBe(true);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('refuses a record its collection’s schema refuses, naming it, and exits 2', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'petstore-data-')), 'clinic.json');
    writeFileSync(data, JSON.stringify({ pettypes: [{ id: 'nine', name: 'ferret' }] }));
    const cli = startCli(['--port', '0', '--document', PETCLINIC, '--data', data]);
    const { code } = await cli.exited;
    expect(code).toBe(2);
    expect(cli.errors()).toContain('initialRecords pettypes [0]: id must be integer');
  });
});
