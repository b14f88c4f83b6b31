import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/document/index.js';
import { checkedEngine, findingAt } from '../support/checked-engine.js';

describe('header parameters named Accept, Content-Type or Authorization (fourth check, PagerDuty)', () => {
  it('ignores them as OpenAPI says, where every request without them was refused 400, and still checks the other header parameters', async () => {
    const { engine, errors, warnings } = await checkedEngine(findingAt('fourth-check-ignored-header-parameters.yaml'));
    const listed = await engine.handle({ method: 'GET', url: '/widgets', headers: { 'x-request-tag': 'a' } });
    expect(listed.status).toBe(200);
    const untagged = await engine.handle({ method: 'GET', url: '/widgets', headers: {} });
    expect(untagged.status).toBe(400);
    expect(untagged.body).toContain('x-request-tag');
    const created = await engine.handle({ method: 'POST', url: '/widgets', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ name: 'gear' }) });
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.body ?? '{}') as { id: string };
    const read = await engine.handle({ method: 'GET', url: `/widgets/${id}`, headers: { accept: '*/*' } });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body ?? '{}')).toMatchObject({ id, name: 'gear' });
    expect(warnings.filter(warning => /accept|content-type|authorization/i.test(warning))).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('an example its own schema refuses (fourth check, PagerDuty)', () => {
  it('answers a body generated from the schema instead, where the example was served and broke the document (500 under --validate-responses)', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-example-breaks-schema.yaml'));
    const rendered = await engine.handle({ method: 'POST', url: '/reports/render', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(rendered.status).toBe(200);
    const body = JSON.parse(rendered.body ?? '{}') as { text?: unknown; notes?: unknown };
    expect(typeof body.text).toBe('string');
    expect(Array.isArray(body.notes)).toBe(false);
    expect(typeof body.notes).toBe('object');
    expect(errors).toEqual([]);
  });

  it('still answers an example its schema takes as written', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-example-breaks-schema.yaml'));
    const summary = await engine.handle({ method: 'GET', url: '/reports/summary', headers: {} });
    expect(summary.status).toBe(200);
    expect(JSON.parse(summary.body ?? '{}')).toEqual({ text: 'All quiet' });
    expect(errors).toEqual([]);
  });
});

describe('collections whose paths end in the same segment (fourth check, PagerDuty)', () => {
  it('names the one at the shortest path after it, where the first in the document took the name', async () => {
    const document = await loadDocument(findingAt('fourth-check-same-last-segment.yaml'));
    expect(document.resources.byName.get('widgets')?.collectionPaths).toEqual(['/widgets']);
    expect(document.resources.byName.get('widgets2')?.collectionPaths).toEqual(['/analytics/raw/widgets']);
  });

  it('keeps copies of the records of the collection so named', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-same-last-segment.yaml'));
    const created = await engine.handle({ method: 'POST', url: '/widgets', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'gear' }) });
    const widget = JSON.parse(created.body ?? '{}') as { id: string };
    const box = await engine.handle({ method: 'POST', url: '/boxes', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ widgets: [{ id: widget.id }] }) });
    expect(box.status).toBe(201);
    expect((JSON.parse(box.body ?? '{}') as { widgets: unknown }).widgets).toEqual([{ id: widget.id, name: 'gear' }]);
    expect(errors).toEqual([]);
  });
});

describe('a string of format url answered from the document (fourth check, PagerDuty)', () => {
  it('is a URL the validator takes, where any text was drawn and broke the document (500 under --validate-responses)', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-url-format.yaml'));
    const answer = await engine.handle({ method: 'GET', url: '/links', headers: {} });
    expect(answer.status).toBe(200);
    const { links } = JSON.parse(answer.body ?? '{}') as { links: { self: string; mirror: string }[] };
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) {
      expect(link.self).toMatch(/^https:\/\/[a-z]+\.example\.com\/[a-z0-9]+$/);
      expect(link.mirror).toMatch(/^ftp:\/\/mirror\.example\.org\/[0-9]{3}$/);
    }
    expect(errors).toEqual([]);
  });
});

