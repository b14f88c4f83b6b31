import type { IHttpResponse } from '@stoplight/prism-http';
import { fieldNameKey, fillResourceName, firstPageOf, lastParameter, mergeAllOf, namesHeldKey, shownValue, soleAllOfPart, typeIncludes, type JsonSchema, type ListShape, type OperationPlan, type ParentLink, type RangeBound, type RecordRole, type Resource } from '../../document/index.js';
import { createPetFaker } from '../../fixtures/pet-faker.js';
import { deriveSeed } from '../../sessions/index.js';
import { fakeObject, type ValueDraw } from '../../fixtures/schema-values.js';
import { KeyTakenError, StoreFullError, type RecordStore, type RecordKey, type StoredRecord } from '../../store/index.js';
import { errorResponse, jsonResponse } from '../responses/index.js';
import { fitsKeySchema, isNullable, updateTimes } from '../state/collection-records.js';
import { maskedRecord, maskPaths } from './field-mask.js';
import { forgetRemoved, type RecordReference } from './removed-references.js';
import { fieldKeysNamedBy, keptOnReplace, timesSetOnCreate, withUnsentProperties } from '../state/unsent-properties.js';
import { copiesFromKeys } from '../state/record-copies.js';
import type { ParameterValues } from './parameters.js';
import type { ShowRecord } from './shown-records.js';
import { otherPropertyHeld, parentKeyFields, parentKeyIn, parentKeyPlace, withHeldChild } from './parent-keys.js';
import { isJsonObject, setAt } from '../../json-values/index.js';
import { withArticle } from '../../text/index.js';

/** A request Prism routed and found valid, with typed parameters, and what the store needs to answer it. */
export interface RecordInput {
  plan: OperationPlan;
  resource: Resource;
  query: ParameterValues;
  /** The query parameters the request sent (the others in `query` are their defaults). */
  querySent?: ReadonlySet<string>;
  pathParameters: ParameterValues;
  /** The path's values as the request gave them, where pathParameters reads a record named by another property as its key (`{project_name}`: see withOtherKeysResolved). */
  givenPathParameters?: ParameterValues;
  body: unknown;
  /** The body as sent, its envelope kept (`{"alerts": [...]}`). */
  sentBody?: unknown;
  /** The session's store of a collection, by name. */
  storeOf: (name: string) => RecordStore;
  /** The store of another collection a write may change (its changes undone with the write's), or undefined where it may not (another scope's). */
  changedStoreOf: (name: string) => RecordStore | undefined;
  /** The properties the operation's request body declares (as `fieldNameKey` spells them), where it declares an object; else undefined. */
  sendable: ReadonlySet<string> | undefined;
  /** A replace whose body requires nothing: the fields sent change, the rest stay (see DeclaredBody in operation-responder). */
  updatesSentOnly?: boolean;
  /** The places that name a collection's records (`relationships.assignee.data`, `Pet.ownerId`). */
  referencesTo: (name: string) => readonly RecordReference[];
  resourceOf: (name: string) => Resource;
  /** The URL path of a record (an item path with its key, and its parents' from its foreign keys). */
  urlOf: (resource: Resource, record: Readonly<Record<string, unknown>>, given?: Readonly<Record<string, unknown>>) => string | undefined;
  /** The record with what the service assigns filled in, or why it cannot be stored. */
  /** `record` completed as `completeRecord` does; `alsoStamped`, times a create stamps beside those it names. */
  complete: (record: Record<string, unknown>, resource: Resource, alsoStamped?: readonly string[]) => { record: StoredRecord } | { problem: string };
  /** The record as answered: with the records of other collections it embeds (`Owner.pets`). */
  present: (resource: Resource, record: Readonly<Record<string, unknown>>) => unknown;
  /** A presented record as another schema than its own shows it, what that schema requires filled in (see createShowRecord). */
  show: ShowRecord;
  /** The absolute URL of this list with its query changed as given (`undefined` removes a parameter), where the request names its host. */
  listUrl: ((changes: Readonly<Record<string, string | undefined>>) => string | undefined) | undefined;
  /** Told which limit (`maxPets`, `maxStoredBytes`, `idBounds`) refused a write, for the journal. */
  reachLimit: (limit: string) => void;
  /** Whether the operation declares an answer a conflict takes (`409`, `4XX` or `default`): a create of a key taken is refused with it; else the record is replaced. */
  declaresConflict: boolean;
  seed: number;
}

type RecordHandler = (input: RecordInput) => IHttpResponse;

