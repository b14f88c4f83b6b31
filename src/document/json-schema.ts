import type { OpenAPIV3_1 } from 'openapi-types';
import { typeOfValue } from '../json-values/index.js';

/** A JSON Schema of the document, with its local `$ref`s resolved. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  pattern?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  nullable?: boolean;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

/** The values a schema's discriminators give it (`{type: "tags"}` for the schema `tags` maps to), by schema object. */
const discriminated = new WeakMap<JsonSchema, Readonly<Record<string, string>>>();

/**
 * Reads the document's discriminators: each schema a discriminator's `mapping` names (`tags:
 * '#/components/schemas/dataInTagResponse'`), or, without a mapping, each named schema whose `allOf`
 * holds the discriminating one (its value is its name), takes that value for the discriminator's
 * property. A generated record of such a schema says what it is (`type: "tags"`), as the service's do.
 */
export function readDiscriminators(schemas: Readonly<Record<string, unknown>>): void {
  const add = (target: unknown, property: string, value: string): void => {
    if (typeof target !== 'object' || target === null) return;
    discriminated.set(target, { ...discriminated.get(target), [property]: value });
  };
  for (const [name, schema] of Object.entries(schemas)) {
    if (typeof schema === 'object' && schema !== null) componentNames.set(schema, name);
    const discriminator: unknown = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>)['discriminator'] : undefined;
    if (typeof discriminator !== 'object' || discriminator === null) continue;
    const { propertyName, mapping } = discriminator as Record<string, unknown>;
    if (typeof propertyName !== 'string') continue;
    const mapped = typeof mapping === 'object' && mapping !== null ? Object.entries(mapping) : [];
    for (const [value, reference] of mapped) if (typeof reference === 'string') add(schemas[reference.replace(/^#\/components\/schemas\//, '')], propertyName, value);
    if (mapped.length > 0) continue;
    for (const [other, candidate] of Object.entries(schemas)) {
      const parts: unknown = typeof candidate === 'object' && candidate !== null ? (candidate as Record<string, unknown>)['allOf'] : undefined;
      if (other !== name && Array.isArray(parts) && parts.includes(schema)) add(candidate, propertyName, other);
    }
  }
}

/** The name each of the document's component schemas has (`Cat`), by schema object: what an inline discriminator's `mapping` or implicit value names. */
const componentNames = new WeakMap<object, string>();

/** The component name of a schema (`Cat` for `#/components/schemas/Cat`), where readDiscriminators saw it. */
export function componentNameOf(schema: JsonSchema): string | undefined {
  return componentNames.get(schema);
}

/** That `schema` takes the discriminator values `values` (as `discriminatorValuesOf` gave them for it in the worker thread that prepared the document). */
export function noteDiscriminatorValues(schema: JsonSchema, values: Readonly<Record<string, string>>): void {
  discriminated.set(schema, values);
}

/** The discriminator values a schema (or, through `allOf`, one of its parts) takes; undefined where none. */
export function discriminatorValuesOf(schema: JsonSchema): Readonly<Record<string, string>> | undefined {
  return discriminated.get(schema);
}

/**
 * How many schemas the whole expansion of a referenced schema may hold and still be copied where it
 * is referred to, as Prism's own loader copies every one (so a small document's operations are
 * exactly what Prism makes of them). A bigger one, and one on a cycle, is referred to instead: one
 * entry in a `__bundled__` Prism hands Ajv beside each schema it compiles (see prism-references and
 * engine/schema/by-reference), so that validation never expands the reference graph (shared targets
 * would double per level).
 */
export const INLINED_SCHEMAS = 200;

/**
 * Keywords whose schemas Ajv must compile with the whole of a bundle present (they read what other
 * schemas evaluated, or anchors anywhere in it): a bundle without any has its entries compiled one at
 * a time, as values first reach them (the edit of Prism's validator, scripts/prism-lazy-ajv.mjs).
 */
const EVALUATION_KEYWORDS: ReadonlySet<string> = new Set(['unevaluatedProperties', 'unevaluatedItems', '$dynamicRef', '$recursiveRef', '$dynamicAnchor', '$recursiveAnchor']);

export function isEvaluationKeyword(key: string): boolean {
  return EVALUATION_KEYWORDS.has(key);
}

/**
 * Says of a `__bundled__` whether any of its schemas uses an evaluation keyword, as the code that made it
 * saw each of its schemas: the edit of Prism's validator reads it (by this registered symbol, a
 * property no walk, copy or JSON text sees) instead of walking the bundle itself on its first compile,
 * which for a bundle of Stripe's size was ~140 ms of a first request on the event loop.
 */
export function markBundleKeywords(bundle: object, usesEvaluationKeywords: boolean): void {
  Object.defineProperty(bundle, Symbol.for('petstore-mock.bundle-uses-evaluation-keywords'), { value: usesEvaluationKeywords, enumerable: false });
}

/** The JSON schema of an operation's lowest declared 2xx response (or that of `code`), if it has one. */
export function successSchema(definition: OpenAPIV3_1.OperationObject, code = successCode(definition)): JsonSchema | undefined {
  const response = code === undefined ? undefined : (definition.responses?.[code] as OpenAPIV3_1.ResponseObject | undefined);
  const content = Object.entries(response?.content ?? {}).find(([mediaType]) => /json/i.test(mediaType))?.[1];
  return content?.schema as JsonSchema | undefined;
}

/**
 * The JSON schema of an operation's request body: its JSON content's, else its form content's
 * (`application/x-www-form-urlencoded`, as Stripe's creates are); `mediaType` picks one.
 */
export function requestBodySchema(definition: OpenAPIV3_1.OperationObject | undefined, mediaType?: string): JsonSchema | undefined {
  const body = definition?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const contents = Object.entries(body?.content ?? {});
  const content =
    mediaType === undefined
      ? (contents.find(([type]) => /json/i.test(type)) ?? contents.find(([type]) => /^application\/x-www-form-urlencoded$/i.test(type)))
      : contents.find(([type]) => type.toLowerCase() === mediaType.toLowerCase());
  return content?.[1].schema as JsonSchema | undefined;
}

/** An operation's lowest declared 2xx status, as the document writes it. */
export function successCode(definition: OpenAPIV3_1.OperationObject): string | undefined {
  return successCodes(definition)[0];
}

/** An operation's declared 2xx statuses, lowest first, as the document writes them. */
export function successCodes(definition: OpenAPIV3_1.OperationObject): string[] {
  return Object.keys(definition.responses ?? {})
    .filter(code => /^2\d\d$/.test(code))
    .sort();
}

/**
 * The time a string schema's `format` names: `date-time`, or written as generators write it
 * (go-swagger's `dateTime`, `datetime`, `date_time`), or `date`. Values are made and read as such;
 * validation keeps the document's word (Ajv knows none of the other spellings, and checks nothing of them).
 */
export function timeFormatOf(schema: JsonSchema | undefined): 'date-time' | 'date' | undefined {
  const format = typeof schema?.format === 'string' ? schema.format.toLowerCase().replace(/[-_ ]/g, '') : undefined;
  return format === 'datetime' ? 'date-time' : format === 'date' ? 'date' : undefined;
}

/**
 * The members of an enum that the schema's `type` allows, to draw from: Bitbucket's
 * `{type: string, enum: [approved, changes_requested, null]}` (a `null` that OpenAPI 3.0 allows only
 * with `nullable`, which makes the type `[string, null]`) drew `null`, which the schema refuses. Every
 * member where the schema names no type, or none fits it.
 */
export function enumOfItsType(members: readonly unknown[], type: unknown): unknown[] {
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? (type as unknown[]) : undefined;
  if (types === undefined) return [...members];
  const fitting = members.filter(member => {
    const own = typeOfValue(member);
    return types.some(name => name === own || (name === 'number' && own === 'integer'));
  });
  return fitting.length > 0 ? fitting : [...members];
}

export function typeIncludes(schema: JsonSchema | undefined, type: string): boolean {
  if (!schema) return false;
  return Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
}

const mergedAllOf = new WeakMap<JsonSchema, JsonSchema>();

/**
 * A schema written as `allOf` (`Pet: allOf: [NewPet, {id}]`, a common way to say "NewPet and an id")
 * as one object schema: the parts' properties and required lists merged, the other keywords of the
 * later parts winning. Other schemas are returned as they are. Merged once per schema object; a part
 * that is, through `allOf`, the schema itself (a cycle) adds nothing more.
 */
export function mergeAllOf(schema: JsonSchema, merging: Set<JsonSchema> = new Set()): JsonSchema {
  if (!schema.allOf) return schema;
  const done = mergedAllOf.get(schema);
  if (done) return done;
  if (merging.has(schema)) return {};
  merging.add(schema);
  const { allOf, ...rest } = schema;
  const merged = allOf.map(part => mergeAllOf(part, merging)).reduce<JsonSchema>(
    (result, part) => ({
      ...result,
      ...part,
      properties: { ...result.properties, ...part.properties },
      required: [...new Set([...(result.required ?? []), ...(part.required ?? [])])],
    }),
    rest,
  );
  merging.delete(schema);
  const values = [schema, ...allOf, ...allOf.map(part => mergedAllOf.get(part))].map(part => (part === undefined ? undefined : discriminated.get(part)));
  if (values.some(value => value !== undefined)) discriminated.set(merged, Object.assign({}, ...values.reverse()) as Readonly<Record<string, string>>);
  mergedAllOf.set(schema, merged);
  return merged;
}

/** The lowest whole number a schema allows, if it bounds it. */
export function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return Math.floor(schema.exclusiveMinimum) + 1;
  if (schema.minimum === undefined) return undefined;
  return schema.exclusiveMinimum === true ? Math.floor(schema.minimum) + 1 : Math.ceil(schema.minimum);
}

/** The highest whole number a schema allows, if it bounds it. */
export function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return Math.ceil(schema.exclusiveMaximum) - 1;
  if (schema.maximum === undefined) return undefined;
  return schema.exclusiveMaximum === true ? Math.ceil(schema.maximum) - 1 : Math.floor(schema.maximum);
}

