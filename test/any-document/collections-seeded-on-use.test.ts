import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { CORPUS } from '../contract/corpus.js';

const PETCLINIC = CORPUS.find(document => document.documentPath.endsWith('spring-petclinic-rest.yaml'));
if (!PETCLINIC) throw new Error('The corpus lost Spring PetClinic.');
const { documentPath, basePath } = PETCLINIC;

/** The records each collection answers with, read in `order` from a fresh engine. */
async function readInOrder(order: readonly string[]): Promise<Record<string, unknown>> {
  const engine = await createEngine({ documentPath, onWarning: () => undefined });
  const read: Record<string, unknown> = {};
  for (const collection of order) {
    const response = await engine.handle({ method: 'GET', url: `${basePath}/${collection}`, headers: { authorization: 'Bearer test' } });
    expect(response.status, collection).toBe(200);
    read[collection] = JSON.parse(String(response.body));
  }
  return read;
}

describe('collections seeded on first use', () => {
  it('gives each collection the same records whichever collection a client reads first: children name their seeded parents', async () => {
    const parentsFirst = await readInOrder(['owners', 'pets', 'visits', 'vets']);
    const childrenFirst = await readInOrder(['visits', 'vets', 'pets', 'owners']);
    expect(childrenFirst).toEqual(parentsFirst);
    for (const collection of ['owners', 'pets', 'visits']) expect((parentsFirst[collection] as unknown[]).length, collection).toBeGreaterThan(0);
  });
});