/** What the store does for each role an operation has on a collection or one of its records. */
export const recordOperations: Readonly<Record<RecordRole, RecordHandler>> = {
  list(input) {
    const { plan, resource, query } = input;
    const parentProblem = findMissingParent(input);
    if (parentProblem) return parentProblem;
    const store = input.storeOf(resource.name);
    const where: Record<string, unknown> = {};
    const conditions: ((record: Record<string, unknown>) => boolean)[] = [];
    const ranges = new Map<string, { bound: RangeBound; value: unknown }[]>();
    for (const filter of plan.filters) {
      const value = filter.in === 'path' ? input.pathParameters[filter.parameter] : query[filter.parameter];
      // An empty value (Radarr's calendar: `tags`, default "") names nothing to filter by.
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      if ((Array.isArray(value) ? value : [value]).some(each => filter.filtersNothing?.includes(each) === true)) continue;
      if (filter.match !== 'equals' && filter.match !== 'contains') {
        ranges.set(filter.property, [...(ranges.get(filter.property) ?? []), { bound: filter.match, value: Array.isArray(value) ? value[0] : value }]);
        continue;
      }
      const property = resource.schema.properties?.[filter.property];
      const { itemProperty } = filter;
      const compared = itemProperty === undefined ? property : propertySchemaOf(property?.items, itemProperty);
      const wanted = (Array.isArray(value) ? value : [value]).map(each => inPropertyType(each, compared));
      // A parameter's default (Gitea's pull requests `state=open`) keeps the records that hold no value for it: what the client never sent does not hide them.
      if (itemProperty === undefined && filter.in !== 'path' && input.querySent?.has(filter.parameter) === false) {
        conditions.push(record => record[filter.property] === undefined || (filter.match === 'equals' ? wanted.includes(record[filter.property]) : arrayHolds(record[filter.property], wanted)));
      } else if (filter.match === 'equals' && wanted.length === 1) where[filter.property] = wanted[0];
      else if (filter.match === 'equals') conditions.push(record => wanted.includes(record[filter.property]));
      else if (itemProperty !== undefined) conditions.push(record => Array.isArray(record[filter.property]) && (record[filter.property] as unknown[]).some(item => isJsonObject(item) && wanted.includes(item[itemProperty])));
      else conditions.push(record => arrayHolds(record[filter.property], wanted));
    }
    for (const [property, bounds] of ranges) conditions.push(record => meetsRange(record[property], bounds));
    for (const parent of plan.parents) if (parent.foreignKey !== undefined) where[parent.foreignKey] = parentValue(input, parent);
    for (const parent of plan.parents) {
      if (parent.foreignKeyIn === undefined) continue;
      // The parent's key inside the object that embeds it (`customer.external_id`).
      const key = pathKey(input.resourceOf(parent.resource), input.pathParameters, parent.parameter);
      const place = parent.foreignKeyIn;
      conditions.push(record => parentKeyIn(record, place) === key);
    }
    for (const parent of plan.parents) {
      if (parent.inName !== true) continue;
      // The parent's resource name starts the child's (`users/7/webhooks/abc`).
      const prefix = `${String(pathKey(input.resourceOf(parent.resource), input.pathParameters, parent.parameter))}/`;
      conditions.push(record => String(record[resource.key.property]).startsWith(prefix));
    }
    for (const parent of plan.parents) {
      if (parent.holds === undefined) continue;
      // The children the parent holds the keys of (`relationships.assignedTodoItems.data[].id`).
      const held = new Set(heldBy(input, parent));
      conditions.push(record => held.has(record[resource.key.property]));
    }
    const size = withinMaxItems(plan.paging.size === undefined ? undefined : numberOrNone(query[plan.paging.size]), plan.shape?.maxItems);
    const after = cursorOf(query, plan.paging.after);
    const before = cursorOf(query, plan.paging.before);
    const offset = pageOffset(plan, query, size);
    const plain = plan.listedFields === undefined && conditions.length === 0 && offset === 0 && after === undefined && before === undefined && !isDescending(plan, query) && plan.shape?.kind === 'array' && resource.embeds.length === 0 && resource.key.heldByPath !== true;
    // The Animal Store's list: the stored records themselves (frozen), serialized at once, no copy on the hot path.
    if (plain) return jsonResponse(plan.success.status, store.view({ limit: size ?? Number.POSITIVE_INFINITY, where }));
    const kept = store.view({ limit: Number.POSITIVE_INFINITY, where }).filter(record => conditions.every(condition => condition(record)));
    const matches = isDescending(plan, query) ? [...kept].reverse() : kept;
    const range = cursorRange(input, matches, { after, before, offset, size });
    if ('problem' in range) return range.problem;
    const page = matches.slice(range.start, range.end).map(record => listedRecord(input, record));
    const body =
      plan.shape?.kind === 'wrapped'
        ? wrapPage(plan.shape, page, {
            total: matches.length,
            offset: range.start,
            size,
            plan,
            query,
            seed: input.seed,
            hasMore: range.hasMore,
            keys: { nextCursor: range.hasMore ? keyAt(resource, page.at(-1)) : null, firstKey: keyAt(resource, page.at(0)), lastKey: keyAt(resource, page.at(-1)) },
            // Made only where the wrapper links to other pages: a URL is built and parsed for each.
            urls: () => pageUrls(input, { start: range.start, size, hasMore: range.hasMore, lastKey: keyAt(resource, page.at(-1)) }),
          })
        : page;
    return jsonResponse(plan.success.status, body);
  },

  create(input) {
    const many = recordsSentAtOnce(input);
    if (many !== undefined) return createEach(input, many);
    return createRecord(input, undefined);
  },

  read(input) {
    return nothingHeld(input) ?? withRecord(input, record => jsonResponse(input.plan.success.status, answeredRecord(input, record)));
  },

  replace(input) {
    // A PUT that creates the record it names where none is held (Azure's resources, GitHub's secrets).
    const named = input.plan.createsWhereMissing === undefined ? undefined : keyToCreateAt(input);
    if (named !== undefined) return createRecord(input, named);
    return withRecord(input, existing => {
      const written = sentFields(input);
      const sent = { ...written, ...foreignKeysOf(input, written) };
      if (input.updatesSentOnly === true) return writeRecord(input, { ...existing, ...sent, ...keyOf(input.resource, existing) });
      const kept = keptOnReplace(existing, input.resource, input.sendable);
      // A replace holds what was sent and what the service assigns, nothing made up: what the record requires and was not sent is empty.
      return writeRecord(input, { ...kept, ...withUnsentProperties(sent, input.resource, input.sendable), ...keyOf(input.resource, existing) });
    });
  },

  'replace-by-body': input => {
    const key = (input.body as Record<string, unknown> | null)?.[input.resource.key.property];
    const existing = key === undefined ? undefined : input.storeOf(input.resource.name).get(key as RecordKey);
    if (!existing) return notFound(input.resource, key);
    const kept = keptOnReplace(existing, input.resource, input.sendable);
    return writeRecord(input, { ...kept, ...withUnsentProperties(sentFields(input), input.resource, input.sendable) });
  },

  merge(input) {
    return withRecord(input, existing => {
      const { fieldMask } = input.plan;
      const mask = fieldMask === undefined ? [] : maskPaths(input.query[fieldMask]);
      if (mask.length > 0) {
        const masked = maskedRecord(existing, input.body, mask, input.resource);
        if ('problem' in masked) return errorResponse('invalid_request', `Query parameter ${String(fieldMask)} ${masked.problem}.`);
        return writeRecord(input, { ...masked.record, ...keyOf(input.resource, existing) });
      }
      const merged = new Map(Object.entries(existing));
      const patch = { ...queryPatch(input), ...sentFields(input) };
      for (const [name, value] of Object.entries(patch)) {
        // JSON Merge Patch (RFC 7396): null removes a property; an object is merged into the one held, member by member.
        const held = merged.get(name);
        const schema = propertySchemaOf(input.resource.schema, name);
        if (value === null && !(input.resource.schema.required ?? []).includes(name) && !takesNull(schema)) merged.delete(name);
        else merged.set(name, isJsonObject(value) && isJsonObject(held) ? mergePatched(held, value, schema) : value);
      }
      return writeRecord(input, { ...Object.fromEntries(merged), ...keyOf(input.resource, existing) });
    });
  },

  remove(input) {
    return withRecord(input, record => {
      const key = record[input.resource.key.property] as RecordKey;
      input.storeOf(input.resource.name).remove(key);
      // The records that named it no longer do, where their schema says how (decision 0020).
      forgetRemoved({ resource: input.resource, key, record }, input.referencesTo(input.resource.name), input);
      return answerWith(input, record);
    });
  },

  'read-part': input => withRecord(input, record => answerPart(input, partOf(input, record) ?? emptyPart(input))),

  'merge-part': input =>
    withRecord(input, record => {
      const current = partOf(input, record);
      // JSON Merge Patch of the part (`{"data": [...]}` replaces a relationship's members); a body that is no object replaces it.
      const next = isJsonObject(current) && isJsonObject(input.body) ? mergePatched(current, input.body, input.plan.part?.schema) : input.body;
      return storePart(input, record, next);
    }),

  'add-to-part': input => changePartItems(input, (held, sent) => [...held, ...sent.filter(item => !held.some(each => sameItem(each, item)))]),

  'remove-from-part': input => changePartItems(input, (held, sent) => held.filter(item => !sent.some(each => sameItem(each, item)))),
};

/**
 * The answer to a read of the one record a parent holds the key of (`/todoItems/{id}/assignee`) where
 * the parent exists and holds none (`relationships.assignee.data: null`, or the key of a record since
 * deleted) and the answer may say so:
 * its envelope `null`, what stands beside it generated. Undefined otherwise (the record is looked up).
 */
function nothingHeld(input: RecordInput): IHttpResponse | undefined {
  const holder = input.plan.parents.find(parent => parent.holds?.one === true);
  const { envelope, besideEnvelope, nullableEnvelope } = input.plan.success;
  if (holder === undefined || input.plan.keyParameter !== undefined || envelope === undefined || nullableEnvelope !== true || findMissingParent(input) !== undefined) return undefined;
  // A key of a record since deleted names nothing either.
  const key = heldKey(input, holder);
  if (key !== undefined && input.storeOf(input.resource.name).get(key) !== undefined) return undefined;
  const beside = besideEnvelope === undefined ? {} : fakeObject(besideEnvelope, { faker: createPetFaker(input.seed), now: new Date(0) }, { every: false });
  return jsonResponse(input.plan.success.status, { ...beside, [envelope]: null });
}

/** The key of the one record a parent named by the path holds (`relationships.owner.data.id`). */
function heldKey(input: Pick<RecordLookup, 'pathParameters' | 'storeOf' | 'resourceOf' | 'resource'>, parent: OperationPlan['parents'][number]): RecordKey | undefined {
  const owner = input.resourceOf(parent.resource);
  const key = pathKey(owner, input.pathParameters, parent.parameter);
  let at: unknown = key === undefined ? undefined : input.storeOf(owner.name).get(key);
  for (const name of parent.holds?.path ?? []) at = isJsonObject(at) ? at[name] : undefined;
  const held = parent.holds?.key === undefined || !isJsonObject(at) ? at : at[parent.holds.key];
  return keyValue(input.resource, held);
}

/** The keys of children a parent named by the path holds (`relationships.assignedTodoItems.data[].id`). */
function heldBy(input: Pick<RecordLookup, 'pathParameters' | 'storeOf' | 'resourceOf'>, parent: OperationPlan['parents'][number]): unknown[] {
  const owner = input.resourceOf(parent.resource);
  const key = pathKey(owner, input.pathParameters, parent.parameter);
  let at: unknown = key === undefined ? undefined : input.storeOf(owner.name).get(key);
  for (const name of parent.holds?.path ?? []) at = isJsonObject(at) ? at[name] : undefined;
  if (!Array.isArray(at)) return [];
  const property = parent.holds?.key;
  return property === undefined ? at : at.map(item => (isJsonObject(item) ? item[property] : undefined));
}

