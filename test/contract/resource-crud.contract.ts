import { describe, expect, it } from 'vitest';
import { useSurface } from './contract-helpers.js';
import type { CreateSurface, Surface } from './surface.js';

/** One collection's round trip, written from its document: what to send, where to read it back. */
export interface CrudCase {
  readonly collection: string;
  /**
   * Under the base path: where a record is created, and its body; by a `PUT` of the path that names it
   * (`key`: the key that path gives), and whether the create answers the record (GitHub's secrets answer no body).
   */
  readonly create: { readonly path: string; readonly body: Record<string, unknown>; readonly method?: 'PUT'; readonly key?: string; readonly answersRecord?: false };
  /** The property of the answer that holds the new record's key. */
  readonly key: string;
  /** The record's item path, from its key. */
  readonly item: (key: string) => string;
  /** A list that must show the new record, and a filter that must keep it (and one that must not). */
  readonly list?: { readonly path: string; readonly keeps?: string; readonly drops?: string; readonly items?: readonly string[] };
  readonly update?: { readonly method: 'PUT' | 'PATCH' | 'POST'; readonly path?: (key: string) => string; readonly body: (key: string) => Record<string, unknown>; readonly changed: Record<string, unknown> };
  /** The document's DELETE of one record, when it has one. */
  readonly remove?: boolean;
  /** The same record's path under a parent that does not exist, or is not its parent: 404. */
  readonly elsewhere?: (key: string) => string;
  /** The document requires the key in a create's body, and the mock assigns its own in its place (as the service would). */
  readonly keySentIsReplaced?: boolean;
  /** A key of the record's kind that no seeded record has (987654 where keys are numbers). */
  readonly neverCreated?: string;
  /** The property a record is sent and answered in (JSON:API's `data`), where the document wraps it. */
  readonly envelope?: string;
  /**
   * The key is held by the item path and no property of the record (`key` names the path parameter):
   * no record shows it; it is read from `answeredAs` in the create's answer (which then answers only
   * that), else from the create's `Location`.
   */
  readonly keyHeldByPath?: { readonly answeredAs?: string };
}

export interface CorpusDocument {
  readonly name: string;
  readonly documentPath: string;
  /** Where the document's first server lives: `https://petstore.swagger.io` and `/v2`. */
  readonly origin: string;
  readonly basePath: string;
  /** Credentials as the document asks for them (none where it declares no security). */
  readonly headers: Readonly<Record<string, string>>;
  /** The media type its bodies are sent and answered in, where it is not `application/json` (`application/vnd.api+json; ext=…`). */
  readonly mediaType?: string;
  readonly cases: readonly CrudCase[];
}

/**
 * Every collection of a document nobody here wrote keeps state under the document's own security
 * and error shapes: what is created reads back equal to what was sent (a stateless mock answers
 * the same seeded body for every id, so the comparison is with the request), shows in lists and
 * filters, changes, and is gone after a delete. Every answer is checked against the document.
 */