describe('strings of format byte (base64), which Prism’s validator checks (DigitalOcean’s Kubernetes credentials)', () => {
  it('are answered in base64, where json-schema-faker drew any text and broke the document (500 under --validate-responses), and seeded so', async () => {
    const { engine, errors } = await checkedEngine(findingAt('byte-format.yaml'));
    const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await engine.handle({ method: 'GET', url: '/credentials', headers: { prefer: 'dynamic=true' } });
      expect(answer.status).toBe(200);
      const credentials = JSON.parse(answer.body ?? '{}') as Record<string, string | null>;
      expect(credentials['certificate_authority_data']).toMatch(base64);
    }
    const keys = JSON.parse((await engine.handle({ method: 'GET', url: '/keys', headers: {} })).body ?? '[]') as { material: string }[];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.material).toMatch(base64);
    expect(errors).toEqual([]);
  });
});

describe('a name an object requires beside its allOf, listed by none of its parts (fourth check, PagerDuty)', () => {
  it('is answered with that name, where the generated answer left it out and broke the document (500 under --validate-responses)', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-required-beside-all-of.yaml'));
    const answer = await engine.handle({ method: 'GET', url: '/settings', headers: {} });
    expect(answer.status).toBe(200);
    const { setting } = JSON.parse(answer.body ?? '{}') as { setting: Record<string, unknown> };
    expect(Object.keys(setting)).toEqual(expect.arrayContaining(['name', 'scope']));
    expect(errors).toEqual([]);
  });
});

describe('a record shown by a reference schema whose values are its own (fourth check, PagerDuty addons)', () => {
  it('shows the value at the same place in the reference’s list, where the record’s value broke the document (500 under --validate-responses)', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-reference-values.yaml'));
    const created = await engine.handle({ method: 'POST', url: '/gadgets', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ gadget: { type: 'wall_gadget', name: 'clock' } }) });
    expect(created.status).toBe(201);
    const { gadget } = JSON.parse(created.body ?? '{}') as { gadget: { id: string; type: string; name: string } };
    expect(gadget).toMatchObject({ type: 'wall_gadget_reference', name: 'clock' });
    const read = await engine.handle({ method: 'GET', url: `/gadgets/${gadget.id}`, headers: {} });
    expect(JSON.parse(read.body ?? '{}')).toMatchObject({ gadget: { id: gadget.id, type: 'wall_gadget', name: 'clock' } });
    const list = await engine.handle({ method: 'GET', url: '/gadgets', headers: {} });
    expect(list.status).toBe(200);
    const { gadgets } = JSON.parse(list.body ?? '{}') as { gadgets: { id: string; type: string }[] };
    expect(gadgets.find(each => each.id === gadget.id)?.type).toBe('wall_gadget_reference');
    for (const each of gadgets) expect(['desk_gadget_reference', 'wall_gadget_reference']).toContain(each.type);
    expect(errors).toEqual([]);
  });
});

