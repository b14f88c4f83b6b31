import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, locateDocument } from '../src/index.js';

/** A copy of the document whose Pet schema demands a field the store never produces. */
function documentDemandingAge(): string {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-doc-'));
  const path = join(folder, 'petstore.yaml');
  const source = readFileSync(locateDocument(), 'utf8').replace('      required: [id, name, categoryId]', '      required: [id, name, categoryId, age]');
  expect(source).toContain('[id, name, categoryId, age]');
  writeFileSync(path, source);
  return path;
}

describe('response validation', () => {
  it('answers 500 invalid_response and reports it when a response breaks the document', async () => {
    const reported: string[] = [];
    const engine = await createEngine({ documentPath: documentDemandingAge(), validateResponses: true, onError: message => reported.push(message) });
    const response = await engine.handle({ method: 'GET', url: '/v1/pets/1', headers: { authorization: 'Bearer k' } });
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ code: 'invalid_response', status: 500 });
    expect(response.body).toMatch(/age/);
    expect(reported).toHaveLength(1);
  });

  it('is off unless asked for, keeping it out of the hot path', async () => {
    const engine = await createEngine({ documentPath: documentDemandingAge(), onError: () => undefined });
    const response = await engine.handle({ method: 'GET', url: '/v1/pets/1', headers: { authorization: 'Bearer k' } });
    expect(response.status).toBe(200);
  });
});
