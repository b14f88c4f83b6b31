import type { JsonSchema } from '../../document/index.js';

/** A number a schema types as an integer that a JavaScript number does not hold exactly. */
export interface UnsafeInteger {
  /** Where it stands: `categoryId`, `tags.0.id`. */
  path: string;
  value: number;
}

/** A value to look at, with the schema that types it and where it stands (its parent's place and its own key). */
interface Place {
  value: unknown;
  schema: JsonSchema;
  parent: Place | undefined;
  key: string;
}

/**
 * The first number of `value` that `schema` types as `integer` but that is beyond ±(2^53 − 1), as
 * pets given in code can hold (`2 ** 53 + 2`): JSON would write it, and the next reader round it, as
 * another integer. Follows `properties`, `items`, `additionalProperties` and the parts of `allOf`,
 * `oneOf` and `anyOf`; iterative, so deep values are fine.
 */
export function findUnsafeInteger(value: unknown, schema: JsonSchema | undefined): UnsafeInteger | undefined {
  const pending: Place[] = schema === undefined ? [] : [{ value, schema, parent: undefined, key: '' }];
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const { value: item, schema: itemSchema } = place;
    for (const parts of [itemSchema.allOf, itemSchema.oneOf, itemSchema.anyOf]) {
      for (const part of parts ?? []) pending.push({ ...place, schema: part });
    }
    if (typeof item === 'number') {
      if (Number.isInteger(item) && !Number.isSafeInteger(item) && typesInteger(itemSchema)) return { path: pathOf(place), value: item };
    } else if (Array.isArray(item)) {
      const items = itemSchema.items;
      if (items) for (let index = 0; index < item.length; index++) pending.push({ value: item[index], schema: items, parent: place, key: String(index) });
    } else if (typeof item === 'object' && item !== null) {
      const properties = itemSchema.properties ?? {};
      for (const name of Object.keys(item)) {
        const propertySchema = Object.hasOwn(properties, name) ? properties[name] : itemSchema.additionalProperties;
        if (typeof propertySchema === 'object') pending.push({ value: (item as Record<string, unknown>)[name], schema: propertySchema, parent: place, key: name });
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
