import { successCode, successSchema, type JsonSchema } from './json-schema.js';
import type { DocumentOperation } from './document-operation.js';
import type { OperationPlan, Resource, ResourceModel } from './resources/index.js';

/**
 * What an operation of the document does, read from where it lives and its method: the store keeps
 * the pets of one collection (`GET` lists, `POST` creates) and its item path (`GET` reads, `PUT`
 * replaces, `PATCH` merges, `DELETE` removes). Every other operation is answered by Prism's mocker
 * from the document, and one marked `x-not-implemented` answers 501.
 */
export type OperationRole = 'list' | 'create' | 'read' | 'replace' | 'merge' | 'remove' | 'document' | 'not-implemented';

/**
 * The document's first collection (the one its `/__admin/state`, `--data`, fixtures and typed controls
 * speak of: the Animal Store's pets) as the surfaces made around one collection read it. Every
 * collection, this one included, is a `Resource` of `document.resources`, kept by the same engine.
 */
export interface FirstCollection {
  /** `/pets`: where pets are listed and created. */
  readonly collectionPath: string;
  /** `/pets/{petId}`, when the document has operations on one pet. */
  readonly itemPath: string | undefined;
  /** The item path's parameter (`petId`). */
  readonly idParameter: string | undefined;
  /** The property that identifies a pet (`id`). */
  readonly idProperty: string;
  /** Bounds of that property, from its schema, where it is a whole number the store assigns; the store never assigns an id past `maximum`. */
  readonly idBounds: { readonly minimum: number; readonly maximum: number };
  /** A pet as the API returns it (the `Pet` schema), the schema every stored pet must satisfy. */
  readonly recordSchema: JsonSchema;
  /** Properties a pet may have, in the document's order. */
  readonly fields: readonly string[];
  /** Properties a client may set: those of `Pet` that are neither the id nor `readOnly` nor `writeOnly`. */
  readonly writableFields: readonly string[];
  /** Properties never answered (`writeOnly`): accepted in a body, never stored. */
  readonly writeOnlyFields: readonly string[];
  /** Query parameters of the list operation that name a property: each keeps pets whose property equals it. */
  readonly filterParameters: readonly string[];
  /** The list operation's page size parameter (`limit`). */
  readonly limitParameter: string | undefined;
  /** Each operation's role on this collection, by operationId (`document` for every other operation). */
  readonly roles: ReadonlyMap<string, OperationRole>;
  /** An operation's lowest declared 2xx status (200 when it declares none), and whether that response has a JSON body. */
  successOf(operationId: string): { status: number; hasBody: boolean };
  /** The operation of a role on the collection or the item path. */
  operationOf(role: Exclude<OperationRole, 'document' | 'not-implemented'>): DocumentOperation | undefined;
  /** The same collection as every other: its key rule, relations and name. */
  readonly resource: Resource;
}

const PET_ROLES = new Set<string>(['list', 'create', 'read', 'replace', 'merge', 'remove']);

/**
 * The first collection of the document's resources that is listed and created (else the first that
 * is created, else the first), of those keyed by a property, as `FirstCollection`; for a document without any collection, an empty
 * one at no path.
 */
export function findFirstCollection(model: ResourceModel, operations: ReadonlyMap<string, DocumentOperation>, preferred?: string): FirstCollection {
  const plansOf = (resource: Resource): OperationPlan[] => [...model.plans.values()].filter(plan => plan.resource === resource.name);
  const hasRole = (resource: Resource, role: string): boolean => plansOf(resource).some(plan => plan.role === role);
  // Never one keyed by its path alone (see KeyRule.heldByPath): the first collection's seeds are held to the document at
  // start (the Animal Store's pets), where the other collections draw only records that fit, and a document that started
  // before such collections were kept must not be refused for them. Without another, no collection is first.
  const keyedByProperty = model.resources.filter(candidate => candidate.key.heldByPath !== true);
  const resource =
    model.resources.find(candidate => candidate.name === preferred) ??
    keyedByProperty.find(candidate => hasRole(candidate, 'list') && hasRole(candidate, 'create')) ?? keyedByProperty.find(candidate => hasRole(candidate, 'create')) ?? keyedByProperty[0];
  if (!resource) return firstCollectionOf(NO_COLLECTION, model, operations);
  return firstCollectionOf(resource, model, operations);
}

/**
 * What a document without any collection has (every operation answered from the document): a
 * collection at no path, whose stores stay empty, for the surfaces made around one.
 */
const NO_COLLECTION: Resource = {
  name: 'records',
  singular: 'record',
  schema: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
  collectionPaths: [],
  itemPaths: [],
  key: { property: 'id', kind: 'sequence', acceptsClientKey: false, bounds: { minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, schema: { type: 'integer', minimum: 1 } },
  fields: ['id'],
  writableFields: [],
  writeOnlyFields: [],
  embeds: [],
  copies: [],
};

function firstCollectionOf(resource: Resource, model: ResourceModel, operations: ReadonlyMap<string, DocumentOperation>): FirstCollection {
  const plansOf = (of: Resource): OperationPlan[] => [...model.plans.values()].filter(plan => plan.resource === of.name);
  const plans = plansOf(resource);
  const unnested = (path: string): boolean => !path.slice(0, path.lastIndexOf('/')).includes('{');
  const collectionPath = resource.collectionPaths.find(unnested) ?? resource.collectionPaths[0] ?? '';
  const itemPath = resource.itemPaths.find(path => path.startsWith(`${collectionPath}/`)) ?? resource.itemPaths.find(unnested);
  const list = plans.find(plan => plan.role === 'list' && operations.get(plan.operationId)?.path === collectionPath) ?? plans.find(plan => plan.role === 'list');
  const roles = new Map<string, OperationRole>();
  const byRole = new Map<OperationRole, DocumentOperation>();
  for (const operation of operations.values()) {
    const plan = model.plans.get(operation.operationId);
    const onThis = plan?.resource === resource.name && PET_ROLES.has(plan.role) && (operation.path === collectionPath || operation.path === itemPath);
    const role: OperationRole = operation.definition['x-not-implemented'] === true ? 'not-implemented' : onThis ? (plan.role as OperationRole) : 'document';
    roles.set(operation.operationId, role);
    if (onThis && !byRole.has(role)) byRole.set(role, operation);
  }
  return {
    collectionPath,
    itemPath,
    idParameter: itemPath === undefined ? undefined : /\{([^}]+)\}$/.exec(itemPath)?.[1],
    idProperty: resource.key.property,
    idBounds: resource.key.bounds,
    recordSchema: resource.schema,
    fields: resource.fields,
    writableFields: resource.writableFields,
    writeOnlyFields: resource.writeOnlyFields,
    filterParameters: list?.filters.map(filter => filter.parameter) ?? [],
    limitParameter: list?.paging.size,
    roles,
    successOf: operationId => {
      const success = model.plans.get(operationId)?.success;
      return success ? { status: success.status, hasBody: success.hasBody } : successOfOperation(operations.get(operationId));
    },
    operationOf: role => byRole.get(role),
    resource,
  };
}

function successOfOperation(operation: DocumentOperation | undefined): { status: number; hasBody: boolean } {
  if (!operation) return { status: 200, hasBody: true };
  return { status: Number(successCode(operation.definition) ?? 200), hasBody: successSchema(operation.definition) !== undefined };
}
