import { randomUUID } from 'node:crypto';
import { lastParameter, resourceNameValues, type ParentLink } from '../document/index.js';
import { findSchemaProblems } from '../engine/schema/index.js';
import { sampleParameter } from './build-body.js';
import { runKey } from './run-id.js';
import { resolveSchema } from './schema-shape.js';
import type { Collection, CollectionModel, PlannedOperation } from './collections.js';
import type { OperationModel } from './read-operations.js';
import type { SideState } from './probe.js';

type RecordValue = Record<string, unknown>;

/** Path values, or why verify cannot fill them on this side. */
export type PathValues = { values: Record<string, unknown> } | { notChecked: string };

/**
 * The path parameters of a planned operation: the record's key, and its parents' keys from the
 * record's foreign keys (`Pet.ownerId`), else from values given (the create's own path), else
 * from a record of the parent this side has listed, so that a nested path names records that
 * belong together.
 */
export function plannedPathValues(planned: { plan: Pick<PlannedOperation['plan'], 'keyParameter' | 'keyProperty' | 'resource' | 'parents'> }, model: CollectionModel, state: SideState, options: { record?: RecordValue | undefined; key?: unknown; given?: Record<string, unknown> | undefined } = {}): PathValues {
  const values: Record<string, unknown> = {};
  const { plan } = planned;
  if (plan.keyParameter !== undefined) {
    const collection = model.byName.get(plan.resource);
    const key = plan.keyProperty === undefined ? (options.key ?? (collection && options.record?.[collection.keyProperty])) : otherKey(plan.keyProperty, collection, state, options);
    if (key === undefined || key === null) return { notChecked: plan.keyProperty === undefined ? 'no record to address' : `the record has no ${plan.keyProperty}, which {${plan.keyParameter}} names it by` };
    values[plan.keyParameter] = collection === undefined ? key : pathValueOfKey(collection.resource, key);
  }
  let below: { link: ParentLink; record: RecordValue } | undefined;
  for (let index = plan.parents.length - 1; index >= 0; index--) {
    const link = plan.parents[index] as ParentLink;
    const parent = model.byName.get(link.resource);
    if (!parent) return { notChecked: `its parent ${link.resource} is not a collection verify knows` };
    const known = state.records.get(parent.name) ?? [];
    let key: unknown = options.given?.[link.parameter];
    if (key === undefined && below === undefined && options.record && link.foreignKey !== undefined) key = options.record[link.foreignKey];
    // The parent's key inside the object that embeds it (`customer.external_id`).
    const embedding = link.foreignKeyIn && options.record?.[link.foreignKeyIn.object];
    if (key === undefined && below === undefined && link.foreignKeyIn && typeof embedding === 'object' && embedding !== null) key = (embedding as Record<string, unknown>)[link.foreignKeyIn.property];
    if (key === undefined && below?.link.previousForeignKey !== undefined) key = below.record[below.link.previousForeignKey];
    // The parent's resource name, the start of the record's (`users/7` of `users/7/webhooks/abc`).
    if (key === undefined && below === undefined && link.inName === true && options.record) key = nameStart(options.record[model.byName.get(plan.resource)?.keyProperty ?? ''], parent.resource);
    if ((key === undefined || key === null) && options.record && below === undefined) {
      // The record names no parent: which one holds it is unknown.
      return { notChecked: `verify cannot tell which ${parent.resource.singular} holds the record (it has no ${link.foreignKey ?? (link.foreignKeyIn ? `${link.foreignKeyIn.object}.${link.foreignKeyIn.property}` : `${parent.resource.singular}Id`)})` };
    }
    // A parent the path names by another property than its key (`{project_name}` of a project keyed by `project_id`): that property's value,
    // which a value given by the create's path already is.
    const other = parent.resource.otherKeys?.[link.parameter];
    const byOther = other?.orKey === false && options.given?.[link.parameter] === key ? other.property : undefined;
    const record = key === undefined || key === null ? known[0] : (known.find(each => each[byOther ?? parent.keyProperty] === key) ?? { [byOther ?? parent.keyProperty]: key });
    if (!record) return { notChecked: `no ${parent.resource.singular} to find it under: the deployment listed no ${parent.name}` };
    if (other?.orKey === false && record[other.property] === undefined) return { notChecked: `the ${parent.resource.singular} has no ${other.property}, which {${link.parameter}} names it by` };
    values[link.parameter] = other?.orKey === false ? record[other.property] : pathValueOfKey(parent.resource, record[parent.keyProperty]);
    below = { link, record };
  }
  return { values };
}

