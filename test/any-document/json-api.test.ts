import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeResources } from '../../src/cli/describe-document.js';
import { createEngine, type Engine } from '../../src/index.js';

// JsonApiDotNetCore's example document (test/documents/real-world/README.md): JSON:API as a .NET service publishes it.
const DOCUMENT = fileURLToPath(new URL('../documents/real-world/jsonapidotnetcore-example.json', import.meta.url));
const JSON_API = 'application/vnd.api+json; ext="https://www.jsonapi.net/ext/openapi"';

interface Answer {
  status: number;
  headers: Record<string, string>;
  json: Record<string, unknown> | undefined;
}

type Identifier = { type: string; id: string };

describe('a JSON:API document (JsonApiDotNetCore): resources, relationships and what the document says of them', () => {
  let engine: Engine;
  const errors: string[] = [];
  beforeAll(async () => {
    engine = await createEngine({ documentPath: DOCUMENT, validateResponses: true, onError: message => errors.push(message), seed: 7 });
  });
  const call = async (method: string, url: string, body?: unknown): Promise<Answer> => {
    const response = await engine.handle({ method, url: `http://localhost:44340${url}`, headers: { accept: JSON_API, ...(body !== undefined && { 'content-type': JSON_API }) }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return { status: response.status, headers: response.headers, json: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : undefined };
  };
  const dataOf = (answer: Answer): Record<string, unknown> => answer.json?.['data'] as Record<string, unknown>;
  const createPerson = async (lastName: string): Promise<string> => {
    const created = await call('POST', '/api/people', { data: { type: 'people', attributes: { 'openapi:discriminator': 'people', lastName } } });
    expect(created.status).toBe(201);
    return String(dataOf(created)['id']);
  };
  const createTodo = async (description: string, owner: string): Promise<string> => {
    const body = { data: { type: 'todoItems', attributes: { 'openapi:discriminator': 'todoItems', description, priority: 'High' }, relationships: { 'openapi:discriminator': 'todoItems', owner: { data: { type: 'people', id: owner } } } } };
    const created = await call('POST', '/api/todoItems', body);
    expect(created.status).toBe(201);
    return String(dataOf(created)['id']);
  };

  it('keeps the three resources and takes the relationship endpoints for parts of their records, not collections', () => {
    const said = describeResources(engine.document);
    expect(said[0]).toBe('state kept for 3 collection(s): people (/api/people, /api/people/{id}), tags (/api/tags, /api/tags/{id}), todoItems (/api/todoItems, /api/todoItems/{id})');
    expect(said[1]).toBe(
      'parts of records read and changed at paths of their own: people.relationships.assignedTodoItems, people.relationships.ownedTodoItems, tags.relationships.todoItems, todoItems.relationships.assignee, todoItems.relationships.owner, todoItems.relationships.tags',
    );
  });

  it('seeds records that say what they are: each discriminator takes the value its mapping gives the record’s schema', async () => {
    const tags = (await call('GET', '/api/tags')).json?.['data'] as { type: string; id: string; attributes: Record<string, unknown> }[];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) {
      expect(tag.type).toBe('tags');
      expect(tag.attributes['openapi:discriminator']).toBe('tags');
      // A string id of format int64 is a whole number written as text.
      expect(tag.id).toMatch(/^\d+$/);
    }
    expect(errors).toEqual([]);
  });

  it('seeds relationships that name records which exist, each listed at the related path', async () => {
    const people = (await call('GET', '/api/people')).json?.['data'] as { id: string; relationships: { assignedTodoItems?: { data: Identifier[] } } }[];
    const todoItems = new Set(((await call('GET', '/api/todoItems')).json?.['data'] as Identifier[]).map(each => each.id));
    const held = people.flatMap(person => person.relationships.assignedTodoItems?.data ?? []);
    expect(held.length).toBeGreaterThan(0);
    for (const identifier of held) expect(todoItems.has(identifier.id), identifier.id).toBe(true);
    const person = people.find(each => (each.relationships.assignedTodoItems?.data.length ?? 0) > 0);
    const listed = (await call('GET', `/api/people/${person?.id ?? ''}/assignedTodoItems`)).json?.['data'] as Identifier[];
    expect(listed.map(each => each.id).sort()).toEqual((person?.relationships.assignedTodoItems?.data ?? []).map(each => each.id).sort());
    expect(errors).toEqual([]);
  });

  it('answers a create with an absolute Location where the document declares it a uri, pointing at the new record', async () => {
    const created = await call('POST', '/api/tags', { data: { type: 'tags', attributes: { 'openapi:discriminator': 'tags', name: 'urgent' } } });
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe(`http://localhost:44340/api/tags/${String(dataOf(created)['id'])}`);
    expect(created.json).toHaveProperty('links');
    expect(errors).toEqual([]);
  });

  it('merges a PATCH of one attribute into the record, keeping the others', async () => {
    const id = await createPerson('Byron');
    await call('PATCH', `/api/people/${id}`, { data: { type: 'people', id, attributes: { 'openapi:discriminator': 'people', firstName: 'Ada' } } });
    expect(dataOf(await call('GET', `/api/people/${id}`))['attributes']).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
    expect(errors).toEqual([]);
  });

  it('adds to, reads, replaces and removes from a to-many relationship, and lists the related records it names', async () => {
    const person = await createPerson('Lovelace');
    const first = await createTodo('Write the notes', person);
    const second = await createTodo('Check the engine', person);
    const relationship = `/api/people/${person}/relationships/assignedTodoItems`;
    const identifiers = async (): Promise<string[]> => (dataOf(await call('GET', relationship)) as unknown as Identifier[]).map(each => each.id);

    expect((await call('POST', relationship, { data: [{ type: 'todoItems', id: first }, { type: 'todoItems', id: second }] })).status).toBe(204);
    expect(await identifiers()).toEqual([first, second]);
    const related = (await call('GET', `/api/people/${person}/assignedTodoItems`)).json?.['data'] as { id: string; attributes: Record<string, unknown> }[];
    expect(related.map(each => each.id)).toEqual([first, second]);
    expect(related[0]?.attributes).toMatchObject({ description: 'Write the notes' });

    expect((await call('DELETE', relationship, { data: [{ type: 'todoItems', id: first }] })).status).toBe(204);
    expect(await identifiers()).toEqual([second]);
    expect((await call('PATCH', relationship, { data: [] })).status).toBe(204);
    expect(await identifiers()).toEqual([]);
    expect((await call('GET', `/api/people/${person}/assignedTodoItems`)).json?.['data']).toEqual([]);
    // The record itself shows what its relationship holds.
    expect(dataOf(await call('GET', `/api/people/${person}`))['relationships']).toMatchObject({ assignedTodoItems: { data: [] } });
    expect(errors).toEqual([]);
  });

  it('reads the record a to-one relationship names, replaces it by PATCH, and answers 404 for the relationship of a record that does not exist', async () => {
    const owner = await createPerson('Babbage');
    const other = await createPerson('Somerville');
    const todo = await createTodo('Draw the plans', owner);
    expect(dataOf(await call('GET', `/api/todoItems/${todo}/owner`))).toMatchObject({ type: 'people', id: owner, attributes: { lastName: 'Babbage' } });
    expect((await call('PATCH', `/api/todoItems/${todo}/relationships/owner`, { data: { type: 'people', id: other } })).status).toBe(204);
    expect(dataOf(await call('GET', `/api/todoItems/${todo}`))['relationships']).toMatchObject({ owner: { data: { type: 'people', id: other } } });
    // The related record, read through the relationship: now the other person.
    expect(dataOf(await call('GET', `/api/todoItems/${todo}/owner`))).toMatchObject({ id: other, attributes: { lastName: 'Somerville' } });
    const missing = await call('GET', '/api/people/987654321/relationships/assignedTodoItems');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ errors: [{ status: '404' }] });
    expect((await call('POST', '/api/people/987654321/relationships/assignedTodoItems', { data: [] })).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('clears a nullable to-one relationship with {"data": null}, reads it back as null, and answers its related record as nothing', async () => {
    const owner = await createPerson('Lovelace');
    const todo = await createTodo('Write the notes', owner);
    expect((await call('PATCH', `/api/todoItems/${todo}/relationships/assignee`, { data: { type: 'people', id: owner } })).status).toBe(204);
    expect((await call('PATCH', `/api/todoItems/${todo}/relationships/assignee`, { data: null })).status).toBe(204);
    expect((await call('GET', `/api/todoItems/${todo}/relationships/assignee`)).json).toMatchObject({ data: null });
    expect((await call('GET', `/api/todoItems/${todo}/assignee`)).json).toMatchObject({ data: null });
    const patched = await call('PATCH', `/api/todoItems/${todo}`, { data: { type: 'todoItems', id: todo, relationships: { 'openapi:discriminator': 'todoItems', assignee: { data: null } } } });
    expect(patched.status).toBe(200);
    expect(dataOf(patched)['relationships']).toMatchObject({ assignee: { data: null } });
    // The owner is required: null is still refused there, by Prism, naming the field.
    const refused = await call('PATCH', `/api/todoItems/${todo}/relationships/owner`, { data: null });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('data');
    expect(errors).toEqual([]);
  });

  it('drops a deleted todo item from every relationship that listed it, and clears a nullable to-one naming a deleted person', async () => {
    const owner = await createPerson('Hopper');
    const assignee = await createPerson('Noether');
    const first = await createTodo('Compile', owner);
    const second = await createTodo('Debug', owner);
    const related = `/api/people/${assignee}/relationships/assignedTodoItems`;
    expect((await call('POST', related, { data: [{ type: 'todoItems', id: first }, { type: 'todoItems', id: second }] })).status).toBe(204);
    expect((await call('PATCH', `/api/todoItems/${second}/relationships/assignee`, { data: { type: 'people', id: assignee } })).status).toBe(204);
    expect((await call('DELETE', `/api/todoItems/${first}`)).status).toBe(204);
    expect((await call('GET', related)).json?.['data']).toEqual([{ type: 'todoItems', id: second }]);
    expect((await call('GET', `/api/people/${assignee}/assignedTodoItems`)).json?.['data']).toEqual([expect.objectContaining({ id: second })]);
    expect((await call('DELETE', `/api/people/${assignee}`)).status).toBe(204);
    expect(dataOf(await call('GET', `/api/todoItems/${second}`))['relationships']).toMatchObject({ assignee: { data: null } });
    expect((await call('GET', `/api/todoItems/${second}/assignee`)).json).toMatchObject({ data: null });
    expect(errors).toEqual([]);
  });

  it('answers the relationships of a record created without them as empty, not a made-up record nor a 500', async () => {
    const person = await createPerson('Germain');
    expect((await call('GET', `/api/people/${person}/relationships/assignedTodoItems`)).json).toMatchObject({ data: [] });
    const todo = await createTodo('Prove it', person);
    expect((await call('GET', `/api/todoItems/${todo}/relationships/assignee`)).json).toMatchObject({ data: null });
    expect((await call('GET', `/api/todoItems/${todo}/relationships/tags`)).json).toMatchObject({ data: [] });
    expect(errors).toEqual([]);
  });

  it('answers an operation declared as text in text: its answer unquoted, and the mock’s error as that text where the document declares no JSON for it', async () => {
    const greeting = await engine.handle({ method: 'POST', url: '/NonJsonApi', headers: { 'content-type': 'application/json' }, body: '"Ada"' });
    expect(greeting.status).toBe(200);
    expect(greeting.headers['content-type']).toBe('text/plain');
    expect(greeting.body).not.toMatch(/^"/);
    const refused = await engine.handle({ method: 'POST', url: '/NonJsonApi', headers: { 'content-type': 'application/json' }, body: '{"id": 1e400}' });
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toBe('text/plain');
    expect(refused.body).toMatch(/^Request body property id is 1e400/);
    expect(errors).toEqual([]);
  });

  it('names the document’s server in an absolute Location when the request names no origin, forced answers too', async () => {
    const forced = await engine.handle({
      method: 'POST',
      url: '/api/tags',
      headers: { 'content-type': JSON_API, accept: JSON_API, prefer: 'code=201' },
      body: JSON.stringify({ data: { type: 'tags', attributes: { 'openapi:discriminator': 'tags', name: 'forced' } } }),
    });
    expect(forced.status).toBe(201);
    expect(forced.headers['location']).toMatch(/^https:\/\/localhost:44340\/api\/tags\/[^/]+$/);
    expect(errors).toEqual([]);
  });
});