const converted = new WeakMap<JsonSchema, JsonSchema>();
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * An OpenAPI 3.0 schema as the JSON Schema Prism validates (as Stoplight's http-spec converts it):
 * `nullable: true` adds `null` to the type, a boolean `exclusiveMinimum`/`exclusiveMaximum` takes the
 * bound's number. Ajv refuses the 3.0 forms, and Prism's validator then reports nothing at all, so a
 * record checked against an unconverted schema would always pass. A schema shared by many places
 * stays one object; a cycle is followed once.
 */
export function fromOpenApi30(schema: JsonSchema): JsonSchema {
  const done = converted.get(schema);
  if (done) return done;
  // Each schema reached copied and converted first, its subschemas then pointed at their copies:
  // without recursion, since a big document's schemas can chain a thousand deep.
  const reached: JsonSchema[] = [];
  const pending: JsonSchema[] = [schema];
  while (pending.length > 0) {
    const next = pending.pop() as JsonSchema;
    if (converted.has(next)) continue;
    converted.set(next, convertedKeywords(next));
    reached.push(next);
    pending.push(...subschemasOf(next));
  }
  for (const original of reached) {
    const written = converted.get(original) as JsonSchema;
    // A nullable schema without a type is `anyOf: [it, null]`: its subschemas are in the first alternative.
    const copy = (nullableInner.get(written) ?? written) as JsonSchema & Record<string, unknown>;
    const to = (part: JsonSchema): JsonSchema => converted.get(part) ?? part;
    if (copy.properties) copy.properties = Object.fromEntries(Object.entries(copy.properties).map(([name, property]) => [name, to(property)]));
    if (copy.items) copy.items = to(copy.items);
    if (typeof copy.additionalProperties === 'object') copy.additionalProperties = to(copy.additionalProperties);
    for (const list of SUBSCHEMA_LISTS) {
      const parts = copy[list];
      if (parts) copy[list] = parts.map(to);
    }
  }
  return converted.get(schema) as JsonSchema;
}

function subschemasOf(schema: JsonSchema): JsonSchema[] {
  const parts: (JsonSchema | undefined)[] = [...Object.values(schema.properties ?? {}), schema.items, typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined];
  for (const list of SUBSCHEMA_LISTS) parts.push(...(schema[list] ?? []));
  return parts.filter((part): part is JsonSchema => part !== undefined);
}

/** Keywords that describe a schema without constraining its value: kept beside a nullable schema's `anyOf: [schema, null]`. */
const ANNOTATIONS = new Set(['nullable', 'title', 'description', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', 'xml']);

/** The first alternative of a converted `anyOf: [schema, null]`, by the converted schema. */
const nullableInner = new WeakMap<JsonSchema, JsonSchema>();

/** A copy of the schema with OpenAPI 3.0's own keywords as JSON Schema's (its subschemas still the originals). */
function convertedKeywords(schema: JsonSchema): JsonSchema {
  const constrains = (key: string): boolean => !ANNOTATIONS.has(key) && !key.startsWith('x-');
  if (schema.nullable === true && schema.type === undefined && Object.keys(schema).some(constrains)) {
    // `{allOf: [{$ref: Person}], nullable: true}`: a Person or null, as Prism is given it (see prism-references).
    const inner = convertedKeywords(Object.fromEntries(Object.entries(schema).filter(([key]) => constrains(key))));
    const values = discriminated.get(schema);
    if (values !== undefined) discriminated.set(inner, values);
    const wrapper = { ...Object.fromEntries(Object.entries(schema).filter(([key]) => !constrains(key) && key !== 'nullable')), anyOf: [inner, { type: 'null' }] } as JsonSchema;
    nullableInner.set(wrapper, inner);
    return wrapper;
  }
  const copy: JsonSchema & Record<string, unknown> = { ...schema };
  const values = discriminated.get(schema);
  if (values !== undefined) discriminated.set(copy, values);
  if (copy.nullable === true) {
    const types = Array.isArray(copy.type) ? copy.type : copy.type === undefined ? undefined : [copy.type];
    if (types && !types.includes('null')) copy.type = [...types, 'null'];
    if (copy.enum && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
    delete copy.nullable;
  }
  if (typeof copy.exclusiveMinimum === 'boolean') {
    const bound = copy.minimum;
    delete copy.exclusiveMinimum;
    if (schema.exclusiveMinimum === true && bound !== undefined) {
      copy.exclusiveMinimum = bound;
      delete copy.minimum;
    }
  }
  if (typeof copy.exclusiveMaximum === 'boolean') {
    const bound = copy.maximum;
    delete copy.exclusiveMaximum;
    if (schema.exclusiveMaximum === true && bound !== undefined) {
      copy.exclusiveMaximum = bound;
      delete copy.maximum;
    }
  }
  return copy;
}
