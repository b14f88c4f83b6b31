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
