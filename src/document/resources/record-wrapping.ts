import { mergeAllOf, typeIncludes, type JsonSchema } from '../json-schema.js';

/**
 * The property of an object that wraps one record: Rails style (`{"article": {...}}`, `{"comment": {...}}`),
 * named after the collection (`articles`, `article`) or `data`, alone or beside hypermedia only
 * (JSON:API's `{data, links, meta, included}`); undefined for any other schema. The wrapped schema must
 * be an object with properties (a part written `allOf: [X]` is X itself); `beside` is what stands next to
 * it (its `required` kept), to be generated. `besideAnything`: an envelope named after the collection
 * may stand beside data of any kind (Hetzner's create answers `{server, action, next_actions,
 * root_password}`), for a caller that knows the wrapped schema is the record's and the whole is not.
 */
export function envelopeOf(schema: JsonSchema | undefined, collection: { readonly name: string; readonly singular: string }, besideAnything = false): Envelope | undefined {
  if (schema === undefined || typeIncludes(schema, 'array')) return undefined;
  const merged = mergeAllOf(schema);
  // One record or many (Lago's alert create, `oneOf: [{alert}, {alerts: [...]}]` both ways): the alternative that wraps one.
  if (merged.properties === undefined) return firstDefined(alternativesOf(merged), alternative => (alternativesOf(alternative).length > 0 ? undefined : envelopeOf(alternative, collection, besideAnything)));
  const names = new Set([normalized(collection.name), normalized(collection.singular), 'data']);
  const entries = Object.entries(merged.properties ?? {});
  const wrapping = entries.filter(([property]) => names.has(normalized(property)));
  const others = entries.filter(([property]) => !names.has(normalized(property)));
  const [only] = wrapping;
  if (wrapping.length !== 1 || only === undefined) return undefined;
  const [property, written] = only;
  if (others.some(([other]) => !BESIDE_ENVELOPE.has(other)) && (!besideAnything || normalized(property) === 'data')) return undefined;
  const inner = soleAllOfPart(written);
  if (typeIncludes(inner, 'array') || Object.keys(mergeAllOf(inner).properties ?? {}).length === 0) return undefined;
  // `data: null` allowed (a to-one relationship that names nothing).
  // `nullable: true` beside a `type`, or beside `allOf: [X]` (X or null, as Prism is given it: see prism-references).
  const nullable = written.nullable === true || typeIncludes(written, 'null') || (written.anyOf ?? []).some(alternative => typeIncludes(alternative, 'null')) ? ({ nullable: true } as const) : {};
  if (others.length === 0) return { property, inner, ...nullable };
  const required = (merged.required ?? []).filter(name => others.some(([other]) => other === name));
  return { property, inner, beside: { type: 'object', properties: Object.fromEntries(others), ...(required.length > 0 && { required }) }, ...nullable };
}

/** The property of an object that wraps one record, the record's schema, and what stands beside it. */
export interface Envelope {
  property: string;
  inner: JsonSchema;
  beside?: JsonSchema;
  nullable?: true;
}

/**
 * The part of a schema that lists `property`: the schema itself (its `allOf` merged), or else the first
 * alternative of its `oneOf` or `anyOf` that lists it (the one-record side of `oneOf: [{alert}, {alerts: [...]}]`).
 */
export function partListing(schema: JsonSchema, property: string): JsonSchema | undefined {
  const merged = mergeAllOf(schema);
  if (merged.properties?.[property] !== undefined) return merged;
  return firstDefined(alternativesOf(merged), alternative => (mergeAllOf(alternative).properties?.[property] === undefined ? undefined : mergeAllOf(alternative)));
}

/**
 * The property that wraps many records at once (Lago's alert create, `oneOf: [{alert}, {alerts: [...]}]`):
 * of the schema, or of one of its alternatives, the one property, named after the collection (or `data`),
 * that holds an array, hypermedia (`meta`, `links`) aside. Undefined where none does.
 */
