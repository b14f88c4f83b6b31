import type { PetResource } from '../document/index.js';
import type { OperationModel, ParameterModel } from './read-operations.js';

/** The pets' collection as the mock reads it from the document (`PetResource`), as verify's operations: what the scenario runs on. */
export interface Resource {
  collectionPath: string;
  list: OperationModel;
  create: OperationModel | undefined;
  read: OperationModel;
  /** DELETE on the item path, when the document has one: how the run removes what it created. */
  remove: OperationModel | undefined;
  itemPath: string;
  /** The item path's parameter, e.g. `petId`. */
  idParameter: string;
  /** The item property holding the id, e.g. `id`. */
  idProperty: string;
  /** The item's properties' schemas. */
  itemProperties: Map<string, Record<string, unknown>>;
  /** The list's page size parameter (`limit`), as the mock reads it: its one integer query parameter that names no property. */
  pageSize: ParameterModel | undefined;
}

/**
 * The collection the mock keeps, found by the mock's own rule (`findPetResource`), so that verify and
 * the mock never disagree on what the document describes; undefined without an item path to read one.
 */
export function findResource(pets: PetResource, operations: OperationModel[]): Resource | undefined {
  const byRole = (role: Parameters<PetResource['operationOf']>[0]): OperationModel | undefined => {
    const operation = pets.operationOf(role);
    return operation && operations.find(model => model.method === operation.method.toUpperCase() && model.path === operation.path);
  };
  const list = byRole('list');
  const read = byRole('read');
  if (!list || !read || pets.itemPath === undefined || pets.idParameter === undefined) return undefined;
  return {
    collectionPath: pets.collectionPath,
    list,
    create: byRole('create'),
    read,
    remove: byRole('remove'),
    itemPath: pets.itemPath,
    idParameter: pets.idParameter,
    idProperty: pets.idProperty,
    itemProperties: new Map(Object.entries(pets.petSchema.properties ?? {}).map(([name, schema]) => [name, schema as Record<string, unknown>])),
    pageSize: list.parameters.find(parameter => parameter.in === 'query' && parameter.name === pets.limitParameter),
  };
}
