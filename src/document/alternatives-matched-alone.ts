import { mergeAllOf, type JsonSchema } from './json-schema.js';

/** Keywords that describe a schema without constraining its values. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
/** Keywords an object alternative may have and still be shown to accept every value of another: each only widens or is checked. */
const OBJECT_KEYWORDS = new Set(['type', 'properties', 'required', 'nullable', ...ANNOTATIONS]);

/**
 * The alternatives of a `oneOf` a value can match alone: each one that no other kept alternative
 * accepts every value of. A value of `{type: integer}` beside `{type: number}` matches both, which
 * `oneOf` refuses (Lago's event properties, `oneOf: [string, integer, number]`): a body generated
 * from it was refused by its own schema. So is a user reference (`type: user_reference`) beside any
 * object holding a string `id` and `type` (PagerDuty's `last_run_by`). Another alternative accepts
 * every value only where that can be shown from what it says: no more than a type that takes in this
 * one's (`number` takes in `integer`), or an object that requires no more than this one does and
 * whose properties each accept every value of this one's. Where that would leave none, the
 * alternatives are given as they are.
 */
export function alternativesMatchedAlone<T extends JsonSchema>(alternatives: readonly T[]): readonly T[] {
  const kept = [...alternatives];
  for (let index = kept.length - 1; index >= 0; index--) {
    const alternative = kept[index] as T;
    if (kept.some(other => other !== alternative && acceptsEveryValueOf(other, alternative))) kept.splice(index, 1);
  }
  return kept.length > 0 ? kept : alternatives;
}

/** Whether every value `narrower` accepts is accepted by `wider`, as far as it can be shown; false where it cannot. */
function acceptsEveryValueOf(writtenWider: JsonSchema, writtenNarrower: JsonSchema, depth = 0): boolean {
  const wider = mergeAllOf(writtenWider);
  const narrower = mergeAllOf(writtenNarrower);
  const keywords = Object.keys(wider);
  // A schema that says nothing of its values (`{}`, or a description alone) accepts them all.
  if (keywords.every(keyword => ANNOTATIONS.has(keyword))) return true;
  const widerTypes = typesOf(wider);
  const narrowerTypes = typesOf(narrower);
  if (widerTypes === undefined || narrowerTypes === undefined) return false;
  const typesTakenIn = narrowerTypes.every(type => widerTypes.includes(type) || (type === 'integer' && widerTypes.includes('number')));
  if (!typesTakenIn || (narrower.nullable === true && wider.nullable !== true && !widerTypes.includes('null'))) return false;
  if (keywords.every(keyword => keyword === 'type' || keyword === 'nullable' || ANNOTATIONS.has(keyword))) return true;
  // An object: what it requires the other requires too, and each property it lists accepts every value the other's may hold there.
  if (depth > MAXIMUM_DEPTH || !keywords.every(keyword => OBJECT_KEYWORDS.has(keyword)) || narrowerTypes.some(type => type !== 'object')) return false;
  const required = new Set(narrower.required ?? []);
  if (!(wider.required ?? []).every(name => required.has(name))) return false;
  return Object.entries(wider.properties ?? {}).every(([name, property]) => {
    const held = narrower.properties?.[name];
    if (held !== undefined) return acceptsEveryValueOf(property, held, depth + 1);
    // A property the other never lists: any value where it allows more, none where it does not.
    return narrower.additionalProperties === false || acceptsEveryValueOf(property, {}, depth + 1);
  });
}

/** How deep objects within objects are compared: past it, nothing is shown. */
const MAXIMUM_DEPTH = 8;

function typesOf(schema: JsonSchema): readonly string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) && schema.type.length > 0 ? schema.type : undefined;
}
