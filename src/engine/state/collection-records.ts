import type { OpenAPIV3_1 } from 'openapi-types';
import { fillResourceName, mergeAllOf, nameUnder, timeFormatOf, resolvedDefinitionOf, typeIncludes, type JsonSchema, type OperationPlan, type PetstoreDocument, type Resource } from '../../document/index.js';
import { createPetFaker } from '../../fixtures/pet-faker.js';
import { inOrderOfEvents } from '../../fixtures/event-times.js';
import { fakeValue, isSmall, withDiscriminatorValues } from '../../fixtures/schema-values.js';
import { deriveSeed, type CollectionState } from '../../sessions/index.js';
import type { RecordShape, RecordKey, StoredRecord } from '../../store/index.js';
import { runToEnd, type Step } from '../../scheduling/index.js';
import { unlessEvalBlocked } from '../schema/eval-blocked.js';
import { compileEntriesOffThread, describeSchemaProblems, findSchemaProblems, type SchemaProblem } from '../schema/index.js';
import { pointCopies } from './record-copies.js';
import { withArticle } from '../../text/index.js';

/** What draws a record's assigned values: the seed, and the mock's clock (an assigned date is now). */
export interface RecordDraw {
  readonly seed: number;
  readonly now: Date;
}

/** Properties a resource's stores never keep: arrays of another resource's records, filled when answered (`Owner.pets`). */
export function embeddedProperties(resource: Resource): ReadonlySet<string> {
  return new Set(resource.embeds.map(embed => embed.property));
}

/** What the stores keep of a resource's records, and how a new record's key is made (seeded, per resource). */
export function collectionShape(resource: Resource, seed: number, defaultStatus: RecordShape['defaultStatus'] = null): Required<RecordShape> {
  const { key } = resource;
  const embedded = embeddedProperties(resource);
  const drawKey =
    key.kind === 'uuid' || key.kind === 'generated'
      ? (number: number): string => {
          const faker = createPetFaker(deriveSeed(seed, resource.name, 'key', number));
          if (key.kind === 'uuid') return faker.string.uuid();
          // A resource name (`memos/{memo}`): its template, each part a drawn id.
          if (key.resourceName !== undefined) return fillResourceName(key.resourceName, () => faker.string.alphanumeric({ length: 12, casing: 'lower' })) ?? String(number);
          const drawn = fakeValue(key.schema, key.property, { faker, now: new Date(0) });
          return typeof drawn === 'string' || typeof drawn === 'number' ? String(drawn) : faker.string.alphanumeric(12);
        }
      : undefined;
  return {
    fields: resource.fields.filter(field => !embedded.has(field)),
    idProperty: key.property,
    idBounds: key.bounds,
    defaultStatus,
    keyKind: key.kind,
    drawKey,
    // A resource name is made before the store keeps the record (see newResourceName), from the path's values.
    acceptsClientKey: key.acceptsClientKey || key.resourceName !== undefined,
    numbered: resource.numbered,
  };
}

/**
 * `record` with what the service assigns filled in (each required property it lacks, and each
 * optional `readOnly` one, drawn from its schema, seeded by the record's key and the property's
 * name: a date is the clock's), and each time `alsoStamped` names (a create's times the service sets),
 * checked against the resource's schema. Embedded arrays are checked as present and never kept.
 */
export function completeRecord(record: Readonly<Record<string, unknown>>, resource: Resource, draw: RecordDraw, alsoStamped: readonly string[] = []): { record: StoredRecord } | { problem: string } {
  const filled = filledRecord(record, resource, draw, alsoStamped);
  return checkedAs(asChecked(filled, resource), filled, resource);
}

