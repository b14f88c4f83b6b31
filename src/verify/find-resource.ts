import { declaresClass, type OperationModel } from './read-operations.js';
import { propertiesOf, resolveSchema } from './schema-shape.js';

/** A collection the document lets a client list, add to and read one of: what the scenario runs on. */
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
}

/** The first path whose GET answers a JSON array and which has an item path `{path}/{id}` with a GET. */
export function findResource(document: unknown, operations: OperationModel[]): Resource | undefined {
  for (const list of operations) {
    if (list.method !== 'GET' || !declaresClass(list, 2)) continue;
    const success = list.responses.find(response => response.status.startsWith('2') && response.jsonSchema);
    if (!success?.jsonSchema) continue;
    const arraySchema = resolveSchema(document, success.jsonSchema.schema);
    const items = arraySchema['items'];
    if (arraySchema['type'] !== 'array' || items === null || typeof items !== 'object') continue;
    const read = operations.find(operation => operation.method === 'GET' && new RegExp(`^${escapeRegExp(list.path)}/\\{[^}/]+\\}$`).test(operation.path));
    if (!read) continue;
    const idParameter = /\{([^}]+)\}$/.exec(read.path)?.[1] ?? 'id';
    const itemProperties = propertiesOf(document, items as Record<string, unknown>);
    const idProperty = itemProperties.has(idParameter) ? idParameter : 'id';
    return {
      collectionPath: list.path,
      list,
      create: operations.find(operation => operation.method === 'POST' && operation.path === list.path && operation.requestBody),
      read,
      remove: operations.find(operation => operation.method === 'DELETE' && operation.path === read.path),
      itemPath: read.path,
      idParameter,
      idProperty,
      itemProperties,
    };
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
