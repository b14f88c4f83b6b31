import { mergeAllOf, type JsonSchema } from '../document/index.js';
import { createPetFaker } from '../fixtures/pet-faker.js';
import { fakeValue, withDiscriminatorValuesThroughout } from '../fixtures/schema-values.js';
import type { OperationModel } from './read-operations.js';
import { propertiesOf, resolveSchema } from './schema-shape.js';
import type { SchemaValidator } from './validate-schema.js';
import { isJsonObject } from '../json-values/index.js';

type Schema = Record<string, unknown>;

/** The name of everything the run creates: `petstore-mock-verify <run id>`. */
export function markerName(runId: string): string {
  return `petstore-mock-verify ${runId}`;
}

/** Properties verify sets in a body it makes, by how much it needs them. */
export interface FixedProperties {
  /** Parents' keys and the like: a body without them is not the request verify means. */
  required?: Record<string, unknown>;
  /** Wanted where the schema allows them (a unique client key, the run's marker name), else left as made. */
  preferred?: Record<string, unknown>[];
  /** Properties left out where the body stays valid without them (a key the service assigns, read-only ones). */
  omit?: string[];
  /** The one property the record is sent in (`{"customer": {...}}`): the fixes apply inside it. */
  envelope?: string;
}

/** Makes request bodies the document accepts: its examples, else values made from the schema, each checked against it. */
export interface BodyMaker {
  /** A valid JSON body for the operation, or why verify cannot make one. */
  make(operation: OperationModel, fixed?: FixedProperties, seed?: number): { body: unknown } | { problem: string };
  /** Whether a body is valid for the operation, and if not the first problems. */
  problems(operation: OperationModel, body: unknown): string[];
}

export function createBodyMaker(document: unknown, validator: SchemaValidator): BodyMaker {
  const problems = (operation: OperationModel, body: unknown): string[] => {
    const pointer = operation.requestBody?.schema?.pointer;
    return pointer === undefined ? [] : validator.problems(pointer, body);
  };
  return {
    problems,
    make(operation, fixed = {}, seed = 1) {
      // An operation that declares no body (Vikunja's `POST /notifications`, `consumes` without a `body` parameter) is sent none.
      if (!operation.requestBody) return { body: undefined };
      const schemaRef = operation.requestBody.schema;
      if (!schemaRef) return { body: {} };
      const resolved = validator.schemaAt(schemaRef.pointer) as JsonSchema;
      const sample = sampleValue(document, schemaRef.schema);
      const fakes = [0, 1, 2].map(draw => fakeValue(resolved, '', { faker: createPetFaker(seed * 7919 + draw), now: new Date() }));
      // The plain values the document shows for what it requires, with made ones for what it leaves optional: a fuller record to read back.
      const fuller = isJsonObject(sample) && isJsonObject(fakes[0]) ? { ...fakes[0], ...sample } : undefined;
      // Each object says what it is where the document's discriminators say (a tag's `type` is `tags`), as a client's would.
      const candidates: unknown[] = [...operation.requestBody.examples.map(example => example.value), ...(fuller ? [fuller] : []), sample, ...fakes].map(candidate => withDiscriminatorValuesThroughout(structuredClone(candidate), resolved));
      let firstProblems: string[] | undefined;
      // Each first without the read-only members of its objects (a client SHOULD NOT send them), then as it is.
      for (const candidate of candidates.flatMap(each => [withoutReadOnlyMembers(document, each, resolved), each])) {
        for (const body of variants(candidate, resolved, fixed, schema => resolveSchema(document, schema as Schema))) {
          const found = problems(operation, body);
          if (found.length === 0) return { body };
          firstProblems ??= found;
        }
      }
      return { problem: `verify cannot make a body the document accepts for ${operation.operationId} (${(firstProblems ?? []).slice(0, 2).join('; ')})` };
    },
  };
}

/** How deep read-only members are looked for in a body verify makes. */
const READ_ONLY_DEPTH = 8;

/**
 * A body with every member of an object inside it that its schema marks `readOnly` left out
 * (Radarr's `CommandResource.body.updateScheduledTask`): OpenAPI says a request SHOULD NOT send
 * them, and Prism's check of a request refuses them where that object allows no other properties.
 * The body's own read-only properties are `variants`' to leave out.
 */
function withoutReadOnlyMembers(document: unknown, value: unknown, schema: unknown, depth = 0): unknown {
  if (schema === undefined || depth > READ_ONLY_DEPTH || value === null || typeof value !== 'object') return value;
  const merged = resolvedSchema(document, schema);
  if (Array.isArray(value)) return value.map(item => withoutReadOnlyMembers(document, item, merged.items, depth + 1));
  const properties = merged.properties ?? {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).flatMap(([name, member]) => {
      const declared = properties[name];
      const readOnly = declared !== undefined && resolvedSchema(document, declared).readOnly === true;
      return readOnly && depth > 0 ? [] : [[name, withoutReadOnlyMembers(document, member, declared, depth + 1)]];
    }),
  );
}

