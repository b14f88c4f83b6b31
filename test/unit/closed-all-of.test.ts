import { describe, expect, it } from 'vitest';
import { findSchemaProblems } from '../../src/engine/schema/index.js';

/** Parts shared by many schemas, as a generated document's are. */
function sharedParts() {
  const identifier = { type: 'object', properties: { id: { type: 'string' }, type: { type: 'string' } }, required: ['id'] };
  const attributes = { type: 'object', properties: { name: { type: 'string' } } };
  return { identifier, attributes };
}

describe('a record checked as Prism reads bodies', () => {
  it("allows the properties of an allOf's parts beside additionalProperties: false, also where its parts were first read through schemas that needed no merging", () => {
    const { identifier, attributes } = sharedParts();
    // Read first through schemas with nothing to merge: the walk marks these parts as free of merging.
    expect(findSchemaProblems({ owner: { id: '1' }, details: { name: 'Rex' } }, { type: 'object', properties: { owner: identifier, details: attributes } })).toEqual([]);
    expect(findSchemaProblems({ owner: { type: 'people' } }, { type: 'object', properties: { owner: identifier } }).map(problem => problem.message)).toEqual([expect.stringMatching(/required property 'id'/)]);
    // A new object that shares them, closed by additionalProperties: false beside its allOf, as a C# generator writes a resource.
    const closed = { allOf: [identifier, { type: 'object', properties: { attributes } }], additionalProperties: false };
    expect(findSchemaProblems({ data: { id: '7', type: 'people', attributes: { name: 'Ann' } } }, { type: 'object', properties: { data: closed } })).toEqual([]);
    const problems = findSchemaProblems({ data: { id: '7', extra: true } }, { type: 'object', properties: { data: closed } });
    expect(problems.map(problem => `${problem.path} ${problem.keyword}`)).toEqual(['data additionalProperties']);
    // The same schemas, again through a new wrapper: the same verdicts.
    expect(findSchemaProblems({ data: { id: '8', attributes: { name: 'Bo' } } }, { type: 'object', properties: { data: closed, owner: identifier } })).toEqual([]);
  });
});
