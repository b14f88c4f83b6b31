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
  // A record of one of the schemas that extend this one, where its discriminator's value names it: that schema's
  // properties (two may hold `attributes` of different schemas: Azure's Wait and HealthCheck steps).
  const extension = extensionNamed(document, resolved, value as Record<string, unknown>);
  const properties = extension === undefined ? collectProperties(document, resolved, new Set()) : collectProperties(document, extension, new Set([resolved]));
  if (properties === 'any') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const described = properties.get(key);
    return described === undefined ? [`${path}/${key}`] : findUndescribedProperties(document, described, child, `${path}/${key}`);
  });
}

/**
 * The schemas of an object's properties, or `any` when the schema leaves properties open on purpose. A schema with a
 * discriminator describes the properties of the schemas that extend it too (`allOf` of it: Azure's `WaitStepProperties`
 * of `StepProperties`, whose discriminator's values are `x-ms-discriminator-value`s, not their names): a record of one
 * of those holds them, and the document describes them.
 */
function collectProperties(document: unknown, schema: Schema, extended?: Set<Schema>): Map<string, Schema> | 'any' {
  if (schema['oneOf'] !== undefined || schema['anyOf'] !== undefined || schema['patternProperties'] !== undefined) return 'any';
  const additional = schema['additionalProperties'];
  if (additional !== undefined && additional !== false) return 'any';
  const properties = new Map<string, Schema>(Object.entries((schema['properties'] ?? {}) as Record<string, Schema>));
  for (const part of (schema['allOf'] ?? []) as Schema[]) {
    const inner = collectProperties(document, resolveSchema(document, part), extended);
    if (inner === 'any') return 'any';
    for (const [key, child] of inner) properties.set(key, child);
  }
  // Only where asked (`extended` given: what a body may hold, not what a client may send), and once per schema (an
  // extension's `allOf` holds the schema it extends): its extensions' properties.
  if (extended !== undefined && schema['discriminator'] !== undefined && !extended.has(schema)) {
    extended.add(schema);
    for (const { schema: extension } of extensionsIn(document).get(schema) ?? []) {
      const inner = collectProperties(document, extension, extended);
      if (inner === 'any') return 'any';
      for (const [key, child] of inner) if (!properties.has(key)) properties.set(key, child);
    }
  }
  // A name the object requires is described, listed or not (Lago's WalletObject requires `balance` without listing it): of any value.
  for (const name of Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : []) if (typeof name === 'string' && !properties.has(name)) properties.set(name, {});
  // An object that names no property (`type: object`, Immich's metadata `value`) leaves its members open: none is undescribed.
  if (properties.size === 0 && additional !== false) return 'any';
  return properties;
}

/** The schema extending `base` that a value's discriminator value names: by the mapping, `x-ms-discriminator-value` (Azure's), or its component name. */
function extensionNamed(document: unknown, base: Schema, value: Record<string, unknown>): Schema | undefined {
  const discriminator = base['discriminator'] as { propertyName?: unknown; mapping?: Record<string, unknown> } | undefined;
  if (typeof discriminator?.propertyName !== 'string') return undefined;
  const named = value[discriminator.propertyName];
  if (typeof named !== 'string') return undefined;
  const extensions = extensionsIn(document).get(base) ?? [];
  const mapped = discriminator.mapping?.[named];
  if (typeof mapped === 'string') {
    const target = resolveSchema(document, { $ref: mapped });
    return extensions.find(extension => extension.schema === target)?.schema ?? target;
  }
  return (extensions.find(extension => extension.schema['x-ms-discriminator-value'] === named) ?? extensions.find(extension => extension.name === named))?.schema;
}

const extensionsByDocument = new WeakMap<object, Map<Schema, { name: string; schema: Schema }[]>>();

/** The component schemas that extend a schema with a discriminator by `allOf` of it, by that schema: once per document. */
function extensionsIn(document: unknown): Map<Schema, { name: string; schema: Schema }[]> {
  if (typeof document !== 'object' || document === null) return new Map();
  const known = extensionsByDocument.get(document);
  if (known !== undefined) return known;
  const found = new Map<Schema, { name: string; schema: Schema }[]>();
  const { components, definitions } = document as { components?: { schemas?: unknown }; definitions?: unknown };
  const schemas = (components?.schemas ?? definitions ?? {}) as Record<string, unknown>;
  for (const [name, candidate] of Object.entries(schemas)) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const parts: unknown = (candidate as Schema)['allOf'];
    for (const part of Array.isArray(parts) ? (parts as unknown[]) : []) {
      if (typeof part !== 'object' || part === null) continue;
      const base = resolveSchema(document, part as Schema);
      if (base !== part && base['discriminator'] !== undefined) found.set(base, [...(found.get(base) ?? []), { name, schema: candidate as Schema }]);
    }
  }
  extensionsByDocument.set(document, found);
  return found;
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
