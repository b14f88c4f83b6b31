import { expect } from 'vitest';
import type { Surface } from '../contract/surface.js';
import { bigDocument, type BigDocumentShape } from './big-document.js';

/** Stripe's shape at a tenth of its counts (10 collections, 60 operations, 80 schemas in cycles, 0.5 MB): cheap enough for every surface's tests. */
export const MID_SIZED: BigDocumentShape = { collections: 10, schemas: 80, seed: 31 };
export const midSizedDocument = (): Record<string, unknown> => bigDocument(MID_SIZED);

const HEADERS = { authorization: 'Bearer big-document', 'content-type': 'application/json' };

/**
 * A surface serving the mid-sized generated document answers what a client of it does: a create
 * read back by its key and found in the wrapped list, and an action (answered from the document)
 * with a body of the resource's shape. The last collection too, whose store opens only then.
 */
export async function expectCreatesAndReads(surface: Surface): Promise<void> {
  for (const index of [0, MID_SIZED.collections - 1]) {
    const collection = `/v1/resource_${index}s`;
    const created = await surface.request('POST', collection, { headers: HEADERS, body: JSON.stringify({ description: 'a big one' }) });
    expect(created.status).toBe(200);
    const record = (await created.json()) as { id: string; object: string };
    expect(record.object).toBe(`resource_${index}`);
    const read = await surface.request('GET', `${collection}/${record.id}`, { headers: HEADERS });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(record);
    const list = await surface.request('GET', `${collection}?limit=100`, { headers: HEADERS });
    expect(list.status).toBe(200);
    const page = (await list.json()) as { object: string; data: { id: string }[] };
    expect(page.object).toBe('list');
    expect(page.data.map(each => each.id)).toContain(record.id);
  }
  const document = midSizedDocument() as { paths: Record<string, unknown> };
  const action = Object.keys(document.paths).find(path => /^\/v1\/resource_0s\/\{resource_0_id\}\/\w+$/.test(path)) ?? '';
  const listed = (await (await surface.request('GET', '/v1/resource_0s', { headers: HEADERS })).json()) as { data: { id: string }[] };
  const answered = await surface.request('POST', action.replace('{resource_0_id}', listed.data[0]?.id ?? ''), { headers: HEADERS });
  expect(answered.status).toBe(200);
  expect(await answered.json()).toMatchObject({ object: 'resource_0' });
}