/** A schema with its `$ref` followed and its `allOf` merged. */
function resolvedSchema(document: unknown, schema: unknown): JsonSchema {
  return mergeAllOf(resolveSchema(document, schema as Schema));
}

/** A candidate with the fixed properties set: all preferred ones first, then fewer; with the omitted ones left out, then kept. */
function* variants(candidate: unknown, schema: JsonSchema, fixed: FixedProperties, resolve: (schema: JsonSchema) => JsonSchema): Generator {
  if (candidate === null || typeof candidate !== 'object' || Array.isArray(candidate)) {
    yield candidate;
    return;
  }
  const properties = mergeAllOf(schema).properties ?? {};
  const { envelope, ...inside } = fixed;
  // The record in its envelope (`{"customer": {...}}`): a fresh client key set where the record is, not beside it.
  const enveloped = envelope === undefined ? undefined : properties[envelope];
  if (envelope !== undefined && enveloped !== undefined) {
    const record = (candidate as Record<string, unknown>)[envelope];
    for (const body of variants(record, mergeAllOf(resolve(enveloped)), inside, resolve)) yield { ...(candidate as Record<string, unknown>), [envelope]: body };
    return;
  }
  const known = (values: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(values).filter(([name]) => name in properties));
  const readOnly = Object.keys(properties).filter(name => properties[name]?.readOnly === true);
  const omit = [...new Set([...(fixed.omit ?? []), ...readOnly])];
  const preferred = fixed.preferred ?? [];
  for (let kept = preferred.length; kept >= 0; kept--) {
    const base = { ...(candidate as Record<string, unknown>), ...Object.assign({}, ...preferred.slice(0, kept).map(known)), ...known(fixed.required ?? {}) } as Record<string, unknown>;
    yield Object.fromEntries(Object.entries(base).filter(([name]) => !omit.includes(name)));
    yield base;
  }
}

/** The required properties of the operation's body schema that a client sends (not `readOnly`). */
export function requiredProperties(document: unknown, operation: OperationModel): string[] {
  const schema = operation.requestBody?.schema?.schema;
  if (!schema) return [];
  const resolved = mergeAllOf(resolveSchema(document, schema));
  const properties = propertiesOf(document, schema);
  const required = resolved.required ?? [];
  return required.filter(name => resolveSchema(document, properties.get(name) ?? {})['readOnly'] !== true);
}

/** A plain value a schema accepts: an example, a default, the first enum value, or the least of its type. */
export function sampleValue(document: unknown, raw: Schema): unknown {
  const schema = mergeAllOf(resolveSchema(document, raw)) as Schema;
  const documented = documentedValue(schema);
  if (documented) return documented.value;
  const declared: unknown = schema['type'];
  const type = Array.isArray(declared) ? (declared[0] as unknown) : declared;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 1;
    case 'boolean':
      return true;
    case 'array': {
      const items = schema['items'];
      return items !== null && typeof items === 'object' ? [sampleValue(document, items as Schema)] : [];
    }
    case 'object':
    case undefined: {
      if (type === undefined && schema['properties'] === undefined) return markedString(schema);
      const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
      const properties = propertiesOf(document, schema);
      return Object.fromEntries(required.map(name => [name, sampleValue(document, properties.get(name) ?? {})]));
    }
    default:
      return markedString(schema);
  }
}

const MARK = 'petstore-mock-verify';

/**
 * A string the schema takes: verify's mark (its records are found by it), unless the schema's format,
 * pattern or length refuses it; then a seeded value of the schema (a uuid for `format: uuid`), as a
 * deployment would refuse the mark with a 400 that no document declares.
 */
function markedString(schema: Schema): unknown {
  const { format, pattern, minLength, maxLength } = schema as { format?: unknown; pattern?: unknown; minLength?: unknown; maxLength?: unknown };
  const fits = format === undefined && pattern === undefined && (typeof minLength !== 'number' || minLength <= MARK.length) && (typeof maxLength !== 'number' || maxLength >= MARK.length);
  return fits ? MARK : fakeValue(schema, 'value', { faker: createPetFaker(1), now: new Date(0) });
}

/** The value the schema itself gives: its first example, its default or its first enum value. */
function documentedValue(schema: Schema): { value: unknown } | undefined {
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0) return { value: schema['examples'][0] };
  if (schema['example'] !== undefined) return { value: schema['example'] };
  if (schema['default'] !== undefined) return { value: schema['default'] };
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return { value: schema['enum'][0] };
  return undefined;
}

/** Whether the document gives a value of the schema (an example, a default, an enum or a const), where `sampleValue` would otherwise make one up. */
export function givesValue(document: unknown, raw: Schema): boolean {
  const schema = mergeAllOf(resolveSchema(document, raw)) as Schema;
  return documentedValue(schema) !== undefined || schema['const'] !== undefined;
}

/** A query or path value: an array's first item, as a form-style parameter sends it. */
export function sampleParameter(document: unknown, raw: Schema): string {
  const value = sampleValue(document, raw);
  return Array.isArray(value) ? String(value[0] ?? '') : String(value);
}