export function describeResourceCrudContract(surfaceName: string, createSurface: CreateSurface, corpus: CorpusDocument): void {
  describe(`${corpus.name} on ${surfaceName}`, () => {
    const surface = useSurface(createSurface, { validateResponses: true });
    const mediaType = corpus.mediaType ?? 'application/json';
    const send = (method: string, path: string, body?: unknown): Promise<Response> =>
      surface().request(method, `${corpus.basePath}${path}`, {
        headers: { ...corpus.headers, ...(corpus.mediaType !== undefined && { accept: mediaType }), ...(body !== undefined && { 'content-type': mediaType }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });

    for (const crud of corpus.cases) {
      const wrapped = (record: Record<string, unknown>): Record<string, unknown> => (crud.envelope === undefined ? record : { [crud.envelope]: record });
      const recordIn = async (response: Response): Promise<Record<string, unknown>> => {
        const json = (await response.json()) as Record<string, unknown>;
        return crud.envelope === undefined ? json : (json[crud.envelope] as Record<string, unknown>);
      };
      it(`keeps ${crud.collection}: created, read back as sent, listed, changed and deleted`, async () => {
        const created = await send(crud.create.method ?? 'POST', crud.create.path, wrapped(crud.create.body));
        expect(created.status, await peek(created)).toBeLessThan(300);
        const answered = crud.create.answersRecord === false ? {} : await recordIn(created);
        const { [crud.key]: sentKey, ...sentWithoutKey } = crud.create.body;
        const held = crud.keyHeldByPath;
        if (held?.answeredAs === undefined && crud.create.answersRecord !== false) expect(answered).toMatchObject(crud.keySentIsReplaced === true ? sentWithoutKey : crud.create.body);
        if (crud.keySentIsReplaced === true) expect(answered[crud.key]).not.toBe(sentKey);
        // A path, or an absolute URL where the document declares the header a `uri`.
        const location = created.headers.get('location');
        const key = crud.create.key ?? (held === undefined ? String(answered[crud.key]) : held.answeredAs !== undefined ? String(answered[held.answeredAs]) : decodeURIComponent(location?.split('/').at(-1) ?? ''));
        expect(key).not.toBe('');
        if (location !== null) expect(location.replace(/^https?:\/\/[^/]+/, '')).toBe(`${corpus.basePath}${crud.item(key)}`);

        const read = await send('GET', crud.item(key));
        expect(read.status).toBe(200);
        const readBack = await recordIn(read);
        expect(readBack).toMatchObject({ ...(crud.keySentIsReplaced === true ? sentWithoutKey : crud.create.body), ...(held === undefined && { [crud.key]: crud.create.key ?? answered[crud.key] }) });
        if (held !== undefined) expect(readBack).not.toHaveProperty(crud.key);
        // Where no record shows its key, a list shows the record as a read does.
        const keysOf = (records: readonly Record<string, unknown>[]): string[] => records.map(record => (held === undefined ? String(record[crud.key]) : JSON.stringify(record)));
        const listedKey = held === undefined ? key : JSON.stringify(readBack);

        if (crud.list) {
          const listed = await listOf(await send('GET', crud.list.path), crud.list.items);
          expect(keysOf(listed)).toContain(listedKey);
          if (crud.list.keeps !== undefined) {
            const kept = await listOf(await send('GET', `${crud.list.path}${crud.list.path.includes('?') ? '&' : '?'}${crud.list.keeps}`), crud.list.items);
            expect(keysOf(kept)).toContain(listedKey);
          }
          if (crud.list.drops !== undefined) {
            const dropped = await listOf(await send('GET', `${crud.list.path}${crud.list.path.includes('?') ? '&' : '?'}${crud.list.drops}`), crud.list.items);
            expect(keysOf(dropped)).not.toContain(listedKey);
          }
        }

        if (crud.elsewhere) expect((await send('GET', crud.elsewhere(key))).status).toBe(404);

        if (crud.update) {
          const updated = await send(crud.update.method, (crud.update.path ?? crud.item)(key), wrapped(crud.update.body(key)));
          expect(updated.status, await peek(updated)).toBeLessThan(300);
          expect(await recordIn(await send('GET', crud.item(key)))).toMatchObject(crud.update.changed);
        }

        if (crud.remove) {
          const removed = await send('DELETE', crud.item(key));
          expect(removed.status).toBeLessThan(300);
          expect((await send('GET', crud.item(key))).status).toBe(404);
          expect((await send('DELETE', crud.item(key))).status).toBe(404);
        }
      });
    }

    it('answers a record that was never created with 404 in the document’s own error shape', async () => {
      const first = corpus.cases[0];
      if (!first) throw new Error('A corpus document needs a case.');
      const missing = await send('GET', first.item(first.neverCreated ?? '987654'));
      expect(missing.status).toBe(404);
      // validateResponses would have reported a body the document forbids.
      expect(surface().reportedErrors).toEqual([]);
    });
  });
}

async function listOf(response: Response, items: readonly string[] | undefined): Promise<Record<string, unknown>[]> {
  expect(response.status).toBe(200);
  let body = (await response.json()) as unknown;
  for (const name of items ?? []) body = (body as Record<string, unknown>)[name];
  expect(Array.isArray(body)).toBe(true);
  return body as Record<string, unknown>[];
}

/** The body, for a failed expectation's message, without consuming the response. */
async function peek(response: Response): Promise<string> {
  return response.clone().text();
}

export type { Surface };
