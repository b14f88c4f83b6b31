import { locate } from './json-pointer.js';

type Schema = Record<string, unknown>;

/**
 * Paths of properties in `value` that its schema does not describe (`/0/nickname`): where the
 * deployment says more than the document. Follows `$ref`, `properties`, `items` and `allOf`; a schema
 * with `additionalProperties`, `patternProperties`, `oneOf` or `anyOf` is taken to describe any property.
 */
export function findUndescribedProperties(document: unknown, schema: Schema, value: unknown, path = ''): string[] {
  const resolved = resolveSchema(document, schema);
  if (Array.isArray(value)) {
    const items = resolved['items'];
    if (items === null || typeof items !== 'object') return [];
    return value.flatMap((item, index) => findUndescribedProperties(document, items as Schema, item, `${path}/${index}`));
  }
  if (value === null || typeof value !== 'object') return [];
  const properties = collectProperties(document, resolved);
  if (properties === 'any') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const described = properties.get(key);
    return described === undefined ? [`${path}/${key}`] : findUndescribedProperties(document, described, child, `${path}/${key}`);
  });
}

/** The schemas of an object's properties, or `any` when the schema leaves properties open on purpose. */
function collectProperties(document: unknown, schema: Schema): Map<string, Schema> | 'any' {
  if (schema['oneOf'] !== undefined || schema['anyOf'] !== undefined || schema['patternProperties'] !== undefined) return 'any';
  const additional = schema['additionalProperties'];
  if (additional !== undefined && additional !== false) return 'any';
  const properties = new Map<string, Schema>(Object.entries((schema['properties'] ?? {}) as Record<string, Schema>));
  for (const part of (schema['allOf'] ?? []) as Schema[]) {
    const inner = collectProperties(document, resolveSchema(document, part));
    if (inner === 'any') return 'any';
    for (const [key, child] of inner) properties.set(key, child);
  }
  // A name the object requires is described, listed or not (Lago's WalletObject requires `balance` without listing it): of any value.
  for (const name of Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : []) if (typeof name === 'string' && !properties.has(name)) properties.set(name, {});
  // An object that names no property (`type: object`, Immich's metadata `value`) leaves its members open: none is undescribed.
  if (properties.size === 0 && additional !== false) return 'any';
  return properties;
}

/** The schema after its `$ref`s, e.g. `components/schemas/Pet` for `{ $ref: '#/components/schemas/Pet' }`. */
export function resolveSchema(document: unknown, schema: Schema): Schema {
  return typeof schema['$ref'] === 'string' ? (locate(document, schema['$ref']).node as Schema) : schema;
}

/** The schemas of an object schema's properties (after `$ref` and `allOf`). */
export function propertiesOf(document: unknown, schema: Schema): Map<string, Schema> {
  const properties = collectProperties(document, resolveSchema(document, schema));
  return properties === 'any' ? new Map(Object.entries((resolveSchema(document, schema)['properties'] ?? {}) as Record<string, Schema>)) : properties;
}

/** Where each value in a JSON body sits and what type it has: `/[]/id: number`. Arrays' items are merged. */
export function shapeOf(value: unknown, path = '', shape = new Map<string, Set<string>>()): Map<string, Set<string>> {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const key = path || '/';
  const types = shape.get(key) ?? new Set<string>();
  types.add(type);
  shape.set(key, types);
  if (Array.isArray(value)) for (const item of value) shapeOf(item, `${path}/[]`, shape);
  else if (value !== null && typeof value === 'object') for (const [key, child] of Object.entries(value)) shapeOf(child, `${path}/${key}`, shape);
  return shape;
}
