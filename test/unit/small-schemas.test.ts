import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/document/json-schema.js';
import { isSmall } from '../../src/fixtures/schema-values.js';

/** A chain of `links` object schemas, each with an optional `next` holding the one after: the first link first. */
function chain(links: number): JsonSchema[] {
  let next: JsonSchema = { type: 'string' };
  const schemas: JsonSchema[] = [next];
  for (let link = 0; link < links; link += 1) {
    next = { type: 'object', properties: { next } };
    schemas.unshift(next);
  }
  return schemas;
}

function link(links: readonly JsonSchema[], index: number): JsonSchema {
  const schema = links[index];
  if (schema === undefined) throw new Error(`no link ${String(index)}`);
  return schema;
}

describe('whether an optional property is small enough to be generated', () => {
  it('answers for a chain of schemas thousands long without following it to its end', () => {
    const links = chain(20_000);
    expect(isSmall(link(links, 0))).toBe(false);
    expect(isSmall(link(links, 10_000))).toBe(false);
  });

  it('still finds the end of a chain small after its start was found too long', () => {
    // The schemas being counted when the count stopped are not known to be big on their own.
    // 206 schemas: the count stops below the 201st link, where the 150th link's own chain is 56 long.
    const links = chain(205);
    expect(isSmall(link(links, 0))).toBe(false);
    expect(isSmall(link(links, 150))).toBe(true);
    expect(isSmall(link(links, 205))).toBe(true);
  });
});
