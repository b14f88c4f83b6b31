import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMultipartBody } from '../../src/engine/http/multipart-body.js';
import { createEngine, type Engine } from '../../src/index.js';

const DOCUMENT = fileURLToPath(new URL('../documents/findings/multipart-create.yaml', import.meta.url));

/** A multipart body as fetch's FormData writes one, and its Content-Type. */
async function multipart(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

async function upload(engine: Engine, form: FormData): Promise<{ status: number; json: Record<string, unknown> }> {
  const { body, contentType } = await multipart(form);
  const response = await engine.handle({ method: 'POST', url: '/documents', headers: { 'content-type': contentType }, body });
  return { status: response.status, json: JSON.parse(response.body ?? '{}') as Record<string, unknown> };
}

describe('creates sent as multipart/form-data (uploads with fields)', () => {
  it('stores the fields that were sent, typed by the schema (a number, a list of repeated names), the file left out where the record has no place for it, and reads them back', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: DOCUMENT, validateResponses: true, onError: message => errors.push(message) });
    const form = new FormData();
    form.append('title', 'Quarterly report');
    form.append('pages', '12');
    form.append('tags[]', 'finance');
    form.append('tags[]', 'q3');
    form.append('file', new Blob(['%PDF-1.4 …'], { type: 'application/pdf' }), 'report.pdf');
    const created = await upload(engine, form);
    expect(created).toMatchObject({ status: 201, json: { title: 'Quarterly report', pages: 12, tags: ['finance', 'q3'] } });
    expect(created.json).not.toHaveProperty('file');
    const read = await engine.handle({ method: 'GET', url: `/documents/${String(created.json['id'])}`, headers: {} });
    expect(JSON.parse(read.body ?? '{}')).toEqual(created.json);
    expect(errors).toEqual([]);
  });

  it('stamps the record’s making time on a create sent as a form, as on a JSON one (Netlify’s builds, made from formData)', async () => {
    const engine = await createEngine({ documentPath: DOCUMENT, validateResponses: true, now: '2030-03-15T12:00:00Z', onError: () => undefined });
    const form = new FormData();
    form.append('title', 'Stamped');
    form.append('file', new Blob(['x']), 'x.txt');
    expect(await upload(engine, form)).toMatchObject({ status: 201, json: { title: 'Stamped', created_at: '2030-03-15T12:00:00.000Z' } });
  });

  it('refuses a multipart body that breaks the schema with Prism’s verdict, and one without a boundary as a bad body, storing nothing', async () => {
    const engine = await createEngine({ documentPath: DOCUMENT, onError: () => undefined });
    const before = (await engine.handle({ method: 'GET', url: '/documents', headers: {} })).body;
    const form = new FormData();
    form.append('pages', 'twelve');
    form.append('file', new Blob(['x']), 'x.txt');
    const refused = await upload(engine, form);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe("Request body must have required property 'title'; Request body property pages must be integer.");
    const noBoundary = await engine.handle({ method: 'POST', url: '/documents', headers: { 'content-type': 'multipart/form-data' }, body: 'title=x' });
    expect(noBoundary.status).toBe(400);
    expect(JSON.parse(noBoundary.body ?? '{}')).toMatchObject({ message: 'Request body is not valid multipart/form-data: its Content-Type names no boundary (1 to 70 characters).' });
    expect((await engine.handle({ method: 'GET', url: '/documents', headers: {} })).body).toBe(before);
  });
});

describe('parseMultipartBody', () => {
  it('reads quoted and bare boundaries and names, nests bracketed names, and leaves a part without a name out', () => {
    const body = ['--b', 'Content-Disposition: form-data; name="a[x]"', '', '1', '--b', 'Content-Disposition: form-data; filename="f"', '', 'no name', '--b', 'content-disposition: form-data; name=plain', '', 'line one\r\nline two', '--b--', ''].join('\r\n');
    expect(parseMultipartBody(body, 'multipart/form-data; boundary="b"')).toEqual({ value: { a: { x: '1' }, plain: 'line one\r\nline two' } });
    expect(parseMultipartBody(body, 'multipart/form-data; boundary=b')).toEqual({ value: { a: { x: '1' }, plain: 'line one\r\nline two' } });
    expect(parseMultipartBody(body, 'multipart/form-data; boundary=other')).toEqual({ problem: 'it holds no part delimited by the boundary "other"' });
  });
});
