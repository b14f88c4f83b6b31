import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { checkedEngine, findingAt } from '../support/checked-engine.js';

async function listed(engine: Engine, url: string): Promise<{ status: number; page: { results: { id: number }[]; total: number; per_page: number; page: number } }> {
  const response = await engine.handle({ method: 'GET', url, headers: {} });
  return { status: response.status, page: (JSON.parse(response.body ?? '{}') as { data: never }).data };
}

describe('a page size written as alternatives (second check, listmonk)', () => {
  it('pages by per_page where its schema is oneOf [integer, "all"], and lists everything for the word', async () => {
    const { engine, errors } = await checkedEngine(findingAt('second-check-page-size-alternatives.yaml'));
    const third = await listed(engine, '/lists?per_page=2&page=3');
    expect(third.status).toBe(200);
    expect(third.page.results.map(list => list.id)).toEqual([5, 6]);
    expect(third.page).toMatchObject({ total: 20, per_page: 2, page: 3 });
    const all = await listed(engine, '/lists?per_page=all');
    expect(all.page.results).toHaveLength(20);
    expect(all.page).toMatchObject({ total: 20, page: 1 });
    expect(errors).toEqual([]);
  });
});

describe('values drawn for patterns faker cannot read (second check, Radarr)', () => {
  it('seeds records whose property pattern has escapes, groups and lazy quantifiers with values that match it', async () => {
    const { engine, errors } = await checkedEngine(findingAt('second-check-patterned-path-and-head.yaml'));
    const response = await engine.handle({ method: 'GET', url: '/covers', headers: {} });
    expect(response.status).toBe(200);
    const covers = JSON.parse(response.body ?? '[]') as { file?: string }[];
    expect(covers.length).toBeGreaterThan(0);
    for (const cover of covers) expect(cover.file).toMatch(/^(?:[a-z]+\/)?[\w-]+?\.(png|jpe?g)$/u);
    expect(errors).toEqual([]);
  });
});

