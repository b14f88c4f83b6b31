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

describe("a collection's starting records made a record at a time (a first request's preparation)", () => {
  it('yields between records, parents first, and leaves the records a store made at once would have', async () => {
    const stepped = await createEngine({ documentPath, onWarning: () => undefined });
    let yields = 0;
    for (const step = stepped.sessions.startingRecordsInSteps('visits'); step.next().done !== true; ) yields += 1;
    // Visits, and the owners and pets they name first: a step per record drawn.
    expect(yields).toBeGreaterThan(20);
    // Made: nothing left to do, for them or for their parents.
    for (const name of ['visits', 'pets', 'owners']) expect(stepped.sessions.startingRecordsInSteps(name).next().done, name).toBe(true);
    const read = async (engine: Awaited<ReturnType<typeof createEngine>>): Promise<unknown[]> => {
      const answers: unknown[] = [];
      for (const collection of ['visits', 'pets', 'owners']) answers.push(JSON.parse(String((await engine.handle({ method: 'GET', url: `${basePath}/${collection}`, headers: { authorization: 'Bearer test' } })).body)));
      return answers;
    };
    expect(await read(stepped)).toEqual(await readInOrder(['visits', 'pets', 'owners']).then(byName => ['visits', 'pets', 'owners'].map(name => byName[name])));
  });
});
