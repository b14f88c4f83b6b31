import type { OperationPlan, Resource as DocumentResource, ResourceModel } from '../document/index.js';
import type { OperationModel } from './read-operations.js';

/** An operation of the document beside what the mock's resource model says it does with records. */
export interface PlannedOperation {
  operation: OperationModel;
  plan: OperationPlan;
}

/**
 * One collection of the document as the mock reads it (`document.resources`), with verify's
 * operations for each role, the plainest first (fewest parents, the record named by its key, then
 * fewest required query parameters): what the scenario runs on.
 */
export interface Collection {
  resource: DocumentResource;
  name: string;
  /** The property holding a record's key (`id`, `username`), of any type. */
  keyProperty: string;
  lists: PlannedOperation[];
  creates: PlannedOperation[];
  reads: PlannedOperation[];
  /** `replace`, `merge` and `replace-by-body`. */
  updates: PlannedOperation[];
  removes: PlannedOperation[];
}

export interface CollectionModel {
  collections: Collection[];
  byName: ReadonlyMap<string, Collection>;
  /** By operationId: the operation's plan and its collection. */
  planned: ReadonlyMap<string, PlannedOperation & { collection: Collection }>;
  /** By operationId: the actions on one record (`POST /orders/{id}/cancel`), whose path names that record and its parents. */
  actions?: ResourceModel['actions'];
}

/** The document's collections, found by the mock's own rule (`findResources`), so verify and the mock never disagree on what the document describes. */
export function findCollections(resources: ResourceModel, operations: readonly OperationModel[]): CollectionModel {
  const byId = new Map(operations.map(operation => [operation.operationId, operation]));
  const collections: Collection[] = resources.resources.map(resource => ({ resource, name: resource.name, keyProperty: resource.key.property, lists: [], creates: [], reads: [], updates: [], removes: [] }));
  const byName = new Map(collections.map(collection => [collection.name, collection]));
  const planned = new Map<string, PlannedOperation & { collection: Collection }>();
  for (const plan of resources.plans.values()) {
    const operation = byId.get(plan.operationId);
    const collection = byName.get(plan.resource);
    if (!operation || !collection || operation.notImplemented) continue;
    const entry = { operation, plan };
    planned.set(plan.operationId, { ...entry, collection });
    const role = plan.role;
    if (role === 'list') collection.lists.push(entry);
    else if (role === 'create') collection.creates.push(entry);
    else if (role === 'read') collection.reads.push(entry);
    else if (role === 'remove') collection.removes.push(entry);
    else collection.updates.push(entry);
  }
  // A path naming the record by another property than its key (`/roles-by-id/{role-id}`) after one naming it by its key: that property need not be unique.
  const plainness = (entry: PlannedOperation): number =>
    entry.plan.parents.length * 100 + (entry.plan.keyProperty === undefined ? 0 : 50) + entry.operation.parameters.filter(parameter => parameter.in === 'query' && parameter.required).length * 10 + (entry.plan.role === 'replace-by-body' ? 1 : 0);
  for (const collection of collections) {
    for (const list of [collection.lists, collection.creates, collection.reads, collection.updates, collection.removes]) list.sort((left, right) => plainness(left) - plainness(right));
  }
  return { collections, byName, planned, actions: resources.actions };
}

/**
 * Whether what one operation makes the other finds: both keep the records apart by as many path
 * segments (`/{realm}/clients/{id}/roles` keeps a client's roles apart from the realm's
 * `/{realm}/roles/{role-name}`; `/owners/{ownerId}/pets` and `/pets/{petId}` share one store).
 */
export function sameStore(left: Pick<PlannedOperation, 'plan'>, right: Pick<PlannedOperation, 'plan'>): boolean {
  return (left.plan.scope?.length ?? 0) === (right.plan.scope?.length ?? 0);
}
