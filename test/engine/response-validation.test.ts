import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, locateDocument } from '../../src/index.js';

/**
 * A copy of the document whose getPet example breaks its own Pet schema (an id below its minimum):
 * the store only keeps pets the document takes, but a forced answer serves the example as written.
 */
function documentWithBadExample(): string {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-doc-'));
  const path = join(folder, 'petstore.yaml');
  const source = readFileSync(locateDocument(), 'utf8').replace('summary: One animal\n                  value:\n                    id: 1', 'summary: One animal\n                  value:\n                    id: -7');
  expect(source).toContain('id: -7');
  writeFileSync(path, source);
  return path;
}

describe('response validation', () => {
  it('answers 500 invalid_response and reports it when a response breaks the document', async () => {
    const reported: string[] = [];
    const engine = await createEngine({ documentPath: documentWithBadExample(), validateResponses: true, onError: message => reported.push(message) });
    const response = await engine.handle({ method: 'GET', url: '/v1/pets/1', headers: { authorization: 'Bearer k', prefer: 'code=200' } });
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ code: 'invalid_response', status: 500 });
    expect(response.body).toMatch(/id/);
    expect(reported).toHaveLength(1);
  });

  it('is off unless asked for, keeping it out of the hot path', async () => {
    const warnings: string[] = [];
    const engine = await createEngine({ documentPath: documentWithBadExample(), onError: () => undefined, onWarning: message => warnings.push(message) });
    await engine.checked;
    expect(warnings).toEqual([expect.stringContaining('the 200 example "bella" of getPet breaks its schema (id must be >= 1)')]);
    const response = await engine.handle({ method: 'GET', url: '/v1/pets/1', headers: { authorization: 'Bearer k', prefer: 'code=200' } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ id: -7 });
  });
});