/** The part of a record the plan names (`record.relationships.assignedTodoItems`); undefined where the record lacks it. */
function partOf(input: RecordInput, record: Readonly<Record<string, unknown>>): unknown {
  let at: unknown = record;
  for (const name of input.plan.part?.path ?? []) at = isJsonObject(at) ? at[name] : undefined;
  return at;
}

/**
 * A part the record does not hold (a JSON:API person created without relationships): an empty one, its
 * array empty where it holds one (`{"data": []}`), what may be null null (`{"data": null}`), the rest for its answer's schema to complete;
 * undefined where the part is no object (answered as it is).
 */
function emptyPart(input: RecordInput): unknown {
  const part = input.plan.part;
  if (part === undefined || !typeIncludes(mergeAllOf(part.schema), 'object')) return part?.items?.length === 0 ? [] : undefined;
  // What may say "nothing" says it (a to-one's `data: null`), not a record made up.
  const empty: Record<string, unknown> = Object.fromEntries(Object.entries(mergeAllOf(part.schema).properties ?? {}).flatMap(([name, schema]) => (isNullable(schema) ? [[name, null]] : [])));
  if (part.items !== undefined && part.items.length > 0) setAt(empty, part.items, []);
  return empty;
}

/** A part as its operation answers it: what its answer requires beside the part generated, the part's own properties over them. */
function answerPart(input: RecordInput, part: unknown): IHttpResponse {
  const { success } = input.plan;
  if (!success.hasBody) return { statusCode: success.status, headers: {} };
  const schema = success.schema;
  if (schema === undefined || !isJsonObject(part)) return jsonResponse(success.status, part ?? null);
  const declared = new Set(Object.keys(mergeAllOf(schema).properties ?? {}));
  const own = Object.fromEntries(Object.entries(part).filter(([name]) => declared.has(name)));
  return jsonResponse(success.status, { ...fakeObject(schema, { faker: createPetFaker(input.seed), now: new Date(0) }, { every: false }), ...own });
}

/** The record with its part replaced, completed and checked, then stored; answered with the part. */
function storePart(input: RecordInput, record: Readonly<Record<string, unknown>>, part: unknown): IHttpResponse {
  const changed: Record<string, unknown> = { ...record };
  setAt(changed, input.plan.part?.path ?? [], part);
  const completed = input.complete(changed, input.resource);
  if ('problem' in completed) return errorResponse('invalid_request', `Request body cannot be stored: ${completed.problem}.`);
  const stored = refusingPastLimits(input.reachLimit, () => input.storeOf(input.resource.name).update(completed.record));
  if (stored instanceof RefusedWrite) return stored.response;
  return stored ? answerPart(input, partOf(input, stored)) : notFound(input.resource, record[input.resource.key.property]);
}

/** A POST or DELETE on a part holding an array (a to-many relationship): the body's items added to it, or removed from it. */
function changePartItems(input: RecordInput, change: (held: readonly unknown[], sent: readonly unknown[]) => unknown[]): IHttpResponse {
  const items = input.plan.part?.items ?? [];
  let sent: unknown = input.body;
  for (const name of items) sent = isJsonObject(sent) ? sent[name] : undefined;
  if (!Array.isArray(sent)) return errorResponse('invalid_request', `Request body needs ${items.length > 0 ? `${items.join('.')}, ` : ''}an array of the items to ${input.plan.role === 'add-to-part' ? 'add' : 'remove'}.`);
  return withRecord(input, record => {
    const current = partOf(input, record);
    let held: unknown = current;
    for (const name of items) held = isJsonObject(held) ? held[name] : undefined;
    const next = change(Array.isArray(held) ? held : [], sent);
    if (items.length === 0) return storePart(input, record, next);
    const part: Record<string, unknown> = isJsonObject(current) ? { ...current } : {};
    setAt(part, items, next);
    return storePart(input, record, part);
  });
}

/** Whether two items of a part are one: by `type` and `id` where they have an `id` (a JSON:API resource identifier), else by their JSON. */
function sameItem(a: unknown, b: unknown): boolean {
  if (isJsonObject(a) && isJsonObject(b) && a['id'] !== undefined) return a['id'] === b['id'] && a['type'] === b['type'];
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `target` with a JSON Merge Patch (RFC 7396) applied: objects merged member by member, `null` removes,
 * anything else replaces. Where the schema of the member says it may be `null`, a `null` is kept as
 * that value (JSON:API's `{"data": null}` clears a to-one relationship; removing `data` would leave
 * the relationship saying nothing, and its read making one up).
 */
function mergePatched(target: Readonly<Record<string, unknown>>, patch: Readonly<Record<string, unknown>>, schema: JsonSchema | undefined): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...target };
  for (const [name, value] of Object.entries(patch)) {
    const member = propertySchemaOf(schema, name);
    if (value === null && !takesNull(member)) Reflect.deleteProperty(merged, name);
    else if (isJsonObject(value) && isJsonObject(merged[name])) merged[name] = mergePatched(merged[name], value, member);
    else merged[name] = value;
  }
  return merged;
}

