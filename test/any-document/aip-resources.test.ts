import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/document/index.js';
import { checkedEngine, findingAt } from '../support/checked-engine.js';
import { createMswSurface } from '../support/msw-surface.js';

// Issue 27: records of Google AIP-style documents (protoc-gen-openapi's, usememos/memos's) keyed by their
// resource name (`notes/abc`), which only a property's description states; see aip-resources.yaml.
const DOCUMENT = findingAt('aip-resources.yaml');
const ORIGIN = 'https://aip.example';

interface Answer {
  status: number;
  json: Record<string, unknown> | undefined;
  location: string | undefined;
}

/** One surface the document is answered on, by method, path and JSON body; what it reported beside its answers. */
interface Client {
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  errors: readonly string[];
  close(): Promise<void>;
}

const parsed = (text: string | undefined): Record<string, unknown> | undefined => (text === undefined || text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>));

async function engineClient(): Promise<Client> {
  const { engine, errors } = await checkedEngine(DOCUMENT);
  return {
    errors,
    close: () => Promise.resolve(),
    call: async (method, path, body) => {
      const answer = await engine.handle({ method, url: path, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return { status: answer.status, json: parsed(answer.body), location: answer.headers['location'] };
    },
  };
}

async function mswClient(): Promise<Client> {
  const surface = await createMswSurface({ documentPath: DOCUMENT, validateResponses: true, seed: 7, baseUrl: ORIGIN }, ORIGIN);
  return {
    errors: surface.reportedErrors,
    close: () => surface.close(),
    call: async (method, path, body) => {
      const response = await surface.request(method, path, { headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return { status: response.status, json: parsed(await response.text()), location: response.headers.get('location') ?? undefined };
    },
  };
}

/** Every page of a list, following `nextPageToken` until a page has none: the names listed, and how many pages. */
async function everyPage(client: Client, path: string, items: string, size: number): Promise<{ names: string[]; pages: number }> {
  const names: string[] = [];
  let token: unknown;
  let pages = 0;
  do {
    const page = await client.call('GET', `${path}?pageSize=${size}${typeof token === 'string' ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
    expect(page.status).toBe(200);
    names.push(...((page.json?.[items] ?? []) as { name: string }[]).map(item => item.name));
    token = page.json?.['nextPageToken'];
    pages += 1;
  } while (typeof token === 'string' && pages < 50);
  return { names, pages };
}

const surfaces: readonly [string, () => Promise<Client>][] = [
  ['the engine', engineClient],
  ['the MSW handlers in Node', mswClient],
];

describe.each(surfaces)('records keyed by an AIP resource name, on %s', (_name, open) => {
  let client: Client;
  beforeAll(async () => {
    client = await open();
  });
  afterAll(() => client.close());

  it('creates a note named by the noteId sent, and reads it back equal at its Location', async () => {
    const created = await client.call('POST', '/api/v1/notes?noteId=first', { content: 'Hello', pinned: true });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ name: 'notes/first', content: 'Hello', pinned: true });
    expect(created.location).toMatch(/\/api\/v1\/notes\/first$/);
    const read = await client.call('GET', '/api/v1/notes/first');
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);
    expect((await client.call('POST', '/api/v1/notes?noteId=first', { content: 'Again' })).status).toBe(409);
    const slashed = await client.call('POST', `/api/v1/notes?noteId=${encodeURIComponent('a/b')}`, { content: 'Two segments' });
    expect(slashed.status).toBe(400);
    expect(String(slashed.json?.['message'])).toContain('noteId');
    expect(client.errors).toEqual([]);
  });

  it('names a note created without a noteId itself, a name the body cannot choose', async () => {
    const created = await client.call('POST', '/api/v1/notes', { name: 'notes/chosen-by-body', content: 'Unnamed' });
    expect(created.status).toBe(200);
    const name = String(created.json?.['name']);
    expect(name).toMatch(/^notes\/[a-z0-9]+$/);
    expect((await client.call('GET', `/api/v1/${name}`)).json).toEqual(created.json);
    expect((await client.call('GET', '/api/v1/notes/chosen-by-body')).status).toBe(404);
  });

  it('pages the list by pageSize and the nextPageToken of each page, every note once, the last page without a token', async () => {
    await client.call('POST', '/api/v1/notes?noteId=paged', { content: 'On some page' });
    const whole = (await client.call('GET', '/api/v1/notes?pageSize=1000')).json;
    const all = ((whole?.['notes'] ?? []) as { name: string }[]).map(note => note.name);
    expect(whole).not.toHaveProperty('nextPageToken');
    const { names, pages } = await everyPage(client, '/api/v1/notes', 'notes', 7);
    expect(names).toEqual(all);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('notes/paged');
    expect(pages).toBe(Math.ceil(all.length / 7));
  });

  it('changes only the fields the updateMask names, merges the body without one, and refuses a mask naming no field', async () => {
    await client.call('POST', '/api/v1/notes?noteId=masked', { content: 'Before', pinned: false, location: { placeName: 'Home', latitude: 51.5 } });
    const masked = await client.call('PATCH', '/api/v1/notes/masked?updateMask=content', { content: 'After', pinned: true });
    expect(masked.status).toBe(200);
    expect(masked.json).toMatchObject({ name: 'notes/masked', content: 'After', pinned: false });
    const cleared = await client.call('PATCH', '/api/v1/notes/masked?updateMask=pinned', { content: 'Unchanged' });
    expect(cleared.json).toMatchObject({ content: 'After' });
    expect(cleared.json).not.toHaveProperty('pinned');
    const moved = await client.call('PATCH', '/api/v1/notes/masked?updateMask=location.placeName', { content: 'Unchanged', location: { placeName: 'Work', latitude: 0 } });
    expect(moved.json).toMatchObject({ content: 'After', location: { placeName: 'Work', latitude: 51.5 } });
    const replaced = await client.call('PATCH', '/api/v1/notes/masked?updateMask=*', { content: 'Whole', pinned: true });
    expect(replaced.json).toMatchObject({ name: 'notes/masked', content: 'Whole', pinned: true });
    expect(replaced.json).not.toHaveProperty('location');
    const merged = await client.call('PATCH', '/api/v1/notes/masked', { content: 'Merged', pinned: true });
    expect(merged.json).toMatchObject({ content: 'Merged', pinned: true });
    const unknown = await client.call('PATCH', '/api/v1/notes/masked?updateMask=content,colour', { content: 'No' });
    expect(unknown.status).toBe(400);
    expect(String(unknown.json?.['message'])).toContain('colour');
    expect((await client.call('GET', '/api/v1/notes/masked')).json).toEqual(merged.json);
    expect(client.errors).toEqual([]);
  });

  it('stamps createTime and updateTime on a create that sends none, and renews updateTime on each update', async () => {
    const created = await client.call('POST', '/api/v1/notes?noteId=stamped', { content: 'Now' });
    expect(created.json).toMatchObject({ createTime: expect.any(String) as string, updateTime: created.json?.['createTime'] });
    await new Promise(resolve => setTimeout(resolve, 5));
    const updated = await client.call('PATCH', '/api/v1/notes/stamped?updateMask=content', { content: 'Later' });
    expect(updated.json?.['createTime']).toBe(created.json?.['createTime']);
    expect(Date.parse(String(updated.json?.['updateTime']))).toBeGreaterThan(Date.parse(String(created.json?.['updateTime'])));
    const sent = await client.call('POST', '/api/v1/notes?noteId=dated', { content: 'Then', createTime: '2020-01-01T00:00:00Z' });
    expect(sent.json?.['createTime']).toBe('2020-01-01T00:00:00Z');
    expect(client.errors).toEqual([]);
  });

  it('deletes a note with the empty 200 the document declares, then answers 404 for it', async () => {
    await client.call('POST', '/api/v1/notes?noteId=gone', { content: 'Soon gone' });
    const removed = await client.call('DELETE', '/api/v1/notes/gone');
    expect(removed.status).toBe(200);
    expect(removed.json).toBeUndefined();
    expect((await client.call('GET', '/api/v1/notes/gone')).status).toBe(404);
    expect((await client.call('DELETE', '/api/v1/notes/gone')).status).toBe(404);
  });

  it('names a book after its author, lists it under that author only, and answers 404 under another', async () => {
    expect((await client.call('POST', '/api/v1/authors?authorId=ursula', { displayName: 'Ursula' })).status).toBe(200);
    expect((await client.call('POST', '/api/v1/authors?authorId=italo', { displayName: 'Italo' })).status).toBe(200);
    const book = await client.call('POST', '/api/v1/authors/ursula/books?bookId=dispossessed', { title: 'The Dispossessed' });
    expect(book.status).toBe(200);
    expect(book.json).toMatchObject({ name: 'authors/ursula/books/dispossessed', title: 'The Dispossessed' });
    expect(book.location).toMatch(/\/api\/v1\/authors\/ursula\/books\/dispossessed$/);
    expect((await client.call('GET', '/api/v1/authors/ursula/books/dispossessed')).json).toEqual(book.json);
    const listed = (await client.call('GET', '/api/v1/authors/ursula/books')).json?.['books'] as { name: string }[];
    expect(listed.map(each => each.name)).toEqual(['authors/ursula/books/dispossessed']);
    expect((await client.call('GET', '/api/v1/authors/italo/books')).json?.['books']).toEqual([]);
    expect((await client.call('GET', '/api/v1/authors/italo/books/dispossessed')).status).toBe(404);
    expect((await client.call('GET', '/api/v1/authors/nobody/books')).status).toBe(404);
    expect((await client.call('POST', '/api/v1/authors/nobody/books', { title: 'Orphan' })).status).toBe(404);
    expect((await client.call('DELETE', '/api/v1/authors/ursula/books/dispossessed')).status).toBe(200);
    expect((await client.call('GET', '/api/v1/authors/ursula/books/dispossessed')).status).toBe(404);
    expect(client.errors).toEqual([]);
  });

  it('makes a reply a note of its own whose parent names the note replied to, listed among that note’s replies only', async () => {
    await client.call('POST', '/api/v1/notes?noteId=asked', { content: 'Why?' });
    await client.call('POST', '/api/v1/notes?noteId=unasked', { content: 'Nothing' });
    const reply = await client.call('POST', '/api/v1/notes/asked/replies?replyId=because', { content: 'Because.' });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ name: 'notes/because', parent: 'notes/asked', content: 'Because.' });
    expect(reply.location).toMatch(/\/api\/v1\/notes\/because$/);
    expect((await client.call('GET', '/api/v1/notes/because')).json).toEqual(reply.json);
    const replies = (await client.call('GET', '/api/v1/notes/asked/replies')).json?.['notes'] as { name: string }[];
    expect(replies.map(each => each.name)).toEqual(['notes/because']);
    expect((await client.call('GET', '/api/v1/notes/unasked/replies')).json?.['notes']).toEqual([]);
    expect((await client.call('POST', '/api/v1/notes/nothing/replies', { content: 'To nobody' })).status).toBe(404);
    expect(client.errors).toEqual([]);
  });

  it('starts each seeded book under a seeded author, named after it', async () => {
    const authors = ((await client.call('GET', '/api/v1/authors?pageSize=1000')).json?.['authors'] ?? []) as { name: string }[];
    const books = await Promise.all(authors.map(async author => ((await client.call('GET', `/api/v1/${author.name}/books`)).json?.['books'] ?? []) as { name: string }[]));
    expect(books.flat().length).toBeGreaterThan(0);
    authors.forEach((author, index) => {
      for (const book of books[index] ?? []) expect(book.name.startsWith(`${author.name}/books/`)).toBe(true);
    });
  });

  it('names a label by its create’s labelId where its name has no format in its description', async () => {
    const label = await client.call('POST', '/api/v1/labels?labelId=urgent', { color: 'red' });
    expect(label.json).toMatchObject({ name: 'labels/urgent', color: 'red' });
    expect((await client.call('GET', '/api/v1/labels/urgent')).json).toEqual(label.json);
  });
});

describe('what the start says of an AIP-style document', () => {
  it('keeps every collection, keyed by name, and names the custom methods it answers from the document', async () => {
    const document = await loadDocument(DOCUMENT);
    expect(document.resources.resources.map(resource => [resource.name, resource.key.property])).toEqual([
      ['notes', 'name'],
      ['authors', 'name'],
      ['books', 'name'],
      ['labels', 'name'],
    ]);
    expect(document.resources.notInferred).toEqual([
      { operationId: 'NoteService_BatchDeleteNotes', reason: 'a custom method (:batchDelete) on the notes: answered from the document' },
      { operationId: 'LibraryService_GetAuthorStats', reason: 'a custom method (:getStats) on one of the authors: answered from the document' },
    ]);
  });
});