/** `record` with what the service assigns filled in (see completeRecord), not checked. */
function filledRecord(record: Readonly<Record<string, unknown>>, resource: Resource, draw: RecordDraw, alsoStamped: readonly string[]): Record<string, unknown> {
  const completed: Record<string, unknown> = { ...record };
  const key = String(completed[resource.key.property]);
  const embedded = embeddedProperties(resource);
  const properties = resource.schema.properties ?? {};
  const required = new Set(resource.schema.required ?? []);
  const stamped = alsoStamped.length === 0 ? stampedTimes(resource) : [...stampedTimes(resource), ...alsoStamped];
  for (const [name, schema] of Object.entries(properties)) {
    if (completed[name] !== undefined || name === resource.key.property || embedded.has(name) || schema.writeOnly === true) continue;
    if (!required.has(name) && schema.readOnly !== true && !stamped.includes(name)) continue;
    // Required but nullable, and not sent: nothing to say (OpenAI's `description: null`), not invented text.
    if (required.has(name) && isNullable(schema)) {
      completed[name] = null;
      continue;
    }
    completed[name] = fakeValue(schema, name, { faker: createPetFaker(deriveSeed(draw.seed, key, name)), now: draw.now, assigned: true });
  }
  return completed;
}

/**
 * A filled record, `checked` against the resource's schema as asChecked shows it. A record the mock `drew` (a seed)
 * that breaks the schema only in optional properties is kept without them, where it then fits: a property no drawn
 * value fits (PeerTube's pattern written with its slashes, `/^[a-z0-9._]+$/`; Interactive Brokers' `Side`, a string
 * of `enum: [1, 2]`) is left out of every seed, as a client may leave it out, rather than every seed left out. A
 * record a client sent is never changed so.
 */
function checkedAs(checked: Record<string, unknown>, completed: Record<string, unknown>, resource: Resource, drawn = false): { record: StoredRecord } | { problem: string } {
  const problems = unlessEvalBlocked(() => findSchemaProblems(checked, resource.schema), []).filter(problem => !isWriteOnlyMissing(problem, resource));
  if (problems.length === 0) return { record: completed };
  const broken = drawn ? optionalPropertiesBroken(problems, resource) : undefined;
  if (broken !== undefined) {
    const without = (record: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(record).filter(([name]) => !broken.has(name)));
    const again = unlessEvalBlocked(() => findSchemaProblems(without(checked), resource.schema), []);
    if (again.length === 0) return { record: without(completed) };
  }
  return { problem: describeSchemaProblems(problems) };
}

/**
 * Whether a problem is only that the record lacks a `writeOnly` property its schema requires: a record
 * is kept as its answers show it, without them (bunq's devices require their `secret`, which OpenAPI
 * requires of requests only), and every create was refused as "must have required property 'secret'".
 */
function isWriteOnlyMissing(problem: SchemaProblem, resource: Resource): boolean {
  if (problem.keyword !== 'required' || problem.path !== '') return false;
  const name = /required property '(.+)'$/.exec(problem.message)?.[1];
  return name !== undefined && resource.writeOnlyFields.includes(name);
}

/** The optional properties a record's problems are all within (`reporterAccount` of `reporterAccount.name`), or undefined where one is not (the record itself, a required property, the key). */
function optionalPropertiesBroken(problems: readonly SchemaProblem[], resource: Resource): ReadonlySet<string> | undefined {
  const required = new Set(resource.schema.required ?? []);
  const names = new Set<string>();
  for (const { path } of problems) {
    const name = path.split('.')[0] ?? '';
    if (name === '' || required.has(name) || name === resource.key.property) return undefined;
    names.add(name);
  }
  return names;
}

/**
 * Records the mock drew for a collection (its seeds), each as `checkedAs` keeps a drawn one (without optional
 * properties that break the schema), those that still break it left out; and why the first of those did.
 */
export function fittingDrawnRecords(records: readonly StoredRecord[], resource: Resource): { records: StoredRecord[]; refused?: string } {
  const kept: StoredRecord[] = [];
  let refused: string | undefined;
  for (const record of records) {
    const checked = checkedAs(asChecked(record, resource), record, resource, true);
    if ('record' in checked) kept.push(checked.record);
    else refused ??= checked.problem;
  }
  return { records: kept, ...(refused !== undefined && { refused }) };
}

/** A filled record as checked: each embedded array as present (and empty). */
function asChecked(completed: Record<string, unknown>, resource: Resource): Record<string, unknown> {
  const embedded = embeddedProperties(resource);
  return embedded.size === 0 ? completed : { ...completed, ...Object.fromEntries([...embedded].map(name => [name, []])) };
}

