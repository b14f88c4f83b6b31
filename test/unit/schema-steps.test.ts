import { describe, expect, it } from 'vitest';
import { byReference, findSchemaProblems, readAsBodiesInSteps, shareReferences, shareReferencesInSteps } from '../../src/engine/schema/index.js';

/** Collections' schemas sharing `count` schemas of 12 properties, each referring to the next: shared and cyclic (300: a graph of several thousand objects). */
function documentSchemas(count = 300): object[] {
  const shared: Record<string, unknown>[] = Array.from({ length: count }, (_, index) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (__, property) => [`p${property}`, { type: 'string', maxLength: index + property + 1 }])) }));
  shared.forEach((schema, index) => ((schema['properties'] as Record<string, unknown>)['next'] = shared[(index + 1) % shared.length]));
  return Array.from({ length: 10 }, (_, collection) => ({ type: 'object', required: ['id'], properties: { id: { type: 'integer' }, first: shared[(collection * 7) % count], again: shared[(collection * 7) % count] } }));
}

function stepsOf(steps: Generator<void, void, void>): number {
  let count = 0;
  while (steps.next().done !== true) count += 1;
  return count;
}

describe("a reload's reading of the collections' schemas, in steps", () => {
  it('yields between slices and leaves every schema read as it is at once', () => {
    const inSteps = documentSchemas();
    const atOnce = documentSchemas();

    expect(stepsOf(shareReferencesInSteps(inSteps))).toBeGreaterThan(3);
    shareReferences(atOnce);

    inSteps.forEach((schema, index) => {
      expect(JSON.stringify(byReference(schema))).toBe(JSON.stringify(byReference(atOnce[index] as object)));
    });
    // Read again, nothing is left to do.
    expect(stepsOf(shareReferencesInSteps(inSteps))).toBe(0);
  });

  it('reads the schemas as Prism reads bodies a slice at a time, with the verdicts of a check made at once', () => {
    // The last merges its parts, as Prism does before it validates a body (allOf beside additionalProperties: false).
    const inherited = (): object => ({ allOf: [{ type: 'object', properties: { id: { type: 'integer' } } }, { type: 'object', properties: { name: { type: 'string' } } }], additionalProperties: false });
    const inSteps = [...documentSchemas(12), inherited()];
    const atOnce = [...documentSchemas(12), inherited()];
    expect(stepsOf(readAsBodiesInSteps(inSteps))).toBeGreaterThanOrEqual(inSteps.length);
    shareReferences(inSteps);
    shareReferences(atOnce);
    const record = { id: 1, first: { p0: 'far too long for it' } };
    expect(findSchemaProblems(record, inSteps[0])).toEqual(findSchemaProblems(record, atOnce[0]));
    expect(findSchemaProblems(record, inSteps[0])).not.toEqual([]);
    expect(findSchemaProblems({ id: 1, name: 'Rex' }, inSteps.at(-1))).toEqual([]);
    expect(findSchemaProblems({ id: 1, name: 'Rex', other: true }, inSteps.at(-1))).toEqual(findSchemaProblems({ id: 1, name: 'Rex', other: true }, atOnce.at(-1)));
    expect(findSchemaProblems({ id: 1, name: 'Rex', other: true }, inSteps.at(-1))).not.toEqual([]);
  });
});
