import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const ENVELOPED_PAGE = fileURLToPath(new URL('../documents/findings/enveloped-page.yaml', import.meta.url));

describe('a page of records inside an envelope (listmonk: {data: {results, total, per_page, page}})', () => {
  it('lists the records the store holds, a created one among them, with true totals, in the document’s shape', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: ENVELOPED_PAGE, validateResponses: true, onError: message => errors.push(message) });
    const created = await engine.handle({ method: 'POST', url: '/lists', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Weekly', tags: ['news'] }) });
    const { id } = (JSON.parse(created.body ?? '{}') as { data: { id: number } }).data;
    const page = async (query: string): Promise<{ results: { id: number; name?: string }[]; total: number; per_page: number; page: number }> =>
      (JSON.parse((await engine.handle({ method: 'GET', url: `/lists?${query}`, headers: {} })).body ?? '{}') as { data: { results: { id: number }[]; total: number; per_page: number; page: number } }).data;
    const last = await page(`per_page=5&page=${Math.ceil(id / 5)}`);
    expect(last.results.at(-1)).toMatchObject({ id, name: 'Weekly', tags: ['news'] });
    expect(last).toMatchObject({ total: id, per_page: 5 });
    expect((await page('per_page=5')).results.map(list => list.id)).toEqual([1, 2, 3, 4, 5]);
    expect(errors).toEqual([]);
  });
});