/**
 * `record` filled and checked as completeRecord does, in steps: first a step that has the validators
 * the check reaches (shared and recursive schemas, compiled when a value first reaches them) compiled
 * off the event loop (compileEntriesOffThread), then the check. DigitalOcean's first read of its apps
 * compiled them on the main thread, in the middle of the first record's check, holding every client 0.4 s.
 */
function* completedInSteps(record: Readonly<Record<string, unknown>>, resource: Resource, draw: RecordDraw, drawn = false): Generator<Step, { record: StoredRecord } | { problem: string }, void> {
  const filled = filledRecord(record, resource, draw, []);
  const checked = asChecked(filled, resource);
  yield () => compileEntriesOffThread(() => void findSchemaProblems(checked, resource.schema));
  return checkedAs(checked, filled, resource, drawn);
}

/**
 * The times a service stamps on its records where the client sends none (AIP-148's `create_time` and
 * `update_time`, any case: `createTime`, `updateTime`), date-times: the mock's clock on a create, and
 * `update_time` again on each update (see updateTimes).
 */
export function stampedTimes(resource: Resource): readonly string[] {
  return resource.fields.filter(name => STAMPED_TIMES.has(name.toLowerCase().replaceAll('_', '')) && timeFormatOf(mergeAllOf(resource.schema.properties?.[name] ?? {})) === 'date-time');
}

/** The stamped times an update renews (`updateTime`). */
export function updateTimes(resource: Resource): readonly string[] {
  return stampedTimes(resource).filter(name => name.toLowerCase().replaceAll('_', '') === 'updatetime');
}

const STAMPED_TIMES = new Set(['createtime', 'updatetime']);

/**
 * The check `completeRecord` makes of the resource's records, run once on an empty record: where Prism's
 * validator records compiles instead of making them (engine/schema compileOffThread), its schema's
 * compile is recorded, to be made off the event loop before a request first needs it.
 */
export function checkRecordsOf(resource: Resource): void {
  unlessEvalBlocked(() => findSchemaProblems({}, resource.schema), []);
}

/** Whether a schema takes `null` (`nullable: true` as converted, `type: [..., null]`, or a null alternative). */
export function isNullable(schema: JsonSchema): boolean {
  const merged = mergeAllOf(schema);
  return typeIncludes(merged, 'null') || merged.nullable === true || [...(merged.oneOf ?? []), ...(merged.anyOf ?? [])].some(alternative => typeIncludes(alternative, 'null'));
}

/**
 * What every store of each collection but the first starts from: the records its list (or read)
 * operation's example shows, where it has one that fits; else `count` records generated from its
 * schema, seeded by the collection's name (one collection's records do not move another's), keys
 * assigned as the store would, each foreign key naming a record its parent collection starts with.
 * Each collection's records are made on first use (a store of it opened, or its state read), not
 * when the document is adopted: checking them compiles its schema, which for a document of
 * Stripe's size (150 collections) took most of a minute at start. Whatever the order of first use,
 * a collection's records are the ones made in parents-first order: a parent after it in that order
 * (a cycle) gives it no foreign keys, as when every collection was made at start.
 */
