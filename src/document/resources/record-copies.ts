import { mergeAllOf, typeIncludes, type JsonSchema } from '../json-schema.js';
import type { RecordCopies, Resource } from './resource-model.js';

/** Schema keywords that say nothing of which values a property takes. */
const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'readOnly', 'writeOnly', 'deprecated', 'externalDocs', 'xml', '$comment']);

/**
 * The arrays of `resource` that hold copies of another collection's records: an array named after
 * that collection (`lists`, `list`), of objects holding its key with the key's schema. Arrays its
 * schema embeds by reference (`Owner.pets`, filled from the child's store) are not copies.
 */
export function findCopies(resource: Resource, resources: readonly Resource[]): RecordCopies[] {
  const copies: RecordCopies[] = [];
  const embedded = new Set(resource.embeds.map(embed => embed.property));
  for (const [property, schema] of Object.entries(resource.schema.properties ?? {})) {
    const array = mergeAllOf(schema);
    if (embedded.has(property) || !typeIncludes(array, 'array') || array.items === undefined || Array.isArray(array.items)) continue;
    const items = mergeAllOf(array.items).properties ?? {};
    const named = spelling(property);
    const collection = resources.find(other => other !== resource && (spelling(other.name) === named || spelling(other.singular) === named));
    const copied = collection?.schema.properties ?? {};
    const fields = Object.keys(items).filter(name => copied[name] !== undefined && sameValues(items[name] as JsonSchema, copied[name]));
    if (collection === undefined || !fields.includes(collection.key.property)) continue;
    copies.push({ property, collection: collection.name, key: collection.key.property, fields });
  }
  return copies;
}

/** A property's name as another may spell it: case, `-` and `_` aside. */
function spelling(name: string): string {
  return name.toLowerCase().replaceAll(/[_-]/g, '');
}

/** How deep two schemas are compared: schemas may refer to themselves. */
const COMPARED_DEPTH = 6;

/** Whether two schemas take the same values: alike but for annotations (as far as `COMPARED_DEPTH`; deeper, the same object). */
function sameValues(a: JsonSchema, b: JsonSchema): boolean {
  return alike(withoutAnnotations(mergeAllOf(a)), withoutAnnotations(mergeAllOf(b)), 0);
}

function alike(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth >= COMPARED_DEPTH || Array.isArray(a) !== Array.isArray(b)) return false;
  const aEntries = Object.entries(a);
  const bRecord = b as Record<string, unknown>;
  return aEntries.length === Object.keys(b).length && aEntries.every(([name, value]) => Object.hasOwn(bRecord, name) && alike(value, bRecord[name], depth + 1));
}

function withoutAnnotations(schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([keyword]) => !ANNOTATIONS.has(keyword)));
}
