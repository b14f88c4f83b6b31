import type { JsonSchema } from '../../document/index.js';

/** A number given in code that JSON would carry as another value. */
export interface InexactNumber {
  /** Where it stands: `categoryId`, `tags.0.id`. */
  path: string;
  value: number;
  /** Why, as the rest of a sentence after "is <value>, ". */
  reason: string;
}

/** A value to look at, with the schema that types it (empty where none does) and where it stands (its parent's place and its own key). */
interface Place {
  value: unknown;
  schema: JsonSchema;
  parent: Place | undefined;
  key: string;
}

const BEYOND_SAFE_INTEGERS = 'beyond ±(2^53 − 1): a JavaScript number does not hold that integer exactly';
const NOT_FINITE = 'which JSON cannot write (it would be null)';

/**
 * The first number of `value`, as values given in code can hold, that JSON would carry as another:
 * Infinity or NaN anywhere (JSON writes null), or an integer beyond ±(2^53 − 1) where `schema`
 * types it as `integer` (`2 ** 53 + 2`: the next reader rounds it to another integer). Follows
 * `properties`, `items`, `additionalProperties` and the parts of `allOf`, `oneOf` and `anyOf`, and
 * every other member with no schema; iterative, so deep values are fine, and each object is looked at
 * once per schema, so a value that refers to itself is fine too.
 */
export function findInexactNumber(value: unknown, schema: JsonSchema | undefined): InexactNumber | undefined {
  const pending: Place[] = [{ value, schema: schema ?? {}, parent: undefined, key: '' }];
  // Each object once per schema it is looked at under: a value that refers to itself ends.
  const seen = new Map<object, Set<JsonSchema>>();
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const { value: item, schema: itemSchema } = place;
    for (const parts of [itemSchema.allOf, itemSchema.oneOf, itemSchema.anyOf]) {
      for (const part of parts ?? []) pending.push({ ...place, schema: part });
    }
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return { path: pathOf(place), value: item, reason: NOT_FINITE };
      if (Number.isInteger(item) && !Number.isSafeInteger(item) && typesInteger(itemSchema)) return { path: pathOf(place), value: item, reason: BEYOND_SAFE_INTEGERS };
    } else if (typeof item === 'object' && item !== null) {
      const schemas = seen.get(item) ?? new Set<JsonSchema>();
      if (schemas.has(itemSchema)) continue;
      seen.set(item, schemas.add(itemSchema));
      if (Array.isArray(item)) {
        const items = itemSchema.items ?? {};
        for (let index = 0; index < item.length; index++) pending.push({ value: item[index], schema: items, parent: place, key: String(index) });
      } else {
        const properties = itemSchema.properties ?? {};
        for (const name of Object.keys(item)) {
          const declared = Object.hasOwn(properties, name) ? properties[name] : itemSchema.additionalProperties;
          pending.push({ value: (item as Record<string, unknown>)[name], schema: typeof declared === 'object' ? declared : {}, parent: place, key: name });
        }
      }
    }
  }
  return undefined;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at = place; at.parent !== undefined; at = at.parent) keys.unshift(at.key);
  return keys.join('.');
}

function typesInteger(schema: JsonSchema): boolean {
  return Array.isArray(schema.type) ? schema.type.includes('integer') : schema.type === 'integer';
}
