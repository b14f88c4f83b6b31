import { fieldNameKey, mergeAllOf, type ParentLink, type Resource } from '../../document/index.js';
import type { RecordKey, RecordStore } from '../../store/index.js';
import { isJsonObject, setAt, valueAt } from '../../json-values/index.js';

/** Where a record holds a parent's key: a property of its own (`ownerId`), or one inside an object embedding the parent (`customer.external_id`). */
export type ParentKeyPlace = { readonly flat: string } | { readonly object: string; readonly property: string };

/** Where a path's parent link says the child holds its parent's key; undefined where it holds none. */
export function parentKeyPlace(link: ParentLink): ParentKeyPlace | undefined {
  if (link.foreignKey !== undefined) return { flat: link.foreignKey };
  return link.foreignKeyIn;
}

/**
 * The property of the parent a child's `property` holds, where the path names the parent by
 * `parameter`: the other property the path names it by, where the path names it by that alone and
 * the child's property is named as the parameter (an issue comment's `issue_number` of
 * `/issues/{issue_number}/comments` holds the issue's `number`); else undefined: it holds the key.
 */
export function otherPropertyHeld(parent: Resource, parameter: string, property: string | undefined): string | undefined {
  const other = parent.otherKeys?.[parameter];
  return other !== undefined && !other.orKey && property !== undefined && fieldNameKey(property) === fieldNameKey(parameter) ? other.property : undefined;
}

/** The parent's key a record holds at a place (`record.customer.external_id`). */
export function parentKeyIn(record: Readonly<Record<string, unknown>>, place: ParentKeyPlace): unknown {
  if ('flat' in place) return record[place.flat];
  const object = record[place.object];
  return isJsonObject(object) ? object[place.property] : undefined;
}

/**
 * The properties that make a record name its parent by `key`: the flat property, or the embedding
 * object (`customer`) as the parent's record shows in it (the properties the object's schema declares,
 * from the parent's stored record where it exists), over what the client sent of it, the key last.
 */
export function parentKeyFields(child: Resource, place: ParentKeyPlace, key: RecordKey | undefined, parent: { store: RecordStore; sent: unknown }): Record<string, unknown> {
  if ('flat' in place) return { [place.flat]: key };
  const declared = mergeAllOf(child.schema.properties?.[place.object] ?? {}).properties ?? {};
  const stored = key === undefined ? undefined : parent.store.get(key);
  const shown = stored === undefined ? {} : Object.fromEntries(Object.keys(declared).flatMap(name => (stored[name] === undefined ? [] : [[name, stored[name]]])));
  return { [place.object]: { ...(isJsonObject(parent.sent) ? parent.sent : {}), ...shown, [place.property]: key } };
}

/**
 * The parent's record with a created child added to the array of children it holds (a plan's
 * `charges` for `POST /plans/{code}/charges`): the key itself in an array of keys, else the child's
 * properties the array's items declare (the whole charge, or JSON:API's `{type, id}`). Undefined
 * where the parent holds one child (a to-one), already holds it, or holds no such array.
 */
export function withHeldChild(parent: { readonly resource: Resource; readonly record: Readonly<Record<string, unknown>> }, holds: NonNullable<ParentLink['holds']>, child: Readonly<Record<string, unknown>>, childKey: string): Record<string, unknown> | undefined {
  if (holds.one === true || holds.path.length === 0) return undefined;
  let schema = parent.resource.schema;
  for (const name of holds.path) schema = mergeAllOf(mergeAllOf(schema).properties?.[name] ?? {});
  const itemSchema = schema.items === undefined ? undefined : mergeAllOf(schema.items);
  const holding = valueAt(parent.record, holds.path);
  const held = Array.isArray(holding) ? (holding as unknown[]) : [];
  const key = child[childKey];
  if (held.some(item => (holds.key === undefined ? item : isJsonObject(item) ? item[holds.key] : undefined) === key)) return undefined;
  const declared = Object.keys(itemSchema?.properties ?? {});
  const item = holds.key === undefined ? key : Object.fromEntries(declared.flatMap(name => (child[name] === undefined ? [] : [[name, child[name]]])));
  const changed: Record<string, unknown> = { ...parent.record };
  setAt(changed, holds.path, [...held, item]);
  return changed;
}