export function seedCollections(
  document: PetstoreDocument,
  options: {
    seed: number;
    count: number;
    now: Date;
    primaryRecords?: readonly StoredRecord[];
    given?: Readonly<Record<string, readonly object[]>> | undefined;
    /** Told of a collection that starts with fewer records than `count`, because those made from its schema do not fit it. */
    onShortSeeding?: ((message: string) => void) | undefined;
  },
): Map<string, CollectionState> {
  const primary = document.firstCollection.resource.name;
  const ordered = inParentOrder(document);
  const place = new Map(ordered.map((resource, index) => [resource.name, index]));
  const made = new Map<string, readonly StoredRecord[]>();
  // A collection's records, made a record at a time (a request's first use of a big document's
  // collection makes them between other clients' requests), or at once where a store needs them now.
  const recordsInSteps = function* (resource: Resource): Generator<Step, readonly StoredRecord[], void> {
    const known = made.get(resource.name);
    if (known !== undefined) return known;
    const shape = collectionShape(resource, options.seed);
    const given = options.given?.[resource.name] as StoredRecord[] | undefined;
    // The parents made before it in parents-first order, each made (once) when first needed.
    const before = new Map<string, readonly StoredRecord[]>();
    for (const parent of parentResources(document, resource)) {
      if ((place.get(parent.name) ?? 0) < (place.get(resource.name) ?? 0)) before.set(parent.name, yield* recordsInSteps(parent));
    }
    const examples = resource.name === primary || given !== undefined ? undefined : yield* exampleRecordsInSteps(document, resource, options);
    let records: readonly StoredRecord[];
    if (resource.name === primary) records = [...(options.primaryRecords ?? [])];
    else if (given !== undefined || examples !== undefined) records = given ?? examples ?? [];
    else {
      const generated = yield* generateRecordsInSteps(document, resource, shape, before, options);
      if (generated.length < options.count && generated.refused !== undefined) tellShortSeeding(options.onShortSeeding, resource, generated.length, options.count, generated.refused);
      records = pointCopies(pointIdentifiers(document, generated, name => keysOf(name), options.seed), resource, name => keysOf(name), options.seed);
    }
    // Made meanwhile by a store that needed them at once: those stay, the same records.
    const madeMeanwhile = made.get(resource.name);
    if (madeMeanwhile !== undefined) return madeMeanwhile;
    made.set(resource.name, records);
    return records;
  };
  const recordsOf = (resource: Resource): readonly StoredRecord[] => runToEnd(recordsInSteps(resource));
  // The keys each collection starts with, for the identifiers other records hold (`{type: "todoItems", id}`): those of its
  // records where they are made already, else of its records as made without the identifiers they hold pointed anywhere.
  const keysOf = (name: string): readonly unknown[] => {
    const resource = document.resources.byName.get(name);
    if (resource === undefined) return [];
    const records = made.get(name) ?? (name === primary ? options.primaryRecords : (options.given?.[name] as readonly StoredRecord[] | undefined)) ?? startingRecordsUnpointed(document, resource, options);
    return records.map(record => record[resource.key.property]);
  };
  const states = new Map<string, CollectionState>();
  for (const resource of ordered) {
    if (resource.name === primary) continue;
    let initial: readonly StoredRecord[] | undefined;
    states.set(resource.name, {
      shape: collectionShape(resource, options.seed),
      get initial() {
        return (initial ??= recordsOf(resource));
      },
      *initialInSteps() {
        if (initial === undefined) {
          const records = yield* recordsInSteps(resource);
          initial ??= records;
        }
        return initial;
      },
    });
  }
  return states;
}

/**
 * The first collection's seeded records where its key is not a whole number the store counts
 * (a uuid, a username): drawn as every other collection's are. (A whole-number key keeps the
 * fixtures' generator, whose seeds the Animal Store's users rely on.)
 */
export function seedRecordsOf(document: PetstoreDocument, resource: Resource, options: { seed: number; count: number; now: Date }): StoredRecord[] {
  const records = generateRecords(document, resource, collectionShape(resource, options.seed), new Map(), options);
  const keysOf = (name: string): unknown[] => {
    const other = document.resources.byName.get(name);
    const keys = other === undefined ? [] : other === resource ? records : startingRecordsUnpointed(document, other, options);
    return keys.map(record => record[other?.key.property ?? '']);
  };
  return pointCopies(pointIdentifiers(document, records, keysOf, options.seed), resource, keysOf, options.seed);
}

/**
 * The first collection's records (generated as the fixtures generate pets) with the copies they hold
 * of other collections' records (`Subscriber.lists[]`) naming records those start with.
 */
export function withCopiesPointed(document: PetstoreDocument, resource: Resource, records: StoredRecord[], options: { seed: number; count: number; now: Date }): StoredRecord[] {
  if (resource.copies.length === 0) return records;
  return pointCopies(records, resource, name => {
    const other = document.resources.byName.get(name);
    return other === undefined ? [] : startingRecordsUnpointed(document, other, options).map(record => record[other.key.property]);
  }, options.seed);
}

