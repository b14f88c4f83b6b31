import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const DOCUMENT = fileURLToPath(new URL('../documents/findings/records-their-schema-breaks.yaml', import.meta.url));
const JSON_BODY = { 'content-type': 'application/json' };

describe('starting records the document’s own schema breaks (finding 106)', () => {
  it('says which collection starts short, and why, once; and keeps what a client creates there', async () => {
    const warnings: string[] = [];
    const engine = await createEngine({ documentPath: DOCUMENT, onWarning: message => warnings.push(message) });
    const listed = await engine.handle({ method: 'GET', url: '/v4/instances', headers: {} });
    expect(JSON.parse(listed.body ?? '[]')).toEqual([]);
    const told = warnings.filter(warning => warning.includes('starts with'));
    expect(told).toEqual([expect.stringMatching(/^\[petstore-mock\] instances starts with 0 of 20 records: .*label must match pattern .*records a client creates are kept\.$/)]);
    await engine.handle({ method: 'GET', url: '/v4/instances', headers: {} });
    expect(warnings.filter(warning => warning.includes('starts with'))).toHaveLength(1);
    const created = await engine.handle({ method: 'POST', url: '/v4/instances', headers: JSON_BODY, body: '{"label":"aa-1"}' });
    expect(created.status).toBe(201);
    expect(JSON.parse((await engine.handle({ method: 'GET', url: '/v4/instances', headers: {} })).body ?? '[]')).toEqual([expect.objectContaining({ label: 'aa-1' })]);
  });

  it('draws values for a pattern of a repeated group as the pattern writes them (addresses of four numbers)', async () => {
    const warnings: string[] = [];
    const engine = await createEngine({ documentPath: DOCUMENT, onWarning: message => warnings.push(message) });
    const listed = JSON.parse((await engine.handle({ method: 'GET', url: '/v4/databases', headers: {} })).body ?? '[]') as { allow_list: string[] }[];
    expect(listed).toHaveLength(20);
    const address = /^([0-9]{1,3}\.){3}[0-9]{1,3}(\/([0-9]|[1-2][0-9]|3[0-2]))?$/;
    for (const database of listed) for (const entry of database.allow_list) expect(entry).toMatch(address);
    expect(warnings.filter(warning => warning.includes('databases'))).toEqual([]);
  });
});
