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
 * one's (`number` takes in `integer`), or an object that requires no more than this one does, whose
 * properties each accept every value of this one's, and one of whose required properties this one
 * holds to a few values (an `enum`, a `const`) where it takes any. Where that would leave none, the
 * alternatives are given as they are.
 */
export function alternativesMatchedAlone<T extends JsonSchema>(alternatives: readonly T[]): readonly T[] {
  const kept = [...alternatives];
  for (let index = kept.length - 1; index >= 0; index--) {
    const alternative = kept[index] as T;
    const compared: Compared = new Map();
    if (kept.some(other => other !== alternative && acceptsEveryValueOf(other, alternative, compared))) kept.splice(index, 1);
  }
  return kept.length > 0 ? kept : alternatives;
}

/** Pairs of schemas already compared (or being compared: false meanwhile), by wider then narrower. */
type Compared = Map<JsonSchema, Map<JsonSchema, boolean>>;

/**
 * Whether every value `narrower` accepts is accepted by `wider`, as far as it can be shown; false
 * where it cannot. Each pair of schemas is compared once: schemas that share their parts (a tree
 * whose properties all refer to one next level) would otherwise be compared once per way down.
 */
function acceptsEveryValueOf(writtenWider: JsonSchema, writtenNarrower: JsonSchema, compared: Compared, depth = 0): boolean {
  if (writtenWider === writtenNarrower) return true;
  if (depth === 0) return compares(writtenWider, writtenNarrower, compared, depth);
  const byNarrower = compared.get(writtenWider) ?? new Map<JsonSchema, boolean>();
  compared.set(writtenWider, byNarrower);
  const known = byNarrower.get(writtenNarrower);
  if (known !== undefined) return known;
  byNarrower.set(writtenNarrower, false);
  const accepts = compares(writtenWider, writtenNarrower, compared, depth);
  byNarrower.set(writtenNarrower, accepts);
  return accepts;
}

function compares(writtenWider: JsonSchema, writtenNarrower: JsonSchema, compared: Compared, depth: number): boolean {
  const wider = mergeAllOf(writtenWider);
  const narrower = mergeAllOf(writtenNarrower);
  const keywords = Object.keys(wider);
  // A schema that names no type (`{}` accepts every value) is not taken: a value made from it would
  // often be one of the other's too (a string beside `{type: string}`), as one made from a typed
  // wider alternative seldom is (a string beside `{enum: [user_reference]}`).
  const widerTypes = typesOf(wider);
  const narrowerTypes = typesOf(narrower);
  if (widerTypes === undefined || narrowerTypes === undefined) return false;
  const typesTakenIn = narrowerTypes.every(type => widerTypes.includes(type) || (type === 'integer' && widerTypes.includes('number')));
  if (!typesTakenIn || (narrower.nullable === true && wider.nullable !== true && !widerTypes.includes('null'))) return false;
  // Nullable only within an object: a value made from `{type: string, nullable: true}` is most often a string, the other's too.
  if (keywords.every(keyword => keyword === 'type' || (keyword === 'nullable' && depth > 0) || ANNOTATIONS.has(keyword))) return true;
  // An object: what it requires the other requires too, and each property it lists accepts every value the other's may hold there.
  if (depth > MAXIMUM_DEPTH || !keywords.every(keyword => OBJECT_KEYWORDS.has(keyword)) || narrowerTypes.some(type => type !== 'object')) return false;
  const required = new Set(narrower.required ?? []);
  if (!(wider.required ?? []).every(name => required.has(name))) return false;
  // Only where a value the wider one requires is one of a few in the other (`type: user_reference`)
  // does a value made from the wider one fall outside the other: told apart by what they list or
  // require alone, a value made from the wider one would often be the other's too.
  if (depth === 0 && !(wider.required ?? []).some(name => madeApart(wider.properties?.[name], narrower.properties?.[name]))) return false;
  return Object.entries(wider.properties ?? {}).every(([name, property]) => {
    const held = narrower.properties?.[name];
    if (held !== undefined) return acceptsEveryValueOf(property, held, compared, depth + 1);
    // A property the other never lists: any value where it allows more, none where it does not.
    return narrower.additionalProperties === false || acceptsEveryValueOf(property, {}, compared, depth + 1);
  });
}

/**
 * Whether a value made from the wider property falls outside the narrower one: the narrower holds
 * one of a few values (an `enum`, a `const`), the wider any, and none of the values a generator takes
 * from the wider as written (its `example`, `examples`, `default`) is one of those few.
 */
function madeApart(widerProperty: JsonSchema | undefined, narrowerProperty: JsonSchema | undefined): boolean {
  const few = fewValuesOf(narrowerProperty);
  if (widerProperty === undefined || few === undefined || fewValuesOf(widerProperty) !== undefined) return false;
  const wider = mergeAllOf(widerProperty) as JsonSchema & { default?: unknown };
  const examples: unknown = wider.examples;
  const listed: unknown[] = Array.isArray(examples) ? examples : typeof examples === 'object' && examples !== null ? Object.values(examples) : [];
  const given = [wider.example, wider.default, ...listed];
  return !given.some(value => few.includes(value));
}

/** The values of a schema of an `enum` or a `const`. */
function fewValuesOf(schema: JsonSchema | undefined): readonly unknown[] | undefined {
  const merged = schema === undefined ? undefined : mergeAllOf(schema);
  if (merged?.enum !== undefined) return merged.enum;
  return merged?.const !== undefined ? [merged.const] : undefined;
}

/** How deep objects within objects are compared: past it, nothing is shown. */
const MAXIMUM_DEPTH = 8;

function typesOf(schema: JsonSchema): readonly string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) && schema.type.length > 0 ? schema.type : undefined;
}
