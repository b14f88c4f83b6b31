import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Surface } from '../contract/surface.js';
import { createMswSurface } from '../support/msw-surface.js';
import { createServerSurface } from '../support/server-surface.js';

const DOCUMENT = fileURLToPath(new URL('../documents/stripe-shapes.yaml', import.meta.url));
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_BODY = { 'content-type': 'application/json' };

interface Customer {
  id: string;
  object: string;
  email?: string | null;
  name?: string | null;
  balance?: number;
  tax_exempt?: boolean;
  metadata?: Record<string, string>;
  preferred_locales?: string[];
}
interface CustomerList {
  object: 'list';
  data: Customer[];
  has_more: boolean;
  url: string;
}

const SURFACES: readonly [string, () => Promise<Surface>][] = [
  ['the HTTP server', () => createServerSurface({ documentPath: DOCUMENT, validateResponses: true })],
  ['the MSW handlers', () => createMswSurface({ documentPath: DOCUMENT, validateResponses: true }, 'https://api.stripe.example')],
];

for (const [surfaceName, createSurface] of SURFACES) {
  describe(`a document shaped like Stripe's, through ${surfaceName}`, () => {
    let surface: Surface;
    beforeAll(async () => {
      surface = await createSurface();
    });
    afterAll(async () => {
      expect(surface.reportedErrors).toEqual([]);
      await surface.close();
    });
    // Typed by the caller: the answers are checked by the assertions, not by this cast.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
    const json = async <T>(method: string, path: string, init?: { headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: T }> => {
      const response = await surface.request(method, path, init);
      return { status: response.status, body: (await response.json()) as T };
    };

    it('creates from a form body as Stripe’s clients send it: nested metadata, a list, an integer and a boolean typed by the schema; reads it back by {customer}', async () => {
      const body = 'email=ada%40example.com&name=Ada&balance=-250&tax_exempt=true&metadata[plan]=pro&metadata[seats]=3&preferred_locales[]=fr&preferred_locales[]=en';
      const created = await json<Customer>('POST', '/v1/customers', { headers: FORM, body });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ object: 'customer', email: 'ada@example.com', name: 'Ada', balance: -250, tax_exempt: true, metadata: { plan: 'pro', seats: '3' }, preferred_locales: ['fr', 'en'] });
      const read = await json<Customer>('GET', `/v1/customers/${created.body.id}`);
      expect(read).toEqual({ status: 200, body: created.body });
      const updated = await json<Customer>('POST', `/v1/customers/${created.body.id}`, { headers: FORM, body: 'name=Ada%20Lovelace&metadata[plan]=team' });
      expect(updated.body).toMatchObject({ id: created.body.id, name: 'Ada Lovelace', balance: -250, metadata: { plan: 'team' } });
      const deleted = await json<Customer>('DELETE', `/v1/customers/${created.body.id}`);
      expect(deleted.status).toBe(200);
      expect((await json('GET', `/v1/customers/${created.body.id}`)).status).toBe(404);
    });

    it('refuses a form field of the wrong type, naming it, and a body in a media type the operation does not take, naming the one it does, in the document’s error shape', async () => {
      const before = await json<CustomerList>('GET', '/v1/customers?limit=100');
      const wrongType = await json<{ error: { type: string; message: string } }>('POST', '/v1/customers', { headers: FORM, body: 'balance=lots' });
      expect(wrongType).toEqual({ status: 400, body: { error: { type: 'invalid_request_error', message: 'Request body property balance must be integer.' } } });
      const asJson = await json<{ error: { type: string; message: string } }>('POST', '/v1/customers', { headers: JSON_BODY, body: '{"name":"Json"}' });
      expect(asJson).toEqual({ status: 415, body: { error: { type: 'invalid_request_error', message: 'Content-Type must be application/x-www-form-urlencoded, not "application/json".' } } });
      const missing = await json<{ error: { type: string; message: string } }>('GET', '/v1/customers/cus_missing');
      expect(missing).toEqual({ status: 404, body: { error: { type: 'invalid_request_error', message: expect.stringContaining('cus_missing') as string } } });
      expect((await json<CustomerList>('GET', '/v1/customers?limit=100')).body.data).toEqual(before.body.data);
    });

    it('pages by starting_after and ending_before, has_more true while records remain, and refuses a cursor that names no customer', async () => {
      const all = (await json<CustomerList>('GET', '/v1/customers?limit=100')).body.data;
      expect(all.length).toBeGreaterThanOrEqual(20);
      const first = await json<CustomerList>('GET', '/v1/customers?limit=3');
      expect(first.body).toMatchObject({ object: 'list', has_more: true, data: all.slice(0, 3) });
      const second = await json<CustomerList>('GET', `/v1/customers?limit=3&starting_after=${first.body.data[2]?.id ?? ''}`);
      expect(second.body.data).toEqual(all.slice(3, 6));
      const back = await json<CustomerList>('GET', `/v1/customers?limit=2&ending_before=${second.body.data[0]?.id ?? ''}`);
      expect(back.body).toMatchObject({ has_more: true, data: all.slice(1, 3) });
      const last = await json<CustomerList>('GET', `/v1/customers?limit=100&starting_after=${all.at(-2)?.id ?? ''}`);
      expect(last.body).toMatchObject({ has_more: false, data: all.slice(-1) });
      const nowhere = await json<{ error: { message: string } }>('GET', '/v1/customers?starting_after=cus_nowhere');
      expect(nowhere.status).toBe(400);
      expect(nowhere.body.error.message).toBe('starting_after names no customer with id "cus_nowhere" among those listed.');
    });

    it('hands back next_cursor for a cursor parameter until the last page, then null, the pages together holding every event once', async () => {
      for (const type of ['a', 'b']) expect((await json('POST', '/v1/events', { headers: JSON_BODY, body: JSON.stringify({ type: `made.${type}` }) })).status).toBe(200);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: { status: number; body: { events: { id: string }[]; next_cursor: string | null } } = await json('GET', `/v1/events?page_size=7${cursor === null ? '' : `&cursor=${cursor}`}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.events.map(event => event.id));
        cursor = page.body.next_cursor;
        pages += 1;
      } while (cursor !== null && pages < 10);
      expect(cursor).toBeNull();
      expect(pages).toBe(4);
      expect(new Set(seen).size).toBe(22);
    });
  });
}

describe('a list shaped like OpenAI’s: order, after and before, first_id and last_id', () => {
  const OPENAI_LIST = fileURLToPath(new URL('../documents/findings/cursor-after.yaml', import.meta.url));

  it('lists newest first by the order parameter’s default, pages on by last_id until has_more is false, and runs oldest first on order=asc', async () => {
    const surface = await createServerSurface({ documentPath: OPENAI_LIST, validateResponses: true });
    try {
      const page = async (query: string) => (await (await surface.request('GET', `/assistants?${query}`)).json()) as { data: { id: string }[]; first_id: string; last_id: string; has_more: boolean };
      const ascending = (await page('limit=100&order=asc')).data.map(assistant => assistant.id);
      expect(ascending).toHaveLength(20);
      const seen: string[] = [];
      let next = await page('limit=6');
      for (let pages = 1; ; pages++) {
        expect(next.first_id).toBe(next.data[0]?.id);
        expect(next.last_id).toBe(next.data.at(-1)?.id);
        seen.push(...next.data.map(assistant => assistant.id));
        if (!next.has_more || pages > 10) break;
        next = await page(`limit=6&after=${next.last_id}`);
      }
      expect(seen).toEqual([...ascending].reverse());
      const back = await page(`limit=2&before=${seen[4] ?? ''}`);
      expect(back.data.map(assistant => assistant.id)).toEqual(seen.slice(2, 4));
      expect(surface.reportedErrors).toEqual([]);
    } finally {
      await surface.close();
    }
  });
});

describe('a delete confirmed as OpenAI and Stripe confirm one', () => {
  it('answers {id, object, deleted: true} as the document declares, the record gone, instead of the deleted record its schema refuses', async () => {
    const surface = await createServerSurface({ documentPath: fileURLToPath(new URL('../documents/findings/delete-confirmation.yaml', import.meta.url)), validateResponses: true });
    try {
      const created = (await (await surface.request('POST', '/assistants', { headers: JSON_BODY, body: '{"model":"gpt"}' })).json()) as { id: string };
      const deleted = await surface.request('DELETE', `/assistants/${created.id}`);
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ id: created.id, object: 'assistant.deleted', deleted: true });
      expect((await surface.request('GET', `/assistants/${created.id}`)).status).toBe(404);
      expect(surface.reportedErrors).toEqual([]);
    } finally {
      await surface.close();
    }
  });
});
