/**
 * The most values a body generated from the document's schemas may hold. json-schema-faker makes a
 * body in one go, on the event loop: a schema whose lists require many items each (`minItems: 100`
 * three deep, a million strings) held every other client for as long as it took, and then answered
 * tens of megabytes. Past this, the operation answers `501` saying so, at once.
 */
export const MOST_GENERATED_VALUES = 100_000;

type Node = Record<string, unknown>;

/**
 * How many values json-schema-faker makes at least from `schema` as the generator is handed it (see
 * closedForGeneration: every property listed, a list of its `maxItems`, or without one its `minItems`
 * (the generator draws 0 to 5 items, at least that many; Oxford Dictionaries' entries, lists in lists
 * seven deep without bounds, were refused when each counted 5); a map of its `minProperties`), counted up to `limit` + 1. A schema met again
 * inside itself counts once: the generator stops following references a few levels down.
 */
export function leastGeneratedValues(schema: unknown, limit: number = MOST_GENERATED_VALUES): number {
  const counted = new Map<object, number>();
  const count = (node: unknown): number => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return 1;
    const known = counted.get(node);
    if (known !== undefined) return known;
    counted.set(node, 1);
    const { properties, items, allOf, anyOf, oneOf, additionalProperties, minProperties, maxItems, minItems } = node as Node;
    let values = 1;
    const add = (more: number): void => {
      values = Math.min(values + more, limit + 1);
    };
    if (typeof properties === 'object' && properties !== null) for (const property of Object.values(properties)) add(count(property));
    if (typeof items === 'object' && items !== null && !Array.isArray(items)) {
      // A list with `maxItems` is filled to it (at most GENERATED_ITEMS, or its `minItems`); one without gets 0 to 5 items, at least its `minItems`.
      const length = typeof maxItems === 'number' ? maxItems : typeof minItems === 'number' ? minItems : 0;
      if (length > 0) add(Math.min(length * count(items), limit + 1));
    }
    if (Array.isArray(allOf)) for (const part of allOf) add(count(part));
    // One alternative is drawn: the largest bounds it.
    for (const alternatives of [anyOf, oneOf]) if (Array.isArray(alternatives) && alternatives.length > 0) add(Math.max(...alternatives.map(count)));
    if (typeof additionalProperties === 'object' && additionalProperties !== null && typeof minProperties === 'number' && minProperties > 0) add(Math.min(minProperties * count(additionalProperties), limit + 1));
    counted.set(node, values);
    return values;
  };
  return count(schema);
}