const unpointed = new WeakMap<PetstoreDocument, Map<string, readonly StoredRecord[]>>();

/** A collection's starting records (its list example's, else generated), the identifiers they hold not yet pointed at others: for their keys. Made once per document, seed and count. */
function startingRecordsUnpointed(document: PetstoreDocument, resource: Resource, options: { seed: number; count: number; now: Date }): readonly StoredRecord[] {
  const known = unpointed.get(document) ?? new Map<string, readonly StoredRecord[]>();
  unpointed.set(document, known);
  const id = `${resource.name}\u0000${options.seed}\u0000${options.count}`;
  let records = known.get(id);
  if (records === undefined) known.set(id, (records = runToEnd(exampleRecordsInSteps(document, resource, options)) ?? generateRecords(document, resource, collectionShape(resource, options.seed), new Map(), options)));
  return records;
}

/** How deep in a record identifiers are looked for. */
const IDENTIFIER_DEPTH = 6;

/**
 * Seeded records with the identifiers they hold (`{type: "todoItems", id}`, JSON:API's relationships:
 * an object below the record whose `type` names a collection and that has that collection's key
 * property) pointed at records that collection starts with, drawn from the record's own stream; an
 * array holding one identifier twice keeps it once.
 */
function pointIdentifiers(document: PetstoreDocument, records: StoredRecord[], keysOf: (name: string) => readonly unknown[], seed: number): StoredRecord[] {
  const { byName } = document.resources;
  const text = JSON.stringify(records);
  if (![...byName.keys()].some(name => text.includes(`"type":${JSON.stringify(name)}`))) return records;
  records.forEach((record, index) => {
    const faker = createPetFaker(deriveSeed(seed, 'identifiers', index));
    const visit = (value: unknown, depth: number): void => {
      if (depth > IDENTIFIER_DEPTH || typeof value !== 'object' || value === null) return;
      if (Array.isArray(value)) {
        value.forEach(each => visit(each, depth + 1));
        const seen = new Set<string>();
        for (let at = value.length - 1; at >= 0; at -= 1) {
          const item = value[at] as Record<string, unknown> | null;
          const identity = typeof item === 'object' && item !== null && typeof item['type'] === 'string' ? `${item['type']}\u0000${String(item['id'])}` : undefined;
          if (identity !== undefined && seen.has(identity)) value.splice(at, 1);
          else if (identity !== undefined) seen.add(identity);
        }
        return;
      }
      const object = value as Record<string, unknown>;
      const named = depth > 0 && typeof object['type'] === 'string' ? byName.get(object['type']) : undefined;
      if (named !== undefined && Object.hasOwn(object, named.key.property)) {
        const keys = keysOf(named.name).filter(key => key !== undefined);
        const held = object[named.key.property];
        const chosen = keys.length > 0 ? faker.helpers.arrayElement(keys) : undefined;
        if (typeof chosen === 'string' || typeof chosen === 'number') object[named.key.property] = typeof held === 'string' ? String(chosen) : chosen;
      }
      for (const child of Object.values(object)) visit(child, depth + 1);
    };
    visit(record, 0);
  });
  return records;
}

/** Parents before their children, so that a child's foreign keys can name seeded parents. */
function inParentOrder(document: PetstoreDocument): Resource[] {
  const { resources } = document;
  const ordered: Resource[] = [];
  const visiting = new Set<string>();
  const visit = (resource: Resource): void => {
    if (ordered.includes(resource) || visiting.has(resource.name)) return;
    visiting.add(resource.name);
    for (const parent of parentResources(document, resource)) visit(parent);
    ordered.push(resource);
  };
  for (const resource of resources.resources) visit(resource);
  return ordered;
}

/** A collection a resource's records point at: the child's property holding one of its records' `property` (its key, or its number). */
export interface ParentReference {
  readonly resource: Resource;
  readonly foreignKey: string;
  readonly property: string;
  /** Found by the property's name alone, no path or embedding saying so. */
  readonly byName?: true;
  /** The child's object that embeds the parent (`customer`), `foreignKey` being the parent's key inside it (`external_id`). */
  readonly within?: string;
}