/** The schema of an object's property: of the object, or of the first of its alternatives that declares it (a nullable object is `anyOf: [object, null]`). */
function propertySchemaOf(schema: JsonSchema | undefined, name: string): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  const merged = mergeAllOf(schema);
  const declared = merged.properties?.[name];
  if (declared !== undefined) return declared;
  for (const alternative of [...(merged.anyOf ?? []), ...(merged.oneOf ?? [])]) {
    const found = propertySchemaOf(alternative, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether a schema declares `null` among its values (an undeclared member does not). */
function takesNull(schema: JsonSchema | undefined): boolean {
  return schema !== undefined && isNullable(schema);
}

/**
 * A record made from the request's body: by a create, with the key the service makes or the client
 * sends; or by a PUT that creates the record its path names (`keyFromPath`), with that key, answered
 * with the status the PUT declares for a create.
 */
function createRecord(input: RecordInput, keyFromPath: RecordKey | undefined): IHttpResponse {
  const { resource, reachLimit } = input;
  const parentProblem = findMissingParent(input);
  if (parentProblem) return parentProblem;
  const store = input.storeOf(resource.name);
  if (store.isFull) {
    reachLimit(store.size < store.maxPets ? 'idBounds' : 'maxPets');
    return errorResponse(
      'store_full',
      store.size < store.maxPets
        ? `The store has given out every id the document allows (${resource.key.property} at most ${resource.key.bounds.maximum}); reset it (POST /__admin/reset).`
        : `The store holds ${store.size} ${resource.name}, as many as it allows; reset it (POST /__admin/reset) or raise --max-pets.`,
    );
  }
  const fields = withUnsentProperties(sentFields(input), resource, input.sendable);
  const named = keyFromPath === undefined ? newResourceName(input, store) : undefined;
  if (named !== undefined && 'problem' in named) return named.problem;
  if (named !== undefined) fields[resource.key.property] = named.name;
  if (keyFromPath !== undefined) fields[resource.key.property] = keyFromPath;
  // A key the client gives (a username) may be optional in the schema, but the store cannot keep a record without it.
  const key = fields[resource.key.property];
  if (resource.key.kind === 'client' && (typeof key !== 'string' || key === '')) {
    return errorResponse('invalid_request', `Request body needs ${resource.key.property}, a non-empty string: the key of the new ${resource.singular}.`);
  }
  Object.assign(fields, foreignKeysOf(input, fields), parentKeysSentIn(input, fields));
  // Any key the client gives: required (`client`), or optional where the service would otherwise make one (Keycloak's role `name`).
  const given = typeof key === 'string' && key !== '' && (resource.key.acceptsClientKey || named?.chosen === true);
  const taken = given && keyFromPath === undefined && !input.declaresConflict ? store.get(key) : undefined;
  if (taken !== undefined) {
    // The document promises its success to every valid body and declares no conflict (Immich's
    // POST /jobs, 204 only): the record with that key is replaced, as a PUT of it would.
    const kept = keptOnReplace(taken, resource, input.sendable);
    const replaced = writeRecord(input, { ...kept, ...fields });
    const location = replaced.statusCode < 300 ? input.urlOf(resource, fields, input.givenPathParameters ?? input.pathParameters) : undefined;
    return location === undefined ? replaced : { ...replaced, headers: { ...replaced.headers, location } };
  }
  let problem: string | undefined;
  const stamped = timesSetOnCreate(resource, input.sendable);
  const complete = (record: StoredRecord): StoredRecord | undefined => {
    const completed = input.complete(record, resource, stamped);
    if ('problem' in completed) problem = completed.problem;
    return 'record' in completed ? completed.record : undefined;
  };
  const created = refusingPastLimits(reachLimit, () => store.create(fields, complete, keyFromPath));
  if (created instanceof RefusedWrite) return created.response;
  if (!created) return errorResponse('invalid_request', `Request body cannot be stored: ${problem ?? `the ${resource.singular} is refused`}.`);
  addToHolders(input, created);
  const createdAt = input.plan.createsWhereMissing;
  // A PUT that created the record answers as it declares a create (its 201, with a Location), else as its update.
  if (keyFromPath !== undefined && createdAt !== undefined) {
    const url = createdAt.success.status === 201 ? input.urlOf(resource, created, input.givenPathParameters ?? input.pathParameters) : undefined;
    return answerWith({ ...input, plan: { ...input.plan, success: createdAt.success } }, created, url === undefined ? {} : { location: url });
  }
  // A client's key its own item path refuses (the start says so): no URL reaches the record.
  const reachable = !resource.key.acceptsClientKey || fitsKeySchema(resource, created[resource.key.property]);
  const location = reachable ? input.urlOf(resource, created, input.givenPathParameters ?? input.pathParameters) : undefined;
  return answerWith(input, created, location === undefined ? {} : { location });
}

/**
 * The key a PUT's path names where no record holds it: the record such a PUT creates
 * (OperationPlan.createsWhereMissing); a parent the path names that does not exist is createRecord's 404.
 */
function keyToCreateAt(input: RecordInput): RecordKey | undefined {
  const { keyParameter, keyProperty } = input.plan;
  if (keyParameter === undefined || keyProperty !== undefined) return undefined;
  const key = pathKey(input.resource, input.pathParameters, keyParameter);
  if (typeof key !== 'string' || key === '' || !fitsKeySchema(input.resource, key)) return undefined;
  return input.storeOf(input.resource.name).has(key) ? undefined : key;
}

/** What finding one record by its path takes: an item operation's plan, or an action's (`/clients/{id}/registration-access-token`). */
export type RecordLookup = Pick<RecordInput, 'resource' | 'pathParameters' | 'givenPathParameters' | 'storeOf' | 'resourceOf'> & { plan: Pick<OperationPlan, 'keyParameter' | 'keyProperty' | 'parents'> };

/** The record the item path names (under the parents it names), or 404 `<record>_not_found`. */
function withRecord(input: RecordInput, answer: (record: Record<string, unknown>) => IHttpResponse): IHttpResponse {
  const found = findRecord(input);
  return 'problem' in found ? found.problem : answer(found.record);
}

/** 404 where the record a path names (or a parent it names) does not exist; undefined where it does. */
export function findMissingRecord(input: RecordLookup): IHttpResponse | undefined {
  const found = findRecord(input);
  return 'problem' in found ? found.problem : undefined;
}

function findRecord(input: RecordLookup): { record: Record<string, unknown> } | { problem: IHttpResponse } {
  const parentProblem = findMissingParent(input);
  if (parentProblem) return { problem: parentProblem };
  const { keyParameter, keyProperty } = input.plan;
  const holder = input.plan.parents.find(parent => parent.holds?.one === true);
  const key =
    keyParameter === undefined
      ? holder === undefined
        ? undefined
        : heldKey(input, holder)
      : keyProperty === undefined
        ? pathKey(input.resource, input.pathParameters, keyParameter)
        : keyOfRecordWith(input, keyProperty, input.pathParameters[keyParameter]);
  if (key === undefined && keyParameter === undefined && holder !== undefined) {
    const owner = input.resourceOf(holder.resource);
    return { problem: errorResponse(`${input.resource.singular}_not_found`, `The ${owner.singular} with ${owner.key.property} ${String(input.pathParameters[holder.parameter])} holds no ${input.resource.singular}.`) };
  }
  const found = key === undefined ? undefined : (input.storeOf(input.resource.name).get(key) as Record<string, unknown> | undefined);
  const underParents = found !== undefined && input.plan.parents.every(parent => {
    const place = parentKeyPlace(parent);
    return place === undefined || parentKeyIn(found, place) === parentValue(input, parent);
  });
  return found && underParents ? { record: found } : { problem: notFound(input.resource, keyParameter === undefined ? undefined : (input.givenPathParameters ?? input.pathParameters)[keyParameter], keyProperty ?? (keyParameter === undefined ? undefined : namedAs(input.resource, keyParameter))) };
}

/** The key of the record whose other property (`id`, where records are keyed by `name`) holds the value a path gives. */
function keyOfRecordWith(input: RecordLookup, property: string, value: unknown): RecordKey | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  return input.storeOf(input.resource.name).keyHolding(property, String(value));
}

/** 404 naming the first parent the path names that does not exist, or that belongs to another than the parent named before it (`/owners/1/pets/7`, pet 7 being owner 2's). */
function findMissingParent(input: Pick<RecordLookup, 'plan' | 'pathParameters' | 'givenPathParameters' | 'storeOf' | 'resourceOf'>): IHttpResponse | undefined {
  let previousKey: RecordKey | undefined;
  for (const parent of input.plan.parents) {
    const resource = input.resourceOf(parent.resource);
    const key = pathKey(resource, input.pathParameters, parent.parameter);
    const record = key === undefined ? undefined : (input.storeOf(resource.name).get(key) as Record<string, unknown> | undefined);
    const elsewhere = record !== undefined && parent.previousForeignKey !== undefined && previousKey !== undefined && record[parent.previousForeignKey] !== previousKey;
    if (record === undefined || elsewhere) return notFound(resource, (input.givenPathParameters ?? input.pathParameters)[parent.parameter], namedAs(resource, parent.parameter));
    previousKey = key;
  }
  return undefined;
}

/**
 * What a child holds of the parent its path names: the parent's key, or, where the path names the
 * parent by another property only (`/stores/{store_code}/products`, a store's `code`) and the child's
 * property is named as the parameter (a product's `store_code`), that value as the path gives it.
 */
function parentValue(input: Pick<RecordInput, 'pathParameters' | 'givenPathParameters' | 'resourceOf'>, parent: ParentLink): RecordKey | undefined {
  const resource = input.resourceOf(parent.resource);
  const given = input.givenPathParameters?.[parent.parameter];
  const holdsGiven = otherPropertyHeld(resource, parent.parameter, parent.foreignKey) !== undefined;
  return holdsGiven && (typeof given === 'string' || typeof given === 'number') ? given : pathKey(resource, input.pathParameters, parent.parameter);
}

/** What a path parameter names a record by, where not by its key alone (`name`, `project_id or name`). */
function namedAs(resource: Resource, parameter: string): string | undefined {
  const other = resource.otherKeys?.[parameter];
  return other === undefined ? undefined : other.orKey ? `${resource.key.property} or ${other.property}` : other.property;
}

/** 404 naming the record sought: by its key, or by the property the path names it by (`/roles-by-id/{role-id}` seeks an `id`). */
function notFound(resource: Resource, key: unknown, property = resource.key.property): IHttpResponse {
  const named = typeof key === 'object' && key !== null ? JSON.stringify(key) : String(key);
  return errorResponse(`${resource.singular}_not_found`, `No ${resource.singular} has ${property} ${named}.`);
}

/**
 * The resource name a create gives its record (`memos/abc`): the id its id parameter chooses
 * (`?memoId=abc`), else one drawn (seeded, free in the store), in the name's template with the
 * path's values for the name's other parameters (`users/7/webhooks/…`). Undefined for other keys.
 */
function newResourceName(input: RecordInput, store: RecordStore): { name: string; chosen: boolean } | { problem: IHttpResponse } | undefined {
  const template = input.resource.key.resourceName;
  if (template === undefined) return undefined;
  const own = lastParameter(template);
  const fill = (id: string): string | undefined => fillResourceName(template, each => (each === own ? id : input.pathParameters[each]));
  const { idParameter } = input.plan;
  const sent = idParameter === undefined ? undefined : input.query[idParameter];
  if (typeof sent === 'string' && sent !== '') {
    const name = fill(sent);
    return name === undefined ? { problem: errorResponse('invalid_request', `Query parameter ${String(idParameter)} cannot hold a "/": ${JSON.stringify(sent)} is no ${input.resource.singular} id.`) } : { name, chosen: true };
  }
  for (let attempt = 0; ; attempt += 1) {
    const name = fill(createPetFaker(deriveSeed(input.seed, input.resource.name, 'name', store.size, attempt)).string.alphanumeric({ length: 12, casing: 'lower' }));
    if (name === undefined) return { problem: errorResponse('invalid_request', `The path names no value for every part of ${withArticle(input.resource.singular)}'s ${input.resource.key.property}.`) };
    if (store.get(name) === undefined) return { name, chosen: false };
  }
}

/**
 * The key a path parameter names a record of `resource` by: its value as keyValue reads it, or, where
 * the key is a resource name (`memos/{memo}`), the name its value fills, with the values the path
 * gives the name's other parameters (`users/7/webhooks/abc`).
 */
export function pathKey(resource: Resource, pathParameters: ParameterValues, parameter: string): RecordKey | undefined {
  const name = resource.key.resourceName;
  if (name === undefined) return keyValue(resource, pathParameters[parameter]);
  const own = lastParameter(name);
  return fillResourceName(name, each => pathParameters[each === own ? parameter : each]);
}

/** A path parameter's value as the store keys records: a whole number for a `sequence` key, a string otherwise. */
function keyValue(resource: Resource, value: unknown): RecordKey | undefined {
  // A whole number sent as the path's text where the document types the parameter a string (Django REST framework's `{id}`).
  if (resource.key.kind === 'sequence') return typeof value === 'number' && Number.isSafeInteger(value) ? value : typeof value === 'string' && /^-?\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** A replaced or merged record, completed and checked against its schema before it is stored. */
function writeRecord(input: RecordInput, record: Record<string, unknown>): IHttpResponse {
  // The time of this update, stamped afresh (`updateTime`).
  const renewed = updateTimes(input.resource);
  const completed = input.complete(renewed.length === 0 ? record : Object.fromEntries(Object.entries(record).filter(([name]) => !renewed.includes(name))), input.resource);
  if ('problem' in completed) return errorResponse('invalid_request', `Request body cannot be stored: ${completed.problem}.`);
  const stored = refusingPastLimits(input.reachLimit, () => input.storeOf(input.resource.name).update(completed.record));
  if (stored instanceof RefusedWrite) return stored.response;
  return stored ? answerWith(input, stored) : notFound(input.resource, record[input.resource.key.property]);
}

/** What `write` gives, or `507 store_full` naming the limit (or `409` for a client's key already taken): nothing was stored. */
function refusingPastLimits<T>(reachLimit: (limit: string) => void, write: () => T): T | RefusedWrite {
  try {
    return write();
  } catch (error) {
    if (error instanceof KeyTakenError) return new RefusedWrite(errorResponse('conflict', `${error.message.replace('[petstore-mock] ', '')} Choose another, or replace that one.`));
    if (!(error instanceof StoreFullError)) throw error;
    reachLimit(error.limit);
    return new RefusedWrite(errorResponse('store_full', `${error.message.replace('[petstore-mock] ', '')} Nothing was stored; delete pets or reset a session (POST /__admin/reset).`));
  }
}

class RefusedWrite {
  constructor(readonly response: IHttpResponse) {}
}

/** The operation's success status, with the record as its body where that response declares one (a `204` has none). */
function answerWith(input: RecordInput, record: Record<string, unknown>, headers: Record<string, string> = {}): IHttpResponse {
  const { success } = input.plan;
  if (!success.hasBody) return { statusCode: success.status, headers };
  if (!success.bodyIsRecord && success.schema !== undefined) return jsonResponse(success.status, confirmation(input, record, success.schema), headers);
  return jsonResponse(success.status, answeredRecord(input, record), headers);
}

/** A page's size: the one sent, at most the `maxItems` the list's array declares (that many where none is sent). */
function withinMaxItems(sent: number | undefined, maxItems: number | undefined): number | undefined {
  if (maxItems === undefined) return sent;
  return sent === undefined ? maxItems : Math.min(sent, maxItems);
}

/** A record as its list shows it: by its own schema, or by the list's items where they are a part of the record, what they require filled in. */
function listedRecord(input: RecordInput, record: Readonly<Record<string, unknown>>): unknown {
  const { plan, resource } = input;
  const presented = input.present(resource, record);
  if (plan.listedSchema === undefined) return listed(plan, resource, presented);
  return input.show(resource, presented, plan.listedSchema, each => listed(plan, resource, each));
}

/** A record as a list shows it: only the properties its items declare, where they are a part of the record, each a value they take (see shownValue). */
function listed(plan: OperationPlan, resource: Resource, presented: unknown): unknown {
  if (plan.listedFields === undefined || typeof presented !== 'object' || presented === null) return presented;
  const shown = (name: string): unknown => shownValue((presented as Record<string, unknown>)[name], resource.schema.properties?.[name], plan.listedSchema?.properties?.[name]);
  return Object.fromEntries(plan.listedFields.flatMap(name => (Object.hasOwn(presented, name) ? [[name, shown(name)]] : [])));
}

/**
 * The record as the operation answers it: in its envelope (`{"article": {...}}`, JSON:API's `{data, links}`),
 * with the links it declares beside the record, and what the envelope requires beside it, generated.
 */
function answeredRecord(input: RecordInput, record: Record<string, unknown>): unknown {
  const { envelope, besideEnvelope, links } = input.plan.success;
  const presented = shownAsAnswered(input, input.present(input.resource, record));
  // A Faker is made only for what is generated: most answers (the Animal Store's every one) have nothing to generate.
  const draw = (): { faker: ReturnType<typeof createPetFaker>; now: Date } => ({ faker: createPetFaker(input.seed), now: new Date(0) });
  const withLinks = links === undefined || typeof presented !== 'object' || presented === null ? presented : { ...fakeObject(links, draw(), { every: true }), ...presented };
  if (envelope === undefined) return withLinks;
  return { ...(besideEnvelope !== undefined && fakeObject(besideEnvelope, draw(), { every: false })), [envelope]: withLinks };
}

/**
 * A presented record as the operation's answer shows it: where that is by another schema than the
 * record's own (a read answering `oneOf [private-user, public-user]` of a stored `simple-user`, or
 * another schema in the record's envelope), with what that schema requires filled in.
 */
function shownAsAnswered(input: RecordInput, presented: unknown): unknown {
  const { bodyIsRecord, schema, envelope } = input.plan.success;
  if (bodyIsRecord || schema === undefined) return presented;
  const shown = envelope === undefined ? schema : mergeAllOf(schema).properties?.[envelope];
  return shown === undefined ? presented : input.show(input.resource, presented, soleAllOfPart(shown));
}

/** The records a create sends at once (`{"alerts": [...]}`), where its body is that envelope and not the one record's. */
function recordsSentAtOnce(input: RecordInput): unknown[] | undefined {
  const { many, requestEnvelope } = input.plan;
  const sent = input.sentBody;
  if (many === undefined || requestEnvelope === undefined || typeof sent !== 'object' || sent === null || Object.hasOwn(sent, requestEnvelope)) return undefined;
  const records = (sent as Record<string, unknown>)[many.request];
  return Array.isArray(records) ? records : undefined;
}

/**
 * Each record of a create of many stored as its own create would store it, or none: the first one
 * refused is the answer, and what those before it wrote is undone with it (a refused write changes
 * nothing: see answer-api-request). Answered in the many-records envelope.
 */
function createEach(input: RecordInput, records: readonly unknown[]): IHttpResponse {
  const answered: unknown[] = [];
  const envelope = input.plan.success.envelope;
  for (const record of records) {
    const answer = recordOperations.create({ ...input, body: record, sentBody: record });
    if (answer.statusCode >= 300) return answer;
    const body = answer.body as Record<string, unknown> | undefined;
    answered.push(envelope === undefined ? body : body?.[envelope]);
  }
  return jsonResponse(input.plan.success.status, { [input.plan.many?.answer ?? input.resource.name]: answered });
}

/** A request body as the store reads it: the record out of the envelope the operation sends it in (`{"article": {...}}`). */
export function recordInBody(plan: OperationPlan, body: unknown): unknown {
  if (plan.requestEnvelope === undefined || typeof body !== 'object' || body === null) return body;
  return (body as Record<string, unknown>)[plan.requestEnvelope];
}

/**
 * An answer that is not the record but speaks of it (`{"id", "object", "deleted": true}`, as OpenAI
 * and Stripe confirm a delete), or shows it by another schema than its own, in an envelope (Discourse's
 * `{"category": {...}}`): generated from its schema, each property the record has by that name and of a
 * type it declares taken from the record, and a boolean `deleted` true on a delete.
 */
function confirmation(input: RecordInput, record: Record<string, unknown>, schema: JsonSchema): unknown {
  const merged = mergeAllOf(schema);
  if (merged.properties === undefined) return input.present(input.resource, record);
  const draw = { faker: createPetFaker(input.seed), now: new Date(0), assigned: true };
  const body = fakeObject(merged, draw, { every: false });
  const envelope = input.plan.success.envelope;
  const written = envelope === undefined ? undefined : merged.properties[envelope];
  // A key the item path holds is answered where the answer names it (AWS's `{ThreatIntelSetId}` for `{threatIntelSetId}`): the stored record's, which a presented one leaves out.
  const heldKey = record[input.resource.key.property];
  if (envelope === undefined || written === undefined) {
    overlay(body, merged, record, input, heldKey);
    return body;
  }
  // The envelope whether or not the answer requires it, its record's schema out of `allOf: [X]` or `X or null`.
  const inner = mergeAllOf(soleAllOfPart(written));
  const held = body[envelope];
  const shown = isJsonObject(held) ? held : fakeObject(inner, draw, { every: false });
  overlay(shown, inner, input.present(input.resource, record) as Record<string, unknown>, input, heldKey);
  body[envelope] = shown;
  return body;
}

/** `shown` with each property its schema declares taken from `record` (one that names a key the item path holds, `heldKey`) where the record's value is of a type it declares, as a value it takes (see shownValue). */
function overlay(shown: Record<string, unknown>, schema: JsonSchema, record: Readonly<Record<string, unknown>>, { plan, resource }: RecordInput, heldKey: unknown): void {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = namesHeldKey(resource.key, name) ? heldKey : record[name];
    if (value !== undefined && fitsType(value, property)) shown[name] = shownValue(value, resource.schema.properties?.[name], property);
    else if (value === undefined && name === 'deleted' && plan.role === 'remove' && typeIncludes(property, 'boolean')) shown[name] = true;
  }
}

/** Whether a JSON value is of a type the schema declares (any, where it declares none). */
function fitsType(value: unknown, schema: JsonSchema): boolean {
  const merged = mergeAllOf(schema);
  if (merged.type === undefined) return true;
  if (value === null) return typeIncludes(merged, 'null') || merged.nullable === true;
  if (Array.isArray(value)) return typeIncludes(merged, 'array');
  if (typeof value === 'number') return typeIncludes(merged, 'number') || (Number.isInteger(value) && typeIncludes(merged, 'integer'));
  return typeIncludes(merged, typeof value === 'string' || typeof value === 'boolean' ? typeof value : 'object');
}

/**
 * The foreign keys of the parents the path names (`/owners/1/pets/2` → `ownerId: 1`), or the objects
 * that embed them (`customer: {external_id, …}`, over what `sent` holds of it).
 */
function foreignKeysOf(input: RecordInput, sent: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const keys: Record<string, unknown> = {};
  for (const parent of input.plan.parents) {
    const place = parentKeyPlace(parent);
    if (place === undefined) continue;
    const key = parentValue(input, parent);
    Object.assign(keys, parentKeyFields(input.resource, place, key, { store: input.storeOf(parent.resource), sent: 'object' in place ? sent[place.object] : undefined }));
  }
  return keys;
}

/**
 * A child created under a parent that holds its children's keys (`/plans/{code}/charges`, the plan's
 * `charges`) is held by it, as its list then shows it. A parent whose schema refuses the grown array keeps it as it was.
 */
function addToHolders(input: RecordInput, created: Readonly<Record<string, unknown>>): void {
  for (const parent of input.plan.parents) {
    if (parent.holds === undefined) continue;
    const owner = input.resourceOf(parent.resource);
    const key = pathKey(owner, input.pathParameters, parent.parameter);
    const store = input.changedStoreOf(owner.name);
    const record = key === undefined ? undefined : store?.get(key);
    const changed = record === undefined ? undefined : withHeldChild({ resource: owner, record }, parent.holds, created, input.resource.key.property);
    const completed = changed === undefined ? undefined : input.complete(changed, owner);
    if (completed !== undefined && 'record' in completed) refusingPastLimits(input.reachLimit, () => store?.update(completed.record));
  }
}

/** The parents a create's body names by their path parameter's name (`external_customer_id`), held in the objects that embed them (`customer.external_id`). */
function parentKeysSentIn(input: RecordInput, sent: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const keys: Record<string, unknown> = {};
  const body = typeof input.body === 'object' && input.body !== null ? (input.body as Record<string, unknown>) : {};
  for (const named of input.plan.parentKeysSent ?? []) {
    const field = Object.keys(body).find(name => fieldNameKey(name) === fieldNameKey(named.field));
    const key = field === undefined ? undefined : keyValue(input.resourceOf(named.resource), body[field]);
    if (key === undefined) continue;
    Object.assign(keys, parentKeyFields(input.resource, named, key, { store: input.storeOf(named.resource), sent: sent[named.object] }));
  }
  return keys;
}

/** The record's key, which the path names: a client's key in the body (`username`) does not move the record. */
function keyOf(resource: Resource, record: Record<string, unknown>): Record<string, unknown> {
  return { [resource.key.property]: record[resource.key.property] };
}

/** What a request sets of its record: the body's writable fields, copies of another collection's records sent by key made copies of them (`lists: [3]`). */
function sentFields(input: RecordInput): Record<string, unknown> {
  return copiesFromKeys(writableFields(input.body, input.resource), input.resource, (collection, key) => (typeof key === 'string' || typeof key === 'number' ? input.storeOf(collection).get(key) : undefined));
}

/** What a client may set of a record: the body's properties the schema declares and the service does not assign. */
function writableFields(body: unknown, resource: Resource): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const name of resource.writableFields) if (Object.hasOwn(body, name)) fields[name] = (body as Record<string, unknown>)[name];
  // Names spelt otherwise than the record's (Twilio's form field `FriendlyName` for `friendly_name`): matched case and `_` aside;
  // else the record's noun before one of its properties (a project's `project_name` is its `name`).
  const others = Object.keys(body).filter(name => !resource.fields.includes(name));
  if (others.length === 0) return fields;
  const byKey = new Map(resource.writableFields.map(name => [fieldNameKey(name), name]));
  for (const name of others) {
    const field = fieldKeysNamedBy(name, resource)
      .map(key => byKey.get(key))
      .find(each => each !== undefined);
    if (field !== undefined && !Object.hasOwn(fields, field)) fields[field] = (body as Record<string, unknown>)[name];
  }
  return fields;
}

