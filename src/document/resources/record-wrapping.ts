import { mergeAllOf, typeIncludes, type JsonSchema } from '../json-schema.js';

/**
 * The property of a one-property object that wraps one record, Rails style (`{"article": {...}}`,
 * `{"comment": {...}}`), where it is named after the collection (`articles`, `article`) or is
 * `data`; undefined for any other schema. The wrapped schema must be an object with properties.
 */
export function envelopeOf(schema: JsonSchema | undefined, collection: { readonly name: string; readonly singular: string }): { property: string; inner: JsonSchema } | undefined {
  if (schema === undefined || typeIncludes(schema, 'array')) return undefined;
  const merged = mergeAllOf(schema);
  const entries = Object.entries(merged.properties ?? {});
  const [only] = entries;
  if (entries.length !== 1 || only === undefined) return undefined;
  const [property, inner] = only;
  const names = new Set([normalized(collection.name), normalized(collection.singular), 'data']);
  if (!names.has(normalized(property)) || typeIncludes(inner, 'array')) return undefined;
  return Object.keys(mergeAllOf(inner).properties ?? {}).length > 0 ? { property, inner } : undefined;
}

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