describe('a property named value whose schema refers to others (fourth check, PagerDuty)', () => {
  it('validates the body, where its references were left unresolved, Prism could compile no validator and took any body', async () => {
    const { engine } = await checkedEngine(findingAt('fourth-check-property-named-value.yaml'));
    const send = (body: unknown): Promise<{ status: number; body?: string }> => engine.handle({ method: 'POST', url: '/readings', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const empty = await send({});
    expect(empty.status).toBe(400);
    expect(empty.body).toContain('reading');
    expect((await send({ reading: { name: 'a', value: true } })).status).toBe(400);
    expect((await send({ reading: { name: 'a', value: 'far too long a text for the schema' } })).status).toBe(400);
    expect((await send({ reading: { name: 'a', value: 3.5 } })).status).toBe(201);
    expect((await send({ reading: { name: 'a', value: 'short' } })).status).toBe(201);
  });
});

describe('a list whose array declares maxItems (fourth check, PagerDuty ip_allow_lists)', () => {
  it('answers at most that many records, where it listed every one and broke the document (500 under --validate-responses)', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-list-max-items.yaml'));
    for (const name of ['office', 'home']) {
      const created = await engine.handle({ method: 'POST', url: '/allow_lists', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
      expect(created.status).toBe(201);
    }
    const list = await engine.handle({ method: 'GET', url: '/allow_lists', headers: {} });
    expect(list.status).toBe(200);
    expect((JSON.parse(list.body ?? '{}') as { allow_lists: unknown[] }).allow_lists).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('a oneOf one of whose alternatives accepts every value of the others (fourth check, PagerDuty)', () => {
  it('makes records and generated answers from the alternative a value can match alone, where each listed job broke the document (500 under --validate-responses)', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-wider-alternative.yaml'));
    const listed = await engine.handle({ method: 'GET', url: '/jobs', headers: {} });
    expect(listed.status).toBe(200);
    const { jobs } = JSON.parse(listed.body ?? '{}') as { jobs: { last_run_by: { type: string } }[] };
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(['user_reference', 'account_reference']).not.toContain(job.last_run_by.type);
    const created = await engine.handle({ method: 'POST', url: '/jobs', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'nightly' }) });
    expect(created.status).toBe(201);
    const runner = await engine.handle({ method: 'GET', url: '/runners/current', headers: {} });
    expect(runner.status).toBe(200);
    expect(errors).toEqual([]);
  });
});

describe('alternatives of a oneOf generated values must tell apart (fourth check, PagerDuty log entries and custom field values)', () => {
  const seeds = [1, 2, 3, 4, 5, 6];

  it('draws each kind from the alternative it names, never from one whose parts allow no kind, where kinds were drawn from every part’s enum (500 under --validate-responses)', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-alternatives-not-told-apart.yaml'));
    for (const seed of seeds) {
      const listed = await engine.handle({ method: 'GET', url: '/events', headers: { prefer: `seed=${seed}` } });
      expect(listed.status).toBe(200);
      const { events } = JSON.parse(listed.body ?? '{}') as { events: Record<string, unknown>[] };
      expect(events.length).toBeGreaterThanOrEqual(3);
      for (const event of events) expect(['opened_event', 'closed_event']).toContain(event['kind']);
    }
    expect(errors).toEqual([]);
  });

  it('answers without an optional property whose alternatives no drawn value tells apart, where what was drawn matched several (500 under --validate-responses)', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-alternatives-not-told-apart.yaml'));
    for (const seed of seeds) {
      const read = await engine.handle({ method: 'GET', url: `/events/e${seed}`, headers: { prefer: `seed=${seed}` } });
      expect(read.status).toBe(200);
      expect((JSON.parse(read.body ?? '{}') as { event: Record<string, unknown> }).event).not.toHaveProperty('source');
    }
    expect(errors).toEqual([]);
  });

  it('reads a property named value as a schema when drawing, nullable or not, where its alternatives were drawn open and matched several (500 under --validate-responses)', async () => {
    const { engine, errors } = await checkedEngine(findingAt('fourth-check-alternatives-not-told-apart.yaml'));
    for (const seed of seeds) {
      const settings = await engine.handle({ method: 'GET', url: '/settings', headers: { prefer: `seed=${seed}` } });
      expect(settings.status).toBe(200);
      for (const setting of (JSON.parse(settings.body ?? '{}') as { settings: Record<string, unknown>[] }).settings) {
        expect(setting).not.toHaveProperty('value');
        expect(setting).not.toHaveProperty('fallback');
      }
    }
    expect(errors).toEqual([]);
  });
});

describe('an example its own schema refuses, where the schema refers to a recursive one (fourth check, PagerDuty service orchestrations)', () => {
  it('answers a body generated from the schema, where the example was served as fitting and broke the document (500 under --validate-responses)', async () => {
    const { engine, errors, warnings } = await checkedEngine(findingAt('fourth-check-example-beside-recursive-schema.yaml'));
    await engine.checked;
    expect(warnings.join('\n')).toContain('the 200 example "response" of replaceRoute breaks its schema (warnings.0.step_name must be string)');
    const replaced = await engine.handle({ method: 'PUT', url: '/routes/main', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'main' }) });
    expect(replaced.status).toBe(200);
    const body = JSON.parse(replaced.body ?? '{}') as { warnings?: { step_name?: unknown }[] };
    for (const warning of body.warnings ?? []) expect(typeof warning.step_name).toBe('string');
    expect(errors).toEqual([]);
  });
});