/**
 * The collections a resource's records point at by a foreign key: by nested paths, by embedding,
 * and by name where no path says so (Baby Buddy's `Note.child`, a whole number naming a record of
 * `/api/children/` by its number; `petId`, `owner_id`), in the type of what it names.
 */
export function parentsOf(document: PetstoreDocument, child: Resource): ParentReference[] {
  const found = new Map<string, ParentReference>();
  const { resources } = document;
  for (const plan of resources.plans.values()) {
    if (plan.resource !== child.name) continue;
    for (const parent of plan.parents) {
      const resource = resources.byName.get(parent.resource);
      if (resource && parent.foreignKey !== undefined) found.set(parent.foreignKey, { resource, foreignKey: parent.foreignKey, property: resource.key.property });
      const embedded = parent.foreignKeyIn;
      if (resource && embedded !== undefined) found.set(embedded.object, { resource, foreignKey: embedded.property, property: resource.key.property, within: embedded.object });
    }
  }
  for (const parent of resources.resources) {
    for (const embed of parent.embeds) if (embed.child === child.name) found.set(embed.foreignKey, { resource: parent, foreignKey: embed.foreignKey, property: parent.key.property });
  }
  for (const [name, schema] of Object.entries(child.schema.properties ?? {})) {
    if (found.has(name) || name === child.key.property || name === child.numbered || schema.readOnly === true) continue;
    const noun = name.replace(/(?:_id|Id|ID)$/, '').toLowerCase();
    const parent = resources.resources.find(resource => resource !== child && resource.singular.toLowerCase() === noun);
    const property = parent && referencedProperty(parent, schema);
    if (parent && property !== undefined) found.set(name, { resource: parent, foreignKey: name, property, byName: true });
  }
  return [...found.values()];
}

/** The collections a resource's records point at: by a foreign key, or by the start of their resource name. */
function parentResources(document: PetstoreDocument, child: Resource): Resource[] {
  const named = parentInName(document, child);
  return [...parentsOf(document, child).map(parent => parent.resource), ...(named === undefined ? [] : [named])];
}

/** The parent whose resource name starts the resource's (`users` of `users/{user}/webhooks/{webhook}`), where a path names one so. */
function parentInName(document: PetstoreDocument, child: Resource): Resource | undefined {
  for (const plan of document.resources.plans.values()) {
    const link = plan.resource === child.name ? plan.parents.findLast(parent => parent.inName === true) : undefined;
    if (link !== undefined) return document.resources.byName.get(link.resource);
  }
  return undefined;
}

/** What of `parent`'s records a property of this schema holds: its key where the types agree, else its number for a whole number. */
function referencedProperty(parent: Resource, schema: JsonSchema): string | undefined {
  const merged = mergeAllOf(schema);
  // A property whose schema narrows its values itself (an enum, a pattern, another format than the key's) says more than its name.
  if (merged.enum !== undefined || merged.const !== undefined || merged.pattern !== undefined || (merged.format !== undefined && merged.format !== parent.key.schema.format)) return undefined;
  const whole = typeIncludes(merged, 'integer') || typeIncludes(merged, 'number');
  if (whole) return parent.key.kind === 'sequence' ? parent.key.property : parent.numbered;
  return typeIncludes(merged, 'string') && parent.key.kind !== 'sequence' ? parent.key.property : undefined;
}

function generateRecords(document: PetstoreDocument, resource: Resource, shape: Required<RecordShape>, seeded: ReadonlyMap<string, readonly StoredRecord[]>, options: { seed: number; count: number; now: Date }): StoredRecord[] {
  return runToEnd(generateRecordsInSteps(document, resource, shape, seeded, options));
}