export function manyEnvelopeOf(schema: JsonSchema | undefined, collection: { readonly name: string; readonly singular: string }): string | undefined {
  if (schema === undefined) return undefined;
  const merged = mergeAllOf(schema);
  if (merged.properties === undefined) return firstDefined(alternativesOf(merged), alternative => (alternativesOf(alternative).length > 0 ? undefined : manyEnvelopeOf(alternative, collection)));
  const names = new Set([normalized(collection.name), normalized(collection.singular), 'data']);
  // Hypermedia may stand beside the array (Lago's `Alerts` has `meta`).
  const entries = Object.entries(merged.properties).filter(([property]) => !BESIDE_ENVELOPE.has(property));
  const [only] = entries;
  if (entries.length !== 1 || only === undefined || !names.has(normalized(only[0]))) return undefined;
  const inner = mergeAllOf(soleAllOfPart(only[1]));
  return typeIncludes(inner, 'array') && inner.items !== undefined ? only[0] : undefined;
}

function alternativesOf(schema: JsonSchema): readonly JsonSchema[] {
  return [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
}

function firstDefined<T>(schemas: readonly JsonSchema[], find: (schema: JsonSchema) => T | undefined): T | undefined {
  for (const schema of schemas) {
    const found = find(schema);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * `X` for a schema written `allOf: [X]` and nothing else of substance (as generators write a `$ref` with a sibling; `nullable` aside: the record it names is X),
 * or converted from one that is nullable (`anyOf: [{allOf: [X]}, {type: null}]`, see `fromOpenApi30`); else the schema.
 */
export function soleAllOfPart(schema: JsonSchema): JsonSchema {
  const orNull = schema.anyOf?.length === 2 && schema.allOf === undefined ? schema.anyOf.filter(alternative => !(alternative.type === 'null' && Object.keys(alternative).length === 1)) : [];
  const [nonNull] = orNull;
  if (orNull.length === 1 && nonNull !== undefined && Object.keys(schema).every(keyword => ['anyOf', 'description', 'title', 'example', 'examples'].includes(keyword))) return soleAllOfPart(nonNull);
  const [part] = schema.allOf ?? [];
  const substantive = Object.keys(schema).filter(keyword => !['allOf', 'description', 'title', 'nullable', 'example', 'examples'].includes(keyword));
  return schema.allOf?.length === 1 && part !== undefined && substantive.length === 0 ? part : schema;
}

/** What may stand beside a wrapped record: hypermedia and facts of the document (JSON:API's top level), not data of it. */
const BESIDE_ENVELOPE = new Set(['links', '_links', 'meta', '_meta', 'included', 'jsonapi']);

/** Names of properties that carry hypermedia beside a record (HAL, JSON:API, Spring HATEOAS), not data of it. */
const LINK_PROPERTIES = new Set(['links', '_links', 'link', '_embedded', 'meta', '_meta']);

/**
 * A record answered with its links beside it (`allOf: [Booking, {properties: {links}}]`, as the Train
 * Travel API answers one booking): the record's own schema (the very object its list refers to), and
 * the schema of what stands beside it; undefined when the schema is not so written.
 */
export function recordBesideLinks(schema: JsonSchema | undefined): { record: JsonSchema; links: JsonSchema } | undefined {
  if (schema?.allOf === undefined || schema.allOf.length < 2) return undefined;
  const isLinks = (part: JsonSchema): boolean => {
    const names = Object.keys(mergeAllOf(part).properties ?? {});
    return names.length > 0 && names.every(name => LINK_PROPERTIES.has(name));
  };
  const records = schema.allOf.filter(part => !isLinks(part));
  const [record] = records;
  if (records.length !== 1 || record === undefined || Object.keys(mergeAllOf(record).properties ?? {}).length === 0) return undefined;
  const links = mergeAllOf({ allOf: schema.allOf.filter(part => part !== record) });
  return { record, links: { ...links, type: 'object' } };
}

function normalized(name: string): string {
  return name.toLowerCase().replaceAll(/[_-]/g, '');
}

