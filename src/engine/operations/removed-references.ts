import { mergeAllOf, type JsonSchema, type OperationPlan, type Resource } from '../../document/index.js';
import { otherPropertyHeld } from './parent-keys.js';
import { StoreFullError, type RecordKey, type RecordStore } from '../../store/index.js';
import { isNullable } from '../state/collection-records.js';

/**
 * A place where records of one collection name records of another: a parent that holds its
 * children's keys (JSON:API's `relationships.assignedTodoItems.data[].id`, or one in
 * `relationships.assignee.data`), or a child whose property holds its parent's key (`Pet.ownerId`).
 */
export type RecordReference =
  | { readonly kind: 'held'; readonly holder: string; readonly path: readonly string[]; readonly key: string | undefined; readonly one: boolean }
  | { readonly kind: 'foreign-key'; readonly child: string; readonly property: string; readonly parameter: string };

/** Every place that names a collection's records, by the collection named: read once from the plans, and the copies records hold (`Subscriber.lists[].id`). */
export function recordReferences(plans: ReadonlyMap<string, OperationPlan>, resources: readonly Resource[]): (name: string) => readonly RecordReference[] {
  const byName = new Map<string, Map<string, RecordReference>>();
  const add = (name: string, reference: RecordReference): void => {
    let references = byName.get(name);
    if (references === undefined) byName.set(name, (references = new Map<string, RecordReference>()));
    references.set(JSON.stringify(reference), reference);
  };
  for (const plan of plans.values()) {
    for (const parent of plan.parents) {
      if (parent.holds !== undefined) add(plan.resource, { kind: 'held', holder: parent.resource, path: parent.holds.path, key: parent.holds.key, one: parent.holds.one === true });
      if (parent.foreignKey !== undefined) add(parent.resource, { kind: 'foreign-key', child: plan.resource, property: parent.foreignKey, parameter: parent.parameter });
    }
  }
  for (const resource of resources) {
    for (const copies of resource.copies) add(copies.collection, { kind: 'held', holder: resource.name, path: [copies.property], key: copies.key, one: false });
  }
  const none: readonly RecordReference[] = [];
  const lists = new Map([...byName].map(([name, references]) => [name, [...references.values()]]));
  return name => lists.get(name) ?? none;
}

/**
 * After a record is removed, the records that named it say so, where their schema can (decision
 * 0020): a list of keys drops it (a read of the parent no longer lists the deleted child); a single
 * key, or a child's foreign key, becomes `null` where its schema takes null, and is left out where
 * it is optional; where it is required and never null it is left as it is (a read through it is a
 * 404), since the document says nothing of cascading or refusing. Stores the write may not change
 * (another scope's) are left alone.
 */
export function forgetRemoved(
  removed: { readonly resource: Resource; readonly key: RecordKey; readonly record: Readonly<Record<string, unknown>> },
  references: readonly RecordReference[],
  stores: { readonly changedStoreOf: (name: string) => RecordStore | undefined; readonly resourceOf: (name: string) => Resource },
): void {
  const naming = (value: unknown): ((held: unknown) => boolean) => held => (typeof held === 'string' || typeof held === 'number') && String(held) === String(value);
  for (const reference of references) {
    const owner = stores.resourceOf(reference.kind === 'held' ? reference.holder : reference.child);
    const store = stores.changedStoreOf(owner.name);
    if (store === undefined) continue;
    const named = naming(reference.kind === 'held' ? removed.key : heldOfRemoved(removed, reference));
    for (const record of store.view({ limit: Number.POSITIVE_INFINITY, where: {} })) {
      const changed = reference.kind === 'held' ? withoutHeldKey(record, owner.schema, reference, named) : withoutForeignKey(record, owner.schema, reference.property, named);
      if (changed === undefined) continue;
      try {
        store.update(changed);
      } catch (error) {
        // A record made smaller cannot outgrow the budget; were it to, the record keeps the key, as before.
        if (!(error instanceof StoreFullError)) throw error;
      }
    }
  }
}

/** What a child's foreign key holds of the removed parent: its key, or the other property it holds (as the create stored it). */
function heldOfRemoved(removed: { readonly resource: Resource; readonly key: RecordKey; readonly record: Readonly<Record<string, unknown>> }, reference: Extract<RecordReference, { kind: 'foreign-key' }>): unknown {
  const held = otherPropertyHeld(removed.resource, reference.parameter, reference.property);
  return held === undefined ? removed.key : removed.record[held];
}

function withoutForeignKey(record: Readonly<Record<string, unknown>>, schema: JsonSchema, property: string, named: (value: unknown) => boolean): Record<string, unknown> | undefined {
  if (!named(record[property])) return undefined;
  const fallback = emptied(schema, property);
  if (fallback === KEPT) return undefined;
  const changed: Record<string, unknown> = { ...record };
  if (fallback === LEFT_OUT) Reflect.deleteProperty(changed, property);
  else changed[property] = null;
  return changed;
}

function withoutHeldKey(
  record: Readonly<Record<string, unknown>>,
  schema: JsonSchema,
  reference: Extract<RecordReference, { kind: 'held' }>,
  named: (value: unknown) => boolean,
): Record<string, unknown> | undefined {
  const copy: Record<string, unknown> = { ...record };
  // Copied along the path (records are frozen), each object's schema beside it.
  let at = copy;
  let atSchema: JsonSchema | undefined = schema;
  for (const name of reference.path.slice(0, -1)) {
    const next = at[name];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) return undefined;
    const nextCopy = { ...(next as Record<string, unknown>) };
    at[name] = nextCopy;
    at = nextCopy;
    atSchema = propertyOf(atSchema, name);
  }
  const last = reference.path.at(-1);
  if (last === undefined) return undefined;
  const held = at[last];
  const keyOf = (item: unknown): unknown => (reference.key === undefined ? item : typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[reference.key] : undefined);
  if (Array.isArray(held)) {
    const kept = held.filter(item => !named(keyOf(item)));
    if (kept.length === held.length) return undefined;
    at[last] = kept;
    return copy;
  }
  if (!reference.one || !named(keyOf(held))) return undefined;
  const fallback = atSchema === undefined ? KEPT : emptied(atSchema, last);
  if (fallback === KEPT) return undefined;
  if (fallback === LEFT_OUT) Reflect.deleteProperty(at, last);
  else at[last] = null;
  return copy;
}

const KEPT = Symbol('kept');
const LEFT_OUT = Symbol('left out');

/** What a property naming a removed record becomes: null where its schema takes it, else left out where optional, else kept. */
function emptied(objectSchema: JsonSchema, property: string): null | typeof LEFT_OUT | typeof KEPT {
  const schema = propertyOf(objectSchema, property);
  if (schema !== undefined && isNullable(schema)) return null;
  return alternativesOf(objectSchema).some(each => each.required?.includes(property) === true) ? KEPT : LEFT_OUT;
}

function alternativesOf(schema: JsonSchema): JsonSchema[] {
  const merged = mergeAllOf(schema);
  return [merged, ...[...(merged.anyOf ?? []), ...(merged.oneOf ?? [])].flatMap(alternativesOf)];
}

function propertyOf(schema: JsonSchema | undefined, name: string): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  for (const each of alternativesOf(schema)) if (each.properties?.[name] !== undefined) return each.properties[name];
  return undefined;
}