/** What a path holds of a record's key: the key, or the record's own part of a resource name (`abc` of `memos/abc`). */
export function pathValueOfKey(resource: Collection['resource'], key: unknown): unknown {
  const name = resource.key.resourceName;
  const own = name === undefined ? undefined : lastParameter(name);
  const values = name === undefined ? undefined : resourceNameValues(name, key);
  return own === undefined || values === undefined ? key : values[own];
}

/** The start of a resource name that is a parent's name (`users/7` of `users/7/webhooks/abc`), as many segments as the parent's names hold. */
function nameStart(key: unknown, parent: Collection['resource']): string | undefined {
  const length = parent.key.resourceName?.segments.length;
  return typeof key === 'string' && length !== undefined ? key.split('/').slice(0, length).join('/') : undefined;
}

/** What fills a path parameter no plan gives a value: the document, and the values the user gave (`--path-parameter realm=master`). */
export interface PathSampling {
  readonly model: CollectionModel;
  readonly document: unknown;
  readonly pathParameters: Readonly<Record<string, string>>;
}

/**
 * The value of the property a path names the record by where it is not the key (`/roles-by-id/{role-id}`
 * beside `/roles/{role-name}`): the record's own, or that of the record this side listed with the key
 * given; a key verify made up (no record has it) stands as it is.
 */
function otherKey(property: string, collection: Collection | undefined, state: SideState, options: { record?: RecordValue | undefined; key?: unknown }): unknown {
  const listed = collection && options.key !== undefined ? state.records.get(collection.name)?.find(record => record[collection.keyProperty] === options.key) : undefined;
  const record = options.record ?? listed;
  if (record) return record[property];
  return options.key;
}

/**
 * The path parameters of an operation the resource model has no plan for (`/pet/{petId}/uploadImage`),
 * and those of any operation that name no record (Keycloak's `{realm}`): a parameter that ends an
 * item path of a collection takes the key of a record this side has listed, any other the value the
 * user gave, else its example or a value of its schema (the same on every request, so that records
 * kept apart by it are found again).
 */
export function samplePathValues(operation: OperationModel, sampling: PathSampling, state: SideState): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const segments = operation.path.split('/');
  for (const parameter of operation.parameters.filter(each => each.in === 'path')) {
    const at = segments.findIndex(segment => segment.includes(`{${parameter.name}}`));
    const collection = at === -1 ? undefined : collectionAt(sampling.model, segments.slice(0, at + 1).join('/'));
    const known = collection && listedValueNamedBy(collection, parameter.name, state);
    values[parameter.name] = (collection === undefined || known === undefined ? undefined : known) ?? sampling.pathParameters[parameter.name] ?? fittingExample(parameter, sampling.document) ?? (parameter.schema ? sampleParameter(sampling.document, parameter.schema.schema) : 1);
  }
  return values;
}

/**
 * A parameter's example where its own schema's `enum` and `format` take it (or it has none): Box's `{scope}` gives
 * `enterprise_123456` as its example beside `enum: [global, enterprise]`, and every request sent with it
 * was a 400 that said nothing of the deployment.
 */
export function fittingExample(parameter: OperationModel['parameters'][number], document: unknown): unknown {
  if (parameter.example === undefined || parameter.schema === undefined) return parameter.example;
  const schema = resolveSchema(document, parameter.schema.schema);
  const allowed = schema['enum'];
  const example = Array.isArray(parameter.example) ? (parameter.example as unknown[])[0] : parameter.example;
  if (Array.isArray(allowed) && !allowed.some(value => value === example || String(value) === String(example))) return undefined;
  // Its format as the mock checks it (Prism's validator and formats): Amadeus's `departureDate`, of format `date`,
  // gives `2025-10-15T13:51:00.230Z` as its example, and every search sent with it was a 400.
  const { format } = schema;
  return typeof format === 'string' && typeof example === 'string' && findSchemaProblems(example, formatSchema(format)).length > 0 ? undefined : parameter.example;
}

