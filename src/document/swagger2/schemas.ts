import { isJsonObject } from '../../json-values/index.js';

/** A JSON object of the document, read without trusting its shape. */
export type JsonObject = Record<string, unknown>;

/** Each value of an object, mapped; an `x-` key keeps its value. */
export function mapValues(value: unknown, map: (entry: unknown) => unknown): JsonObject {
  if (!isJsonObject(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, key.startsWith('x-') ? entry : map(entry)]));
}

/** The `x-` extensions of an object, which OpenAPI 3 keeps where Swagger 2.0 put them. */
export function extensionsOf(value: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([key]) => key.startsWith('x-')));
}

const MOVED = [
  ['#/definitions/', '#/components/schemas/'],
  ['#/parameters/', '#/components/parameters/'],
  ['#/responses/', '#/components/responses/'],
] as const;

/** A local `$ref` as it reads once the Swagger 2.0 sections have moved under `components`; another is kept. */
export function movedRef(ref: string): string {
  for (const [from, to] of MOVED) if (ref.startsWith(from)) return `${to}${ref.slice(from.length)}`;
  return ref;
}

/**
 * A Swagger 2.0 schema as OpenAPI 3.0 writes it: `$ref`s moved under `components`, `x-nullable`
 * read as `nullable`, `type: file` as a binary string, a `discriminator` property name as a
 * Discriminator Object. Only places that hold schemas are walked: a property named `type` or an
 * `example` holding a `$ref` key stays as written. `x-nullable` beside a `$ref` becomes `nullable`
 * beside it, where the engine reads it (its references keep their siblings).
 */
export function toSchema(value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  const schema: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    switch (key) {
      case '$ref':
        schema[key] = typeof child === 'string' ? movedRef(child) : child;
        break;
      case 'x-nullable':
        if (child === true) schema['nullable'] = true;
        break;
      case 'discriminator':
        schema[key] = typeof child === 'string' ? { propertyName: child } : child;
        break;
      case 'properties':
        schema[key] = isJsonObject(child) ? Object.fromEntries(Object.entries(child).map(([name, property]) => [name, toSchema(property)])) : child;
        break;
      case 'items':
        schema[key] = Array.isArray(child) ? child.map(toSchema) : toSchema(child);
        break;
      case 'additionalProperties':
      case 'not':
        schema[key] = toSchema(child);
        break;
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        schema[key] = Array.isArray(child) ? child.map(toSchema) : child;
        break;
      default:
        schema[key] = child;
    }
  }
  return withBinaryFile(schema);
}

/** `type: file` (a formData parameter's or a response's) as OpenAPI 3 writes a file: a binary string. */
export function withBinaryFile(schema: JsonObject): JsonObject {
  return schema['type'] === 'file' ? { ...schema, type: 'string', format: 'binary' } : schema;
}

/** The keywords a non-body parameter, an array's `items` or a header takes from JSON Schema. */
const SIMPLE_KEYWORDS = ['type', 'format', 'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'enum', 'multipleOf'];

/**
 * The schema of a parameter that is not `in: body`, of a header, or of their `items`: Swagger 2.0
 * writes its keywords on the object itself. A nested array's `collectionFormat` has no OpenAPI 3
 * form and is dropped.
 */
export function simpleSchema(value: JsonObject): JsonObject {
  const schema: JsonObject = {};
  for (const key of SIMPLE_KEYWORDS) if (value[key] !== undefined) schema[key] = value[key];
  if (isJsonObject(value['items'])) schema['items'] = simpleSchema(value['items']);
  if (value['x-nullable'] === true) schema['nullable'] = true;
  return withBinaryFile(schema);
}