/** An update by query parameters that name writable properties (`POST /pet/{petId}?name=Rex&status=sold`). */
function queryPatch(input: RecordInput): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const name of input.resource.writableFields) if (input.query[name] !== undefined) patch[name] = input.query[name];
  return patch;
}

/**
 * A filter's value as the property it filters holds it: a parameter the document types a string
 * (`?child=1`, as Django REST framework writes every filter) compared with a whole number, a number or
 * a boolean property as that number or boolean; anything else as sent.
 */
function inPropertyType(value: unknown, property: JsonSchema | undefined): unknown {
  if (typeof value !== 'string' || property === undefined) return value;
  const merged = mergeAllOf(property);
  const held = typeIncludes(merged, 'array') && merged.items !== undefined ? mergeAllOf(merged.items) : merged;
  if (typeIncludes(held, 'string')) return value;
  if ((typeIncludes(held, 'integer') || typeIncludes(held, 'number')) && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (typeIncludes(held, 'boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Whether a property (or, for an array, one of its values) meets every bound sent on it. */
function meetsRange(value: unknown, bounds: readonly { bound: RangeBound; value: unknown }[]): boolean {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  return values.some(each => bounds.every(({ bound, value: limit }) => {
    const upper = bound === 'atMost' || bound === 'below';
    const difference = compared(each, limit, upper);
    if (difference === undefined) return false;
    return bound === 'atLeast' ? difference >= 0 : bound === 'above' ? difference > 0 : bound === 'atMost' ? difference <= 0 : difference < 0;
  }));
}

const DAY_MILLISECONDS = 86_400_000;

/**
 * How far a record's value lies past a range's bound: numbers as they are, dates by their instant
 * (an integer property against a date is Unix seconds); a date without a time, as an upper bound,
 * takes its whole day. Undefined where the two cannot be compared.
 */
function compared(value: unknown, limit: unknown, upper: boolean): number | undefined {
  if (typeof value === 'number' && typeof limit === 'number') return value - limit;
  if (typeof limit !== 'string') return undefined;
  const instant = typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  const bound = Date.parse(limit) + (upper && /^\d{4}-\d{2}-\d{2}$/.test(limit) ? DAY_MILLISECONDS - 1 : 0);
  return Number.isNaN(instant) || Number.isNaN(bound) ? undefined : instant - bound;
}

function arrayHolds(value: unknown, wanted: readonly unknown[]): boolean {
  if (!Array.isArray(value)) return false;
  return value.some(item => wanted.includes(item) || (typeof item === 'object' && item !== null && wanted.includes((item as { name?: unknown }).name)));
}

/** A paging parameter's value where it is a number; a word its schema allows beside numbers (`per_page=all`) pages nothing. */
function numberOrNone(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function pageOffset(plan: OperationPlan, query: ParameterValues, size: number | undefined): number {
  const offset = plan.paging.offset === undefined ? undefined : numberOrNone(query[plan.paging.offset]);
  if (offset !== undefined) return Math.max(0, offset);
  const page = plan.paging.page === undefined ? undefined : numberOrNone(query[plan.paging.page.name]);
  if (page === undefined || size === undefined || plan.paging.page === undefined) return 0;
  return Math.max(0, (page - plan.paging.page.first) * size);
}

/**
 * The page's place among the matching records: after the record a cursor names (`starting_after`),
 * before the one it names (`ending_before`), else from the offset; a cursor naming no record is a 400.
 * `hasMore`: more records lie beyond the page in the direction it was read.
 */
function cursorRange(
  input: RecordInput,
  matches: readonly Record<string, unknown>[],
  read: { after: Cursor | undefined; before: Cursor | undefined; offset: number; size: number | undefined },
): { start: number; end: number | undefined; hasMore: boolean } | { problem: IHttpResponse } {
  const { resource, plan } = input;
  const keys = matches.map(record => record[resource.key.property]);
  /**
   * Where the cursor stands among the records listed: at its record; else, where the listed keys are
   * numbers in order (ids given out in sequence), where its number would stand (`since=0`, a record
   * deleted since the page before, are bounds as good as any); else nowhere, and that is a 400.
   */
  const placeOf = (cursor: Cursor, parameter: string | undefined): { at: number; found: boolean } | { problem: IHttpResponse } => {
    const index = keys.findIndex(key => String(key) === String(cursor));
    if (index !== -1) return { at: index, found: true };
    const bound = typeof cursor === 'number' ? cursor : Number(cursor);
    const order = numberOrder(keys);
    if (order !== undefined && cursor !== '' && Number.isFinite(bound)) {
      const past = keys.findIndex(key => (order === 'ascending' ? (key as number) > bound : (key as number) < bound));
      return { at: past === -1 ? keys.length : past, found: false };
    }
    return { problem: errorResponse('invalid_request', `${parameter ?? 'The cursor'} names no ${resource.singular} with ${resource.key.property} ${JSON.stringify(cursor)} among those listed.`) };
  };
  if (read.before !== undefined) {
    const place = placeOf(read.before, plan.paging.before);
    if ('problem' in place) return place;
    const end = place.at;
    const start = read.size === undefined ? 0 : Math.max(0, end - read.size);
    return { start, end, hasMore: start > 0 };
  }
  let start = read.offset;
  if (read.after !== undefined) {
    const place = placeOf(read.after, plan.paging.after);
    if ('problem' in place) return place;
    // After its record; or, where it names none, from the first record past it.
    start = place.found ? place.at + 1 : place.at;
  }
  const end = read.size === undefined ? undefined : start + read.size;
  return { start, end, hasMore: end !== undefined && end < matches.length };
}

/** Whether `keys` are numbers that only rise or only fall as listed (one key, or none, rises); undefined where they are not. */
function numberOrder(keys: readonly unknown[]): 'ascending' | 'descending' | undefined {
  if (!keys.every(key => typeof key === 'number')) return undefined;
  const numbers = keys;
  if (numbers.every((key, index) => index === 0 || key > (numbers[index - 1] as number))) return 'ascending';
  if (numbers.every((key, index) => index === 0 || key < (numbers[index - 1] as number))) return 'descending';
  return undefined;
}

/** A record key a client hands back to page: the last key of the page before. */
type Cursor = string | number;

function cursorOf(query: ParameterValues, parameter: string | undefined): Cursor | undefined {
  const value = parameter === undefined ? undefined : query[parameter];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** A record's key, as a cursor a client hands back (`last_id` for the next page); null for none. */
function keyAt(resource: Resource, record: unknown): Cursor | null {
  const key = typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[resource.key.property] : undefined;
  return typeof key === 'string' || typeof key === 'number' ? key : null;
}

/** Whether the list is asked (or by its parameter's default, set) to run newest first. */
function isDescending(plan: OperationPlan, query: ParameterValues): boolean {
  const order = plan.paging.order;
  if (order === undefined) return false;
  const asked = query[order.name];
  return asked === undefined ? order.first === 'descending' : asked === order.descending;
}

/** Each page shape's wrapper as its schema generates it with a seed: the same every time, so made once (Faker's set-up was a third of a page's time), and each page given a copy. */
const generatedWrappers = new WeakMap<object, Map<number, Record<string, unknown>>>();
function generatedWrapper(shape: Extract<ListShape, { kind: 'wrapped' }>, seed: number): Record<string, unknown> {
  let bySeed = generatedWrappers.get(shape);
  if (bySeed === undefined) generatedWrappers.set(shape, (bySeed = new Map<number, Record<string, unknown>>()));
  let wrapper = bySeed.get(seed);
  if (wrapper === undefined) {
    const draw: ValueDraw = { faker: createPetFaker(seed), now: new Date(0), assigned: true };
    wrapper = generatedAlong(shape.schema, shape.items, draw);
    for (const { path } of shape.facts) withObjectsAlong(wrapper, shape.schema, path.slice(0, -1), draw);
    bySeed.set(seed, wrapper);
  }
  return structuredClone(wrapper);
}

/**
 * Each object on the way to a page fact that the wrapper lacks, made from its own schema: Hetzner's
 * optional `meta` holds a `pagination` that requires six facts (the mock set two, on an object it
 * made bare: a 500 under `--validate-responses` on every list).
 */
function withObjectsAlong(wrapper: Record<string, unknown>, schema: JsonSchema, path: readonly string[], draw: ValueDraw): void {
  let at = wrapper;
  for (const [index, name] of path.entries()) {
    const inner = schemaAt(schema, path.slice(0, index + 1));
    if (!isJsonObject(at[name])) at[name] = inner === undefined ? {} : fakeObject(inner, draw, { every: false });
    at = at[name] as Record<string, unknown>;
  }
}

/**
 * A wrapper generated from its schema down to where it lists the records, each object on the way
 * made from its own schema, the array left out for the page: Discourse's `category_list` holds
 * `categories` beside the `can_create_topic` it requires (the path's first name was left out of the
 * top level, and the object set there held the array alone: a 500 under `--validate-responses`).
 */
function generatedAlong(schema: JsonSchema, path: readonly string[], draw: ValueDraw): Record<string, unknown> {
  const [first, ...rest] = path;
  const object = fakeObject(schema, draw, { every: false, skip: first === undefined ? [] : [first] });
  const inner = first === undefined || rest.length === 0 ? undefined : schemaAt(schema, [first]);
  if (first !== undefined && inner !== undefined) object[first] = generatedAlong(inner, rest, draw);
  return object;
}

/** A wrapped page: the wrapper's schema generated, the records where it lists them, its page facts true. */
function wrapPage(
  shape: Extract<ListShape, { kind: 'wrapped' }>,
  records: readonly unknown[],
  page: {
    total: number;
    offset: number;
    size: number | undefined;
    plan: OperationPlan;
    query: ParameterValues;
    seed: number;
    hasMore: boolean;
    keys: Readonly<Record<'nextCursor' | 'firstKey' | 'lastKey', Cursor | null>>;
    urls: () => Readonly<Record<'nextUrl' | 'previousUrl', string | null>>;
  },
): Record<string, unknown> {
  const wrapper = generatedWrapper(shape, page.seed);
  const size = page.size ?? Math.max(records.length, 1);
  const pageParameter = page.plan.paging.page;
  const first = pageParameter?.first ?? firstPageOf(shape);
  const pageNumber = pageParameter === undefined ? Math.floor(page.offset / size) + first : (numberOrNone(page.query[pageParameter.name]) ?? first);
  const totalPages = Math.ceil(page.total / size);
  const facts = {
    total: page.total,
    totalPages,
    page: pageNumber,
    nextPage: page.hasMore ? pageNumber + 1 : null,
    previousPage: pageNumber > first ? pageNumber - 1 : null,
    lastPage: first + Math.max(totalPages, 1) - 1,
    size,
    offset: page.offset,
    hasMore: page.hasMore,
    count: records.length,
  };
  setAt(wrapper, shape.items, records);
  let urls: ReturnType<typeof page.urls> | undefined;
  for (const { path, fact } of shape.facts) {
    if (fact === 'nextCursor' || fact === 'firstKey' || fact === 'lastKey') setCursor(wrapper, path, page.keys[fact], schemaAt(shape.schema, path), requiredAt(shape.schema, path));
    else if (fact === 'nextUrl' || fact === 'previousUrl') setPageUrl(wrapper, path, (urls ??= page.urls())[fact], schemaAt(shape.schema, path));
    else setPageFact(wrapper, path, facts[fact], schemaAt(shape.schema, path), requiredAt(shape.schema, path));
  }
  return wrapper;
}

/** A page fact where the wrapper has it, in its declared type; none (the next page of the last) null where the schema allows it, else left out. */
function setPageFact(wrapper: Record<string, unknown>, path: readonly string[], value: number | boolean | null, schema: JsonSchema | undefined, required: boolean): void {
  if (value !== null) setAt(wrapper, path, inDeclaredType(value, schema));
  else if (typeIncludes(schema, 'null') || schema?.nullable === true) setAt(wrapper, path, null);
  // Required and never null (a document that forgot `nullable`): the value generated from its schema stays.
  else if (!required) deleteAt(wrapper, path);
}

function deleteAt(wrapper: Record<string, unknown>, path: readonly string[]): void {
  const parent = path.slice(0, -1).reduce<Record<string, unknown> | undefined>((at, name) => at?.[name] as Record<string, unknown> | undefined, wrapper);
  const last = path.at(-1);
  if (parent !== undefined && last !== undefined) Reflect.deleteProperty(parent, last);
}

/**
 * The URLs of the pages beside this one (Twilio's `next_page_url`, DRF's `next`), as the request
 * pages: the next after the page's last key where the list reads a cursor (`PageToken`), else by
 * page number or offset; null at either end, or where the request names no host to point at.
 */
function pageUrls(input: RecordInput, page: { start: number; size: number | undefined; hasMore: boolean; lastKey: Cursor | null }): Record<'nextUrl' | 'previousUrl', string | null> {
  const { paging } = input.plan;
  const listUrl = input.listUrl;
  if (listUrl === undefined || page.size === undefined) return { nextUrl: null, previousUrl: null };
  const size = page.size;
  const at = (start: number, after: Cursor | null): string | null => {
    const changes: Record<string, string | undefined> = {};
    if (paging.after !== undefined) changes[paging.after] = after === null ? undefined : String(after);
    if (paging.before !== undefined) changes[paging.before] = undefined;
    if (paging.page !== undefined) changes[paging.page.name] = String(Math.floor(start / size) + paging.page.first);
    else if (paging.offset !== undefined) changes[paging.offset] = String(start);
    else if (paging.after === undefined || after === null) return null;
    if (paging.size !== undefined) changes[paging.size] = String(size);
    return listUrl(changes) ?? null;
  };
  return {
    nextUrl: page.hasMore ? at(page.start + size, page.lastKey) : null,
    previousUrl: page.start > 0 && (paging.page !== undefined || paging.offset !== undefined) ? at(Math.max(0, page.start - size), null) : null,
  };
}

/** A page's URL where the wrapper has it: null where there is none and the schema allows it, else left out. */
function setPageUrl(wrapper: Record<string, unknown>, path: readonly string[], url: string | null, schema: JsonSchema | undefined): void {
  if (url !== null) setAt(wrapper, path, url);
  else if (typeIncludes(schema, 'null') || schema?.nullable === true) setAt(wrapper, path, null);
  else deleteAt(wrapper, path);
}

/**
 * The next page's cursor where the wrapper hands it back (`next_cursor`, `nextPageToken`), in the
 * type its schema declares; on the last page null where the schema allows it, else left out.
 */
function setCursor(wrapper: Record<string, unknown>, path: readonly string[], cursor: Cursor | null, schema: JsonSchema | undefined, required: boolean): void {
  if (cursor !== null) {
    setAt(wrapper, path, typeIncludes(schema, 'string') ? String(cursor) : cursor);
    return;
  }
  if (typeIncludes(schema, 'null') || schema?.nullable === true) {
    setAt(wrapper, path, null);
    return;
  }
  // Required, never null, and no record to name (an empty page): the empty string names none.
  if (required && typeIncludes(schema, 'string')) {
    setAt(wrapper, path, '');
    return;
  }
  const parent = path.slice(0, -1).reduce<Record<string, unknown> | undefined>((at, name) => at?.[name] as Record<string, unknown> | undefined, wrapper);
  const last = path.at(-1);
  if (parent !== undefined && last !== undefined) Reflect.deleteProperty(parent, last);
}

/** A page fact in the type its property declares: a number where it may be one, else its text (`"3"` for a `string` page size). */
function inDeclaredType(value: number | boolean, schema: JsonSchema | undefined): unknown {
  if (typeof value !== 'number' || schema === undefined) return value;
  const merged = mergeAllOf(schema);
  return typeIncludes(merged, 'integer') || typeIncludes(merged, 'number') || !typeIncludes(merged, 'string') ? value : String(value);
}

function requiredAt(schema: JsonSchema, path: readonly string[]): boolean {
  const parent = schemaAt(schema, path.slice(0, -1));
  const last = path.at(-1);
  return parent !== undefined && last !== undefined && mergeAllOf(parent).required?.includes(last) === true;
}

function schemaAt(schema: JsonSchema, path: readonly string[]): JsonSchema | undefined {
  let at: JsonSchema | undefined = schema;
  for (const name of path) at = at === undefined ? undefined : mergeAllOf(at).properties?.[name];
  return at;
}

/**
 * Headers a create's answer derives from its body; forced responses (`Prefer: code=201`) get
 * them the same way, instead of the placeholder Prism would invent from the header's schema.
 */
export function locationOf(answer: unknown, resource: Resource, urlOf: RecordInput['urlOf'], envelope?: string, given?: Readonly<Record<string, unknown>>): Record<string, string> {
  const body = envelope === undefined || typeof answer !== 'object' || answer === null ? answer : (answer as Record<string, unknown>)[envelope];
  if (typeof body !== 'object' || body === null) return {};
  const key = (body as Record<string, unknown>)[resource.key.property];
  const fits = resource.key.kind === 'sequence' ? typeof key === 'number' && Number.isInteger(key) : typeof key === 'string';
  const location = fits ? urlOf(resource, body as Record<string, unknown>, given) : undefined;
  return location === undefined ? {} : { location };
}