/** `generateRecords`, yielding after each record it draws. */
function* generateRecordsInSteps(
  document: PetstoreDocument,
  resource: Resource,
  shape: Required<RecordShape>,
  seeded: ReadonlyMap<string, readonly StoredRecord[]>,
  options: { seed: number; count: number; now: Date },
): Generator<Step, GeneratedRecords, void> {
  // The record's key and foreign keys from the collection's stream; every other property from a stream of its
  // own (the collection, the record's place, the property's name): a property added, removed or moved changes no other value.
  const faker = createPetFaker(deriveSeed(options.seed, resource.name));
  const embedded = embeddedProperties(resource);
  const skipped = new Set([...embedded, ...resource.writeOnlyFields]);
  const parents = parentsOf(document, resource);
  const nameParent = parentInName(document, resource);
  const records: GeneratedRecords = [];
  const keys = new Set<RecordKey>();
  const required = new Set(resource.schema.required ?? []);
  for (let index = 0; records.length < options.count && index < options.count * 2; index += 1) {
    if (index > 0) yield;
    const record: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(resource.schema.properties ?? {})) {
      // An optional property whose schema refers to itself, or shares a target many times over, is left out, as a client may leave it out.
      if (!skipped.has(name) && (required.has(name) || isSmall(schema))) record[name] = fakeValue(schema, name, { faker: createPetFaker(deriveSeed(options.seed, resource.name, index, name)), now: new Date(0) });
    }
    withDiscriminatorValues(record, resource.schema);
    inOrderOfEvents(record, resource.schema);
    const drawn = keyFor(resource, shape, record, index, faker);
    // A resource name that starts with its parent's (`users/{user}/webhooks/{webhook}`): under a record its parent starts with.
    const namingParent = nameParent === undefined ? [] : (seeded.get(nameParent.name) ?? []);
    const key = typeof drawn === 'string' && namingParent.length > 0 ? nameUnder(drawn, String(faker.helpers.arrayElement(namingParent)[nameParent?.key.property ?? ''])) : drawn;
    if (key === undefined || keys.has(key)) continue;
    record[resource.key.property] = key;
    // Numbered in turn, as the service numbers them, from 1.
    if (resource.numbered !== undefined) record[resource.numbered] = records.length + 1;
    const own = { ...record };
    for (const { resource: parent, foreignKey, property, within } of parents) {
      const candidates = seeded.get(parent.name) ?? [];
      const chosen = candidates.length === 0 ? undefined : faker.helpers.arrayElement(candidates);
      if (within === undefined) record[foreignKey] = chosen ? chosen[property] : undefined;
      else if (chosen !== undefined && typeof record[within] === 'object' && record[within] !== null) record[within] = { ...record[within], [foreignKey]: chosen[property] };
    }
    let completed = yield* completedInSteps(record, resource, { seed: options.seed, now: options.now }, true);
    // A value a parent gives that the property's own schema refuses (a bound it sets): its own value, as drawn.
    if (!('record' in completed) && parents.some(parent => parent.byName === true)) {
      for (const parent of parents) if (parent.byName === true) record[parent.foreignKey] = own[parent.foreignKey];
      completed = runToEnd(completedInSteps(record, resource, { seed: options.seed, now: options.now }, true));
    }
    if (!('record' in completed)) {
      records.refused ??= completed.problem;
      continue;
    }
    keys.add(key);
    records.push(completed.record);
  }
  return records;
}

/** The most of a problem a warning quotes: a log line stays short whatever the document. */
const MOST_PROBLEM_CHARACTERS = 300;

/** Records drawn from a schema, and why the first that did not fit it was left out. */
type GeneratedRecords = StoredRecord[] & { refused?: string };

/**
 * Tells that a collection starts with fewer records than the others, or none, because the records
 * drawn from its schema break it (Linode's `label` pattern refuses every label of three characters):
 * said once, when its records are made, or the collection would look empty for no reason.
 */
export function tellShortSeeding(tell: ((message: string) => void) | undefined, resource: Resource, made: number, wanted: number, problem: string): void {
  try {
    const why = problem.length > MOST_PROBLEM_CHARACTERS ? `${problem.slice(0, MOST_PROBLEM_CHARACTERS)}…` : problem;
    tell?.(`[petstore-mock] ${resource.name} starts with ${made} of ${wanted} records: the records made from the document's schema of ${withArticle(resource.singular)} do not fit it (${why}); records a client creates are kept.`);
  } catch {
    // A listener that throws loses its warning, not the records.
  }
}

