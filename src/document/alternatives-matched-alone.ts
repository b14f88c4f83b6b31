import type { JsonSchema } from './json-schema.js';

/** Keywords that describe a schema without constraining its values. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

/**
 * The alternatives of a `oneOf` a value can match alone: each one that no other kept alternative
 * accepts every value of. A value of `{type: integer}` beside `{type: number}` matches both, which
 * `oneOf` refuses (Lago's event properties, `oneOf: [string, integer, number]`): a body generated
 * from it was refused by its own schema. Another alternative accepts every value only when it says
 * no more than a type that takes in this one's (`number` takes in `integer`). Where that would leave
 * none, the alternatives are given as they are.
 */
export function alternativesMatchedAlone<T extends JsonSchema>(alternatives: readonly T[]): readonly T[] {
  const kept = [...alternatives];
  for (let index = kept.length - 1; index >= 0; index--) {
    const alternative = kept[index] as T;
    if (kept.some(other => other !== alternative && acceptsEveryValueOf(other, alternative))) kept.splice(index, 1);
  }
  return kept.length > 0 ? kept : alternatives;
}

function acceptsEveryValueOf(wider: JsonSchema, narrower: JsonSchema): boolean {
  const widerTypes = typesOf(wider);
  const narrowerTypes = typesOf(narrower);
  if (widerTypes === undefined || narrowerTypes === undefined) return false;
  if (!Object.keys(wider).every(keyword => keyword === 'type' || ANNOTATIONS.has(keyword))) return false;
  return narrowerTypes.every(type => widerTypes.includes(type) || (type === 'integer' && widerTypes.includes('number')));
}

function typesOf(schema: JsonSchema): readonly string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) && schema.type.length > 0 ? schema.type : undefined;
}