/** One schema of each format, `{type: string, format}`: the validator compiles each once. */
const formatSchemas = new Map<string, object>();

function formatSchema(format: string): object {
  let schema = formatSchemas.get(format);
  if (schema === undefined) formatSchemas.set(format, (schema = { type: 'string', format }));
  return schema;
}

/**
 * What a path parameter at a collection's item path takes of a record this side listed: the property
 * it names the record by where that is not the key (GitHub's `{team_id}`, a team's `id`, beside
 * `{team_slug}`, its key), else the key as a path writes it.
 */
function listedValueNamedBy(collection: Collection, parameter: string, state: SideState): unknown {
  const record = state.records.get(collection.name)?.[0];
  if (record === undefined) return undefined;
  const other = collection.resource.otherKeys?.[parameter];
  if (other !== undefined && !other.orKey) return record[other.property];
  const key = record[collection.keyProperty];
  return key === undefined ? undefined : pathValueOfKey(collection.resource, key);
}

/** The collection whose item path `path` is, its parameters' names aside (Keycloak's `/{realm}/clients/{id}` beside `/{realm}/clients/{client-uuid}`). */
function collectionAt(model: CollectionModel, path: string): Collection | undefined {
  let byShape = collectionsByShape.get(model);
  if (byShape === undefined) {
    byShape = new Map();
    for (const collection of model.collections) for (const itemPath of collection.resource.itemPaths) if (!byShape.has(pathShape(itemPath))) byShape.set(pathShape(itemPath), collection);
    collectionsByShape.set(model, byShape);
  }
  return model.collections.find(each => each.resource.itemPaths.includes(path)) ?? byShape.get(pathShape(path));
}

/** Each model's collections by the shape of their item paths, made once (a Stripe-sized document has hundreds, asked of for every probe). */
const collectionsByShape = new WeakMap<CollectionModel, Map<string, Collection>>();

/** A path with each templated segment as `{}`, the literal text around its parameter too (`/t/{id}.json` and `/t/{id}`: `/t/{}`). */
function pathShape(template: string): string {
  return template.replace(/[^/{}]*\{[^}]*\}[^/{}]*/g, '{}');
}

/**
 * Whether `samplePathValues` names a record of some collection by a key the side never showed (no
 * listing gave one): a made-up key, which a deployment rightly answers 404 (an action on a user
 * verify knows none of: it never acts on a record the run did not make or read).
 */
export function namesUnlistedRecord(operation: OperationModel, model: CollectionModel, state: SideState): boolean {
  const segments = operation.path.split('/');
  return operation.parameters.some(parameter => {
    if (parameter.in !== 'path') return false;
    const at = segments.findIndex(segment => segment.includes(`{${parameter.name}}`));
    const collection = at === -1 ? undefined : collectionAt(model, segments.slice(0, at + 1).join('/'));
    return collection !== undefined && state.records.get(collection.name)?.[0]?.[collection.keyProperty] === undefined;
  });
}

/** A key no record of the collection has on this side: far above every whole number seen, or a fresh string. */
export function unknownKey(collection: Collection, state: SideState, runId: string): unknown {
  const rule = collection.resource.key;
  if (rule.kind === 'sequence') {
    const seen = (state.records.get(collection.name) ?? []).map(record => record[collection.keyProperty]).filter((key): key is number => typeof key === 'number');
    const created = state.scenarios.get(collection.name)?.created?.key;
    const far = Math.max(1000, ...seen, typeof created === 'number' ? created : 0) + 1_000_000;
    return far <= rule.bounds.maximum ? far : rule.bounds.maximum;
  }
  if (rule.schema.format === 'uuid') return randomUUID();
  return runKey(runId, 'unknown', typeof rule.schema.maxLength === 'number' ? rule.schema.maxLength : undefined);
}