function keyFor(resource: Resource, shape: Required<RecordShape>, record: Record<string, unknown>, index: number, faker: ReturnType<typeof createPetFaker>): RecordKey | undefined {
  switch (resource.key.kind) {
    case 'sequence': {
      const key = resource.key.bounds.minimum + index;
      return key <= resource.key.bounds.maximum ? key : undefined;
    }
    case 'client': {
      const drawn = record[resource.key.property];
      if (typeof drawn === 'string' && drawn !== '' && fitsKeySchema(resource, drawn)) return drawn;
      // The path's own constraint on the key (Lago's `{code}` is a `format: uuid`, the record's `code` a plain string).
      const keyed = fakeValue(resource.key.schema, resource.key.property, { faker, now: new Date(0) });
      return typeof keyed === 'string' && keyed !== '' ? keyed : faker.string.alphanumeric(10);
    }
    default:
      return shape.drawKey?.(index + 1);
  }
}

/** The records of the collection's list example (or its read example), when every one fits its schema and its key the key's. */
function* exampleRecordsInSteps(document: PetstoreDocument, resource: Resource, draw: RecordDraw): Generator<Step, StoredRecord[] | undefined, void> {
  const plans = [...document.resources.plans.values()].filter(plan => plan.resource === resource.name);
  for (const plan of [...plans.filter(candidate => candidate.role === 'list'), ...plans.filter(candidate => candidate.role === 'read')]) {
    const example = successExample(document, plan);
    if (example === undefined) continue;
    const envelope = plan.success.envelope;
    const listed = plan.role === 'read' ? [envelope === undefined ? example : (example as Record<string, unknown> | null)?.[envelope]] : itemsOf(example, plan);
    if (!Array.isArray(listed) || listed.length === 0) continue;
    const records: StoredRecord[] = [];
    const keys = new Set<unknown>();
    for (const item of listed) {
      if (typeof item !== 'object' || item === null) return undefined;
      const key = (item as Record<string, unknown>)[resource.key.property];
      // A key the item path refuses (`acme_corp` for a `{code}` of `format: uuid`) names a record no client could read.
      if (key === undefined || keys.has(key) || !fitsKeySchema(resource, key)) return undefined;
      keys.add(key);
      const stored = Object.fromEntries(Object.entries(item as Record<string, unknown>).filter(([name]) => resource.fields.includes(name) && !embeddedProperties(resource).has(name)));
      const completed = yield* completedInSteps(stored, resource, draw);
      if (!('record' in completed)) return undefined;
      records.push(completed.record);
    }
    return records;
  }
  return undefined;
}

/** Whether a key is one the key's schema allows, with the constraints its path parameter adds (see findKey). */
/** Whether a key is one the key's schema (with its item path's constraints) takes: a key a client sent may not be (see `keyNoPathReaches`). */
export function fitsKeySchema(resource: Resource, key: unknown): boolean {
  return findSchemaProblems(key, resource.key.schema).length === 0;
}

function itemsOf(example: unknown, plan: OperationPlan): unknown {
  if (plan.shape?.kind !== 'wrapped') return example;
  let at = example;
  for (const name of plan.shape.items) at = (at as Record<string, unknown> | null)?.[name];
  return at;
}

function successExample(document: PetstoreDocument, plan: OperationPlan): unknown {
  const definition = resolvedDefinitionOf(document, plan.operationId);
  const response = definition?.responses?.[String(plan.success.status)] as OpenAPIV3_1.ResponseObject | undefined;
  const content = Object.entries(response?.content ?? {}).find(([mediaType]) => /json/i.test(mediaType))?.[1];
  if (!content) return undefined;
  if (content.example !== undefined) return content.example;
  const first = Object.values(content.examples ?? {})[0] as OpenAPIV3_1.ExampleObject | undefined;
  return first?.value ?? (content.schema as JsonSchema | undefined)?.example;
}
