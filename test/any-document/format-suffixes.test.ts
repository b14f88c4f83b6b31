import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkedEngine } from '../support/checked-engine.js';

// Discourse's shape (third check): paths ending in `.json`, a create answered in an envelope by another schema than the list's.
const DOCUMENT = fileURLToPath(new URL('../documents/findings/format-suffix-paths.yaml', import.meta.url));
const JSON_BODY = { 'content-type': 'application/json' };

const bodyOf = (answer: { body?: string }): Record<string, unknown> => JSON.parse(answer.body ?? '{}') as Record<string, unknown>;

describe('paths written with a format suffix (third check, Discourse)', () => {
  it('keeps the collection at /categories.json and /categories/{id}.json, named categories', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const settings = bodyOf(await engine.handle({ method: 'GET', url: '/__admin/settings', headers: {} })) as { document: { collections: string[] } };
    expect(settings.document.collections).toContain('categories');
    const created = await engine.handle({ method: 'POST', url: '/categories.json', headers: JSON_BODY, body: JSON.stringify({ name: 'Pasted by a newcomer', color: '49d9e9' }) });
    expect(created.status).toBe(200);
    const id = (bodyOf(created)['category'] as { id: number }).id;
    expect(created.headers['location']).toBe(`/categories/${id}.json`);
    const updated = await engine.handle({ method: 'PUT', url: `/categories/${id}.json`, headers: JSON_BODY, body: JSON.stringify({ name: 'Renamed', color: '000000' }) });
    expect(updated.status).toBe(200);
    expect(bodyOf(updated)['category']).toMatchObject({ id, name: 'Renamed', color: '000000' });
    const listed = bodyOf(await engine.handle({ method: 'GET', url: '/categories.json', headers: {} })) as { category_list: { categories: { id: number; name: string }[] } };
    expect(listed.category_list.categories.find(category => category.id === id)?.name).toBe('Renamed');
    expect((await engine.handle({ method: 'DELETE', url: `/categories/${id}.json`, headers: {} })).status).toBe(200);
    const gone = await engine.handle({ method: 'PUT', url: `/categories/${id}.json`, headers: JSON_BODY, body: JSON.stringify({ name: 'Again' }) });
    expect(gone.status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('answers a create whose answer shows the record by another schema with what was sent, the rest of that schema generated, valid under --validate-responses', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const created = await engine.handle({ method: 'POST', url: '/categories.json', headers: JSON_BODY, body: JSON.stringify({ name: 'Pasted by a newcomer', color: '49d9e9' }) });
    const category = bodyOf(created)['category'] as Record<string, unknown>;
    expect(category).toMatchObject({ name: 'Pasted by a newcomer', color: '49d9e9' });
    expect(typeof category['id']).toBe('number');
    expect(Number.isInteger(category['topic_count'])).toBe(true);
    expect(Array.isArray(category['permissions'])).toBe(true);
    // The list's `position` is no property of the answer's schema (additionalProperties: false).
    expect(category).not.toHaveProperty('position');
    expect(errors).toEqual([]);
  });

  it('shows the sent record in an envelope the answer neither requires nor declares non-null', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const created = await engine.handle({ method: 'POST', url: '/tag_groups.json', headers: JSON_BODY, body: JSON.stringify({ name: 'Mine' }) });
    expect(created.status).toBe(200);
    const shown = bodyOf(created)['tag_group'] as { id: number; name: string };
    expect(shown).toMatchObject({ name: 'Mine' });
    expect(created.headers['location']).toBe(`/tag_groups/${shown.id}.json`);
    const listed = bodyOf(await engine.handle({ method: 'GET', url: '/tag_groups.json', headers: {} })) as { tag_groups: { id: number; name: string }[] };
    expect(listed.tag_groups.find(group => group.id === shown.id)?.name).toBe('Mine');
    expect(errors).toEqual([]);
  });

  it('reads a path whose suffix is part of the data (/files/{name}.json beside /files/{id}) as written, answered from the document', async () => {
    const { engine, errors } = await checkedEngine(DOCUMENT);
    const content = await engine.handle({ method: 'GET', url: '/files/anything.json', headers: {} });
    expect(content.status).toBe(200);
    expect(bodyOf(content)).toEqual({ hello: 'world' });
    expect((await engine.handle({ method: 'GET', url: '/files/1', headers: {} })).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('answers an action on a topic that does not exist, and the read of one, 404', async () => {
    const { engine } = await checkedEngine(DOCUMENT);
    const missing = await engine.handle({ method: 'POST', url: '/t/no-such-topic/invite.json', headers: JSON_BODY, body: JSON.stringify({ user: 'sam' }) });
    expect(missing.status).toBe(404);
    const read = await engine.handle({ method: 'GET', url: '/t/no-such-topic.json', headers: {} });
    expect(read.status).toBe(404);
  });
});
