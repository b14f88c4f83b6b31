import { describe, expect, it } from 'vitest';
import { describeResources } from '../../src/cli/describe-document.js';
import type { Engine } from '../../src/index.js';
import { checkedEngine, findingAt } from '../support/checked-engine.js';

const TENANT_PATH = findingAt('independent-tenant-path.yaml');

interface Answer {
  status: number;
  headers: Record<string, string>;
  json: unknown;
}

async function call(engine: Engine, method: string, url: string, body?: unknown): Promise<Answer> {
  const response = await engine.handle({ method, url, headers: { 'content-type': 'application/json', authorization: 'Bearer token' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, headers: response.headers, json: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

const clientIds = (answer: Answer): unknown[] => (answer.json as { clientId?: unknown }[]).map(client => client.clientId);
const storedBytes = async (engine: Engine): Promise<number> => ((await call(engine, 'GET', '/__admin/settings')).json as { limits: { storedBytes: { used: number } } }).limits.storedBytes.used;

describe('records under a path segment that names no collection are kept apart per its value (Keycloak realms, independent finding 1)', () => {
  it('shows a client created in one realm in that realm only: its list, its read and its delete leave every other realm as it was', async () => {
    const { engine, errors } = await checkedEngine(TENANT_PATH);
    const seeded = clientIds(await call(engine, 'GET', '/admin/realms/other/clients'));
    // Read twice before the create: an answer given again must not outlive the realm's change.
    expect(clientIds(await call(engine, 'GET', '/admin/realms/master/clients'))).toEqual(seeded);
    expect(clientIds(await call(engine, 'GET', '/admin/realms/master/clients'))).toEqual(seeded);
    const created = await call(engine, 'POST', '/admin/realms/master/clients', { clientId: 'only-in-master' });
    expect(created.status).toBe(201);
    const location = created.headers['location'] ?? '';
    expect(location).toMatch(/^\/admin\/realms\/master\/clients\/[^{}/]+$/);
    expect(clientIds(await call(engine, 'GET', '/admin/realms/master/clients'))).toContain('only-in-master');
    expect(clientIds(await call(engine, 'GET', '/admin/realms/other/clients'))).toEqual(seeded);
    expect((await call(engine, 'GET', location.replace('/master/', '/other/'))).status).toBe(404);
    expect((await call(engine, 'GET', location)).status).toBe(200);

    // A seeded client deleted in master is still there in other.
    const [first] = (await call(engine, 'GET', '/admin/realms/master/clients')).json as { id: string }[];
    expect((await call(engine, 'DELETE', `/admin/realms/master/clients/${first?.id ?? ''}`)).status).toBe(204);
    expect((await call(engine, 'GET', `/admin/realms/master/clients/${first?.id ?? ''}`)).status).toBe(404);
    expect((await call(engine, 'GET', `/admin/realms/other/clients/${first?.id ?? ''}`)).status).toBe(200);
    expect(describeResources(engine.document)).toContain('records kept apart per value of a path segment: clients by {realm}');
    expect(errors).toEqual([]);
  });

  it('gives each opened realm in GET /__admin/state as clients@<realm>, takes it back by PUT, and forgets every realm at a reset', async () => {
    const { engine } = await checkedEngine(TENANT_PATH);
    await call(engine, 'POST', '/admin/realms/master/clients', { clientId: 'kept' });
    const state = (await call(engine, 'GET', '/__admin/state')).json as Record<string, { clientId?: string }[]>;
    expect(Object.keys(state)).toEqual(['clients', 'clients@master']);
    expect(state['clients@master']?.map(client => client.clientId)).toContain('kept');

    const moved = { 'clients@a%2Fb': state['clients@master'] };
    expect((await call(engine, 'PUT', '/__admin/state', moved)).status).toBe(200);
    expect(clientIds(await call(engine, 'GET', '/admin/realms/a%2Fb/clients'))).toContain('kept');

    expect((await call(engine, 'POST', '/__admin/reset')).status).toBeLessThan(300);
    expect(Object.keys((await call(engine, 'GET', '/__admin/state')).json as object)).toEqual(['clients']);
    expect(clientIds(await call(engine, 'GET', '/admin/realms/master/clients'))).not.toContain('kept');
  });

  it('holds nothing for reads of ever new realms, and a refused write in a new realm leaves no trace', async () => {
    const { engine } = await checkedEngine(TENANT_PATH);
    const before = await storedBytes(engine);
    for (let realm = 0; realm < 200; realm += 1) expect((await call(engine, 'GET', `/admin/realms/r${realm}/clients`)).status).toBe(200);
    expect(await storedBytes(engine)).toBe(before);
    const refused = await call(engine, 'POST', '/admin/realms/fresh/clients', { clientId: 42 });
    expect(refused.status).toBe(400);
    expect(Object.keys((await call(engine, 'GET', '/__admin/state')).json as object)).toEqual(['clients']);
    expect(await storedBytes(engine)).toBe(before);
    const refusedState = await call(engine, 'PUT', '/__admin/state', { 'clients@fresh': [{ id: 'x', clientId: 1 }] });
    expect(refusedState.status).toBe(400);
    expect(Object.keys((await call(engine, 'GET', '/__admin/state')).json as object)).toEqual(['clients']);
    expect(await storedBytes(engine)).toBe(before);
  });

  it('counts each realm a write opens against maxStoredBytes and answers 507 naming it once they are full', async () => {
    const { engine } = await checkedEngine(TENANT_PATH, { maxStoredBytes: 64 * 1024 });
    const statuses: number[] = [];
    for (let realm = 0; realm < 40; realm += 1) statuses.push((await call(engine, 'POST', `/admin/realms/r${realm}/clients`, { clientId: 'app' })).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.at(-1)).toBe(507);
    const full = await call(engine, 'POST', '/admin/realms/one-more/clients', { clientId: 'app' });
    expect(full).toMatchObject({ status: 507, json: { code: 'store_full' } });
    expect(JSON.stringify(full.json)).toContain('maxStoredBytes, --max-stored-bytes');
    expect(await storedBytes(engine)).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('records nested under a parent they hold no key of are kept apart per parent', () => {
  it('lists an owner’s notes without another owner’s, and reads a note only under the owner it was made under', async () => {
    const { engine, errors } = await checkedEngine(findingAt('nested-without-foreign-key.yaml'));
    const owners = (await call(engine, 'GET', '/owners')).json as { id: number }[];
    const [one, two] = owners.map(owner => owner.id);
    const created = await call(engine, 'POST', `/owners/${String(one)}/notes`, { text: 'for one' });
    expect(created.status).toBe(201);
    const note = created.json as { id: number };
    const texts = async (owner: number | undefined): Promise<unknown[]> => ((await call(engine, 'GET', `/owners/${String(owner)}/notes`)).json as { text: string }[]).map(each => each.text);
    expect(await texts(one)).toContain('for one');
    expect(await texts(two)).not.toContain('for one');
    expect((await call(engine, 'GET', `/owners/${String(one)}/notes/${String(note.id)}`)).status).toBe(200);
    expect((await call(engine, 'GET', `/owners/${String(two)}/notes/${String(note.id)}`)).status).toBe(404);
    expect((await call(engine, 'GET', `/owners/999999/notes`)).status).toBe(404);
    expect(describeResources(engine.document)).toContain('records kept apart per value of a path segment: notes by {ownerId}');
    expect(errors).toEqual([]);
  });
});

// Netlify's builds: made under a site (`POST /sites/{site_id}/builds`, a build naming no site), read and
// changed by their id alone (`GET /builds/{build_id}`). No path lists sites here, so `{site_id}` keeps them apart.
// A build's log lines, a collection nested under builds whose records name their build.
const LOG = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, build_id: { type: 'string', readOnly: true }, line: { type: 'string' } } };
const buildsAnywhere = (id: object, { clientKeys = false } = {}): object => {
  // The service assigns a build's id, or (clientKeys) the client names it.
  const build = clientKeys
    ? { type: 'object', required: ['id'], properties: { id, title: { type: 'string' } } }
    : { type: 'object', properties: { id: { ...id, readOnly: true }, title: { type: 'string' } } };
  return {
    openapi: '3.0.3',
    info: { title: 'Builds', version: '1' },
    paths: {
      '/sites/{site_id}/builds': {
        parameters: [{ name: 'site_id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'listSiteBuilds', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: build } } } } } },
        post: { operationId: 'createSiteBuild', requestBody: { content: { 'application/json': { schema: build } } }, responses: { 201: { description: 'made', content: { 'application/json': { schema: build } } } } },
      },
      '/builds': {
        post: { operationId: 'createBuild', requestBody: { content: { 'application/json': { schema: build } } }, responses: { 201: { description: 'made', content: { 'application/json': { schema: build } } } } },
      },
      '/builds/{build_id}/logs': {
        parameters: [{ name: 'build_id', in: 'path', required: true, schema: id }],
        get: { operationId: 'listBuildLogs', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: LOG } } } }, 404: { description: 'none' } } },
        post: { operationId: 'createBuildLog', requestBody: { content: { 'application/json': { schema: LOG } } }, responses: { 201: { description: 'made', content: { 'application/json': { schema: LOG } } }, 404: { description: 'none' } } },
      },
      '/builds/{build_id}': {
        parameters: [{ name: 'build_id', in: 'path', required: true, schema: id }],
        get: { operationId: 'getBuild', responses: { 200: { description: 'ok', content: { 'application/json': { schema: build } } }, 404: { description: 'none' } } },
        patch: { operationId: 'updateBuild', requestBody: { content: { 'application/json': { schema: build } } }, responses: { 200: { description: 'ok', content: { 'application/json': { schema: build } } }, 404: { description: 'none' } } },
        delete: { operationId: 'deleteBuild', responses: { 204: { description: 'gone' }, 404: { description: 'none' } } },
      },
    },
  };
};

describe('records kept apart per a path segment, reached by a path that names none', () => {
  it('reads, changes and deletes at /builds/{build_id} the build made under a site, which stays under that site only', async () => {
    const { createEngine } = await import('../../src/index.js');
    const engine = await createEngine({ document: buildsAnywhere({ type: 'string' }), seed: 5 });
    const made = await call(engine, 'POST', '/sites/one/builds', { title: 'first' });
    expect(made.status).toBe(201);
    const build = made.json as { id: string; title: string };
    expect(await call(engine, 'GET', `/builds/${build.id}`)).toMatchObject({ status: 200, json: build });
    expect(await call(engine, 'PATCH', `/builds/${build.id}`, { title: 'renamed' })).toMatchObject({ status: 200, json: { id: build.id, title: 'renamed' } });
    expect((await call(engine, 'GET', '/sites/one/builds')).json).toContainEqual({ id: build.id, title: 'renamed' });
    expect((await call(engine, 'GET', '/sites/two/builds')).json).not.toContainEqual(expect.objectContaining({ id: build.id }));
    expect((await call(engine, 'DELETE', `/builds/${build.id}`)).status).toBe(204);
    expect((await call(engine, 'GET', `/builds/${build.id}`)).status).toBe(404);
    expect((await call(engine, 'GET', '/sites/one/builds')).json).not.toContainEqual(expect.objectContaining({ id: build.id }));
    expect((await call(engine, 'GET', '/builds/no-such-build')).status).toBe(404);
  });

  it.each([
    ['drawn string', { type: 'string' }],
    ['whole-number', { type: 'integer' }],
  ])('gives the builds of two sites different %s keys, each found by its key alone under its own site', async (_kind, id) => {
    const { createEngine } = await import('../../src/index.js');
    const engine = await createEngine({ document: buildsAnywhere(id), seed: 5 });
    const one = (await call(engine, 'POST', '/sites/one/builds', { title: 'one' })).json as { id: unknown };
    const two = (await call(engine, 'POST', '/sites/two/builds', { title: 'two' })).json as { id: unknown };
    expect(two.id).not.toEqual(one.id);
    expect((await call(engine, 'GET', `/builds/${String(one.id)}`)).json).toMatchObject({ title: 'one' });
    expect((await call(engine, 'GET', `/builds/${String(two.id)}`)).json).toMatchObject({ title: 'two' });
    // A reset numbers from the start again: the same requests make the same keys.
    expect((await call(engine, 'POST', '/__admin/reset')).status).toBe(204);
    expect(((await call(engine, 'POST', '/sites/one/builds', { title: 'again' })).json as { id: unknown }).id).toEqual(one.id);
  });

  it('finds a seeded build at /builds/{build_id} in the records kept without a site only: deleted there, it is gone there, whatever each site holds', async () => {
    const { createEngine } = await import('../../src/index.js');
    const engine = await createEngine({ document: buildsAnywhere({ type: 'string' }), seed: 5 });
    const [seeded] = (await call(engine, 'GET', '/sites/one/builds')).json as { id: string }[];
    expect(seeded).toBeDefined();
    // Site one opened (a write), holding its own copy of every seeded build.
    expect((await call(engine, 'POST', '/sites/one/builds', { title: 'opens one' })).status).toBe(201);
    expect((await call(engine, 'DELETE', `/builds/${seeded?.id ?? ''}`)).status).toBe(204);
    expect((await call(engine, 'GET', `/builds/${seeded?.id ?? ''}`)).status).toBe(404);
    expect((await call(engine, 'GET', '/sites/one/builds')).json).toContainEqual(expect.objectContaining({ id: seeded?.id }));
  });

  it('leaves a key two sites were each given by their clients to the records kept without a site', async () => {
    const { createEngine } = await import('../../src/index.js');
    const engine = await createEngine({ document: buildsAnywhere({ type: 'string' }, { clientKeys: true }), seed: 5 });
    expect((await call(engine, 'POST', '/sites/one/builds', { id: 'shared', title: 'one' })).status).toBe(201);
    expect(await call(engine, 'GET', '/builds/shared')).toMatchObject({ status: 200, json: { title: 'one' } });
    expect((await call(engine, 'POST', '/sites/two/builds', { id: 'shared', title: 'two' })).status).toBe(201);
    expect((await call(engine, 'GET', '/builds/shared')).status).toBe(404);
  });

  it('gives a build made at /builds and one made under a site different keys, each read as made', async () => {
    const { createEngine } = await import('../../src/index.js');
    const engine = await createEngine({ document: buildsAnywhere({ type: 'integer' }), seed: 5 });
    const underSite = (await call(engine, 'POST', '/sites/one/builds', { title: 'under a site' })).json as { id: number };
    const plain = (await call(engine, 'POST', '/builds', { title: 'plain' })).json as { id: number };
    expect(plain.id).not.toBe(underSite.id);
    expect((await call(engine, 'GET', `/builds/${underSite.id}`)).json).toMatchObject({ title: 'under a site' });
    expect((await call(engine, 'GET', `/builds/${plain.id}`)).json).toMatchObject({ title: 'plain' });
  });

  it('finds a build made under a site as the parent of a path below it (/builds/{build_id}/logs)', async () => {
    const { createEngine } = await import('../../src/index.js');
    const engine = await createEngine({ document: buildsAnywhere({ type: 'string' }), seed: 5 });
    const build = (await call(engine, 'POST', '/sites/one/builds', { title: 'logged' })).json as { id: string };
    expect(await call(engine, 'POST', `/builds/${build.id}/logs`, { line: 'started' })).toMatchObject({ status: 201, json: { build_id: build.id, line: 'started' } });
    expect((await call(engine, 'GET', `/builds/${build.id}/logs`)).json).toEqual([expect.objectContaining({ build_id: build.id, line: 'started' })]);
    expect((await call(engine, 'POST', '/builds/no-such-build/logs', { line: 'lost' })).status).toBe(404);
  });

  it('draws a key no other site holds where the schema allows few (three builds over two sites, an enum of three)', async () => {
    const { createEngine } = await import('../../src/index.js');
    const engine = await createEngine({ document: buildsAnywhere({ type: 'string', enum: ['red', 'green', 'blue'] }), pets: 0, seed: 5 });
    const ids: string[] = [];
    for (const site of ['one', 'two', 'one']) ids.push(((await call(engine, 'POST', `/sites/${site}/builds`, { title: site })).json as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect((await call(engine, 'GET', `/builds/${id}`)).status).toBe(200);
  });
  it('finds a build made under a site as the parent of a path naming it by another property (/builds/{build_name}/logs)', async () => {
    const { createEngine } = await import('../../src/index.js');
    const build = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
    const log = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, build_id: { type: 'integer', readOnly: true }, line: { type: 'string' } } };
    const answers = (schema: object, status = 200): object => ({ [status]: { description: 'ok', content: { 'application/json': { schema } } }, 404: { description: 'none' } });
    const document = {
      openapi: '3.0.3',
      info: { title: 'Named builds', version: '1' },
      paths: {
        '/sites/{site_id}/builds': {
          parameters: [{ name: 'site_id', in: 'path', required: true, schema: { type: 'string' } }],
          get: { operationId: 'listSiteBuilds', responses: answers({ type: 'array', items: build }) },
          post: { operationId: 'createSiteBuild', requestBody: { content: { 'application/json': { schema: build } } }, responses: answers(build, 201) },
        },
        '/builds/{build_id_or_name}': { parameters: [{ name: 'build_id_or_name', in: 'path', required: true, schema: { type: 'string' } }], get: { operationId: 'getBuild', responses: answers(build) } },
        '/builds/{build_name}/logs': {
          parameters: [{ name: 'build_name', in: 'path', required: true, schema: { type: 'string' } }],
          get: { operationId: 'listLogs', responses: answers({ type: 'array', items: log }) },
          post: { operationId: 'createLog', requestBody: { content: { 'application/json': { schema: log } } }, responses: answers(log, 201) },
        },
      },
    };
    const engine = await createEngine({ document, seed: 5 });
    const made = (await call(engine, 'POST', '/sites/one/builds', { name: 'alpha' })).json as { id: number };
    expect((await call(engine, 'GET', '/builds/alpha')).json).toMatchObject({ id: made.id, name: 'alpha' });
    expect(await call(engine, 'POST', '/builds/alpha/logs', { line: 'started' })).toMatchObject({ status: 201, json: { build_id: made.id, line: 'started' } });
    expect((await call(engine, 'GET', '/builds/alpha/logs')).json).toEqual([expect.objectContaining({ line: 'started' })]);
  });

  it('keeps numbering a collection as one when a new document makes it the first collection', async () => {
    const { createEngine } = await import('../../src/index.js');
    const withPets = structuredClone(buildsAnywhere({ type: 'integer' })) as { paths: Record<string, unknown> };
    const pet = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
    // Written first: pets are the first collection, builds another.
    withPets.paths = { '/pets': { get: { operationId: 'listPets', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: pet } } } } } } }, ...withPets.paths };
    const engine = await createEngine({ document: withPets, seed: 5 });
    const first = (await call(engine, 'POST', '/sites/one/builds', { title: 'before' })).json as { id: number };
    engine.replaceDocument(await createEngine({ document: buildsAnywhere({ type: 'integer' }) }).then(other => other.document));
    const second = (await call(engine, 'POST', '/sites/two/builds', { title: 'after' })).json as { id: number };
    const plain = (await call(engine, 'POST', '/builds', { title: 'plain' })).json as { id: number };
    expect(new Set([first.id, second.id, plain.id]).size).toBe(3);
    expect((await call(engine, 'GET', `/builds/${first.id}`)).json).toMatchObject({ title: 'before' });
    expect((await call(engine, 'GET', `/builds/${second.id}`)).json).toMatchObject({ title: 'after' });
  });
});

describe('collections no path keeps apart', () => {
  it('number their records after a state set by PUT /__admin/state from its highest id, as before (Spring PetClinic’s pet types)', async () => {
    const { createEngine } = await import('../../src/index.js');
    const engine = await createEngine({ documentPath: findingAt('../corpus/spring-petclinic-rest.yaml'), seed: 5 });
    expect((await call(engine, 'POST', '/petclinic/api/pettypes', { name: 'lizard' })).status).toBe(200);
    expect((await call(engine, 'PUT', '/__admin/state', { pettypes: [{ id: 7, name: 'ferret' }] })).status).toBeLessThan(300);
    expect(await call(engine, 'POST', '/petclinic/api/pettypes', { name: 'gecko' })).toMatchObject({ status: 200, json: { id: 8, name: 'gecko' } });
  });
});