describe('a filter whose default is empty (second check, Radarr’s calendar)', () => {
  it('lists every record where the filter parameter is absent and its default is "", and filters by a value sent', async () => {
    const { engine, errors } = await checkedEngine(findingAt('second-check-empty-filter-default.yaml'));
    const all = await engine.handle({ method: 'GET', url: '/movie', headers: {} });
    const calendar = await engine.handle({ method: 'GET', url: '/movie/calendar', headers: {} });
    expect(calendar.status).toBe(200);
    expect(JSON.parse(calendar.body ?? '[]')).toEqual(JSON.parse(all.body ?? '[]'));
    expect((JSON.parse(calendar.body ?? '[]') as unknown[]).length).toBeGreaterThan(0);
    await engine.handle({ method: 'POST', url: '/movie', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Heat', tags: [987654] }) });
    const tagged = await engine.handle({ method: 'GET', url: '/movie/calendar?tags=987654', headers: {} });
    expect(JSON.parse(tagged.body ?? '[]')).toMatchObject([{ title: 'Heat', tags: [987654] }]);
    expect(errors).toEqual([]);
  });
});

describe('a PUT on a collection that has no POST (second check, Vikunja)', () => {
  it('creates the record, answering 201 with a Location that reads back, instead of a 404 for a key never sent', async () => {
    const { engine, errors } = await checkedEngine(findingAt('second-check-put-creates.yaml'));
    const created = await engine.handle({ method: 'PUT', url: '/api/v1/projects', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Home' }) });
    expect(created.status).toBe(201);
    const location = created.headers['location'] ?? '';
    expect(location).toMatch(/^\/api\/v1\/projects\/\d+$/);
    const read = await engine.handle({ method: 'GET', url: location, headers: {} });
    expect(JSON.parse(read.body ?? '{}')).toEqual(JSON.parse(created.body ?? ''));
    const listed = JSON.parse((await engine.handle({ method: 'GET', url: '/api/v1/projects', headers: {} })).body ?? '[]') as { title: string }[];
    expect(listed.filter(project => project.title === 'Home')).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('the mock’s own error on an operation that declares only another media type (second check, Vikunja)', () => {
  it('answers a missing attachment 404 in the type and schema the operation declares for 404, not a 500 under --validate-responses', async () => {
    const { engine, errors } = await checkedEngine(findingAt('second-check-error-media-type.yaml'));
    const missing = await engine.handle({ method: 'GET', url: '/api/v1/tasks/1/attachments/99999', headers: {} });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('application/octet-stream');
    expect(JSON.parse(missing.body ?? '{}')).toEqual({ message: 'No attachment has id 99999.' });
    const task = await engine.handle({ method: 'GET', url: '/api/v1/tasks/99999', headers: {} });
    expect(task.headers['content-type']).toBe('application/json');
    // Vikunja's `models.Message` describes only `message`: the mock's `code` and `status` are not added beside it.
    expect(JSON.parse(task.body ?? '{}')).toEqual({ message: 'No task has id 99999.' });
    expect(errors).toEqual([]);
  });
});

describe('a body sent to an operation that declares none (second check, Vikunja)', () => {
  it('answers 415 saying the operation takes no request body, not that application/json must be application/json', async () => {
    const { engine } = await checkedEngine(findingAt('second-check-put-creates.yaml'));
    const sent = await engine.handle({ method: 'POST', url: '/api/v1/notifications', headers: { 'content-type': 'application/json' }, body: '{"read":true}' });
    expect(sent.status).toBe(415);
    const { code, message } = JSON.parse(sent.body ?? '{}') as { code: string; message: string };
    expect(code).toBe('unsupported_media_type');
    expect(message).toBe('POST /notifications takes no request body: send the request without one (one came as "application/json").');
    const without = await engine.handle({ method: 'POST', url: '/api/v1/notifications', headers: {} });
    expect(without.status).toBe(200);
    const wrongType = await engine.handle({ method: 'PUT', url: '/api/v1/projects', headers: { 'content-type': 'text/plain' }, body: 'Home' });
    expect(JSON.parse(wrongType.body ?? '{}')).toMatchObject({ message: 'Content-Type must be application/json, not "text/plain".' });
  });
});

describe('a path parameter its path has no slot for (second check, Radarr)', () => {
  it('names the operation at start and answers it as the document allows, where Prism answered 400 to every request', async () => {
    const warnings: string[] = [];
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: findingAt('second-check-unslotted-path-parameter.yaml'), validateResponses: true, onWarning: message => warnings.push(message), onError: message => errors.push(message) });
    expect(warnings).toContain('[petstore-mock] The document is read as its authors meant it: $.paths["/"].get.parameters declares path parameter "path", which its path has no {path} for (no request could send it); read without it.');
    expect(warnings).toContain('[petstore-mock] The document is read as its authors meant it: $.paths["/api/v3/tag"].parameters declares path parameter "tagId", which its path has no {tagId} for (no request could send it); read without it.');
    expect(warnings.filter(warning => warning.includes('{path}/'))).toEqual([]);
    expect((await engine.handle({ method: 'GET', url: '/', headers: {} })).status).toBe(200);
    expect((await engine.handle({ method: 'GET', url: '/api/v3/tag', headers: {} })).status).toBe(200);
    expect((await engine.handle({ method: 'GET', url: '/index.html', headers: {} })).status).toBe(200);
    expect(errors).toEqual([]);
  });
});

describe('a path whose only operation is HEAD', () => {
  it('answers HEAD there from its own operation, where it answered 405 naming HEAD as the method to use', async () => {
    const { engine, errors } = await checkedEngine(findingAt('second-check-head-only.yaml'));
    const head = await engine.handle({ method: 'HEAD', url: '/health', headers: {} });
    expect(head.status).toBe(204);
    const get = await engine.handle({ method: 'GET', url: '/health', headers: {} });
    expect(get.status).toBe(405);
    expect(get.headers['allow']).toBe('HEAD');
    const headOfGet = await engine.handle({ method: 'HEAD', url: '/tags', headers: {} });
    expect(headOfGet.status).toBe(200);
    expect(headOfGet.body ?? '').toBe('');
    expect(errors).toEqual([]);
  });
});

describe('seeded records no generated value fits', () => {
  it('starts with none of the first collection, saying why and naming the collection and its record, not "pets" and "Pet"; the others keep their count', async () => {
    // It refused to start, where every other collection starts with the records that fit (none here).
    const { engine, errors, warnings } = await checkedEngine(findingAt('seeds-that-cannot-fit.yaml'));
    expect(warnings).toContain('[petstore-mock] tasks starts with 0 of 20 records: the records made from the document\'s schema of a task do not fit it (code must NOT be valid); records a client creates are kept.');
    const tasks = await engine.handle({ method: 'GET', url: '/tasks', headers: {} });
    expect([tasks.status, JSON.parse(tasks.body ?? '')]).toEqual([200, []]);
    expect((await engine.handle({ method: 'GET', url: '/tasks/1', headers: {} })).status).toBe(404);
    const notes = JSON.parse((await engine.handle({ method: 'GET', url: '/notes', headers: {} })).body ?? '') as unknown[];
    expect(notes).toHaveLength(20);
    expect(errors).toEqual([]);
  });
});

describe('a record holding copies of another collection’s records (second check, listmonk’s Subscriber.lists[])', () => {
  type Copy = { id: number; name?: string; tags?: string[]; subscription_status?: string };
  type Subscriber = { id: number; name: string; lists?: Copy[] };
  type List = { id: number; name: string; tags: string[] };
  const document = findingAt('second-check-copied-records.yaml');
  const json = { 'content-type': 'application/json' };
  const read = async <T>(engine: Engine, url: string): Promise<T> => (JSON.parse((await engine.handle({ method: 'GET', url, headers: {} })).body ?? '{}') as { data: T }).data;
  const subscribersOn = async (engine: Engine, query: string): Promise<Subscriber[]> => (await read<{ results: Subscriber[] }>(engine, `/subscribers?per_page=100&${query}`)).results;

  it('keeps the subscribers on the lists that list_id names, by the ids of the lists each holds', async () => {
    const { engine, errors } = await checkedEngine(document);
    const all = await subscribersOn(engine, '');
    const onThree = await subscribersOn(engine, 'list_id=3');
    expect(onThree.length).toBeGreaterThan(0);
    expect(onThree.length).toBeLessThan(all.length);
    expect(onThree.map(each => each.id)).toEqual(all.filter(each => each.lists?.some(list => list.id === 3)).map(each => each.id));
    const onEither = await subscribersOn(engine, 'list_id=3&list_id=7');
    expect(onEither.map(each => each.id)).toEqual(all.filter(each => each.lists?.some(list => list.id === 3 || list.id === 7)).map(each => each.id));
    expect(onEither.length).toBeGreaterThan(onThree.length);
    expect(errors).toEqual([]);
  });

  it('seeds each subscriber’s lists as copies of lists the lists collection holds', async () => {
    const { engine, errors } = await checkedEngine(document);
    const lists = new Map((await read<{ results: List[] }>(engine, '/lists?per_page=100')).results.map(list => [list.id, list]));
    const copies = (await subscribersOn(engine, '')).flatMap(each => each.lists ?? []);
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy).toMatchObject({ id: copy.id, name: lists.get(copy.id)?.name, tags: lists.get(copy.id)?.tags });
    expect(errors).toEqual([]);
  });

  it('reads a subscriber created with list ids back with those lists as the read declares them, and as they stand', async () => {
    const { engine, errors } = await checkedEngine(document);
    const three = await read<List>(engine, '/lists/3');
    const created = await engine.handle({ method: 'POST', url: '/subscribers', headers: json, body: JSON.stringify({ email: 'ann@example.com', name: 'Ann', lists: [3, 9999] }) });
    expect(created.status).toBe(200);
    const { id } = (JSON.parse(created.body ?? '{}') as { data: Subscriber }).data;
    expect((await read<Subscriber>(engine, `/subscribers/${id}`)).lists).toEqual([{ id: 3, name: three.name, tags: three.tags }, { id: 9999 }]);
    expect((await subscribersOn(engine, 'list_id=3')).map(each => each.id)).toContain(id);
    await engine.handle({ method: 'PUT', url: '/lists/3', headers: json, body: JSON.stringify({ name: 'Weekly', tags: ['news'] }) });
    expect((await read<Subscriber>(engine, `/subscribers/${id}`)).lists?.[0]).toEqual({ id: 3, name: 'Weekly', tags: ['news'] });
    await engine.handle({ method: 'PUT', url: `/subscribers/${id}`, headers: json, body: JSON.stringify({ email: 'ann@example.com', name: 'Ann', lists: [4] }) });
    expect((await read<Subscriber>(engine, `/subscribers/${id}`)).lists?.map(list => list.id)).toEqual([4]);
    await engine.handle({ method: 'DELETE', url: '/lists/4', headers: {} });
    expect((await read<Subscriber>(engine, `/subscribers/${id}`)).lists).toEqual([]);
    expect(errors).toEqual([]);
  });
});
