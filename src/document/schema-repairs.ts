import { readPattern, type ReadPattern } from './pattern-dialects.js';

/** Values, not schemas: never read for keywords. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

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
  const stack: Place[] = [{ value: source, path: [] }];
  while (stack.length > 0) {
    const { value, path, propertyOf } = stack.pop() as Place;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) stack.push({ value: item, path: [...path, index] });
      continue;
    }
    const object = value as Record<string, unknown>;
    if (propertyOf && typeof object['required'] === 'boolean') found.push({ schema: propertyOf.schema, property: object, name: propertyOf.name, path: placeOf(path) });
    const pattern = object['pattern'];
    if (typeof pattern === 'string') {
      const read = readPattern(pattern);
      if (!('changes' in read) || read.changes.length > 0) patterns.push({ schema: object, read, written: pattern, path: placeOf([...path, 'pattern']) });
    }
    for (const [key, child] of Object.entries(object)) {
      if (DATA_KEYS.has(key)) continue;
      if (key === 'properties' && typeof child === 'object' && child !== null && !Array.isArray(child)) {
        for (const [name, property] of Object.entries(child)) stack.push({ value: property, path: [...path, key, name], propertyOf: { schema: object, name } });
        continue;
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  if (found.length === 0 && patterns.length === 0) return { source, repairs: [] };
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
  return { source: repaired, repairs };
}

/** `$.components.schemas.Pet.properties.name`, with a key that is not a plain name quoted. */
function placeOf(path: readonly (string | number)[]): string {
  return `$${path.map(key => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`)).join('')}`;
}
