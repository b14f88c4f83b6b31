import type { OpenAPIV3_1 } from 'openapi-types';
import type { DocumentOperation } from './prepared-document.js';

/**
 * What an operation of the document does, read from where it lives and its method: the store keeps
 * the pets of one collection (`GET` lists, `POST` creates) and its item path (`GET` reads, `PUT`
 * replaces, `PATCH` merges, `DELETE` removes). Every other operation is answered by Prism's mocker
 * from the document, and one marked `x-not-implemented` answers 501.
 */
export type OperationRole = 'list' | 'create' | 'read' | 'replace' | 'merge' | 'remove' | 'document' | 'not-implemented';

/** A JSON Schema of the document, with its local `$ref`s resolved. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  nullable?: boolean;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

/** The pets' collection as the document describes it: everything the store and its operations need. */
export interface PetResource {
  /** `/pets`: where pets are listed and created. */
  readonly collectionPath: string;
  /** `/pets/{petId}`, when the document has operations on one pet. */
  readonly itemPath: string | undefined;
  /** The item path's parameter (`petId`). */
  readonly idParameter: string | undefined;
  /** The property that identifies a pet (`id`): assigned by the store, a whole number. */
  readonly idProperty: string;
  /** Bounds of that property, from its schema; the store never assigns an id past `maximum`. */
  readonly idBounds: { readonly minimum: number; readonly maximum: number };
  /** A pet as the API returns it (the `Pet` schema), the schema every stored pet must satisfy. */
  readonly petSchema: JsonSchema;
  /** Properties a pet may have, in the document's order. */
  readonly fields: readonly string[];
  /** Properties a client may set: those of `Pet` that are neither the id nor `readOnly` nor `writeOnly`. */
  readonly writableFields: readonly string[];
  /** Properties never answered (`writeOnly`): accepted in a body, never stored. */
  readonly writeOnlyFields: readonly string[];
  /** Query parameters of the list operation that name a property: each keeps pets whose property equals it. */
  readonly filterParameters: readonly string[];
  /** The list operation's page size parameter (`limit`): its one integer query parameter that names no property. */
  readonly limitParameter: string | undefined;
  /** Each operation's role, by operationId. */
  readonly roles: ReadonlyMap<string, OperationRole>;
  /** An operation's lowest declared 2xx status (200 when it declares none), and whether that response has a JSON body. */
  successOf(operationId: string): { status: number; hasBody: boolean };
  /** The operation of a role on the collection or the item path. */
  operationOf(role: Exclude<OperationRole, 'document' | 'not-implemented'>): DocumentOperation | undefined;
}

/** A document the engine cannot mock; the CLI exits 2 with its message, code throws it. */
export class DocumentShapeError extends Error {
  override name = 'DocumentShapeError' as const;
}

const COLLECTION_ROLES: Readonly<Record<string, OperationRole>> = { get: 'list', post: 'create' };
const ITEM_ROLES: Readonly<Record<string, OperationRole>> = { get: 'read', put: 'replace', patch: 'merge', delete: 'remove' };
const SAFE_INTEGER_MAXIMUM = Number.MAX_SAFE_INTEGER;

/**
 * Finds the pets' collection in the document (its local `$ref`s resolved): the first path (in the
 * document's order) whose `GET` answers a JSON array of objects and which has a `POST`. Its item path
 * is the collection path with one more templated segment. Throws a `DocumentShapeError` naming what is missing.
 */
export function findPetResource(resolved: OpenAPIV3_1.Document, operations: ReadonlyMap<string, DocumentOperation>): PetResource {
  const byPath = new Map<string, DocumentOperation[]>();
  for (const operation of operations.values()) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  const definitionOf = (operation: DocumentOperation): OpenAPIV3_1.OperationObject =>
    (resolved.paths?.[operation.path] as Record<string, OpenAPIV3_1.OperationObject>)[operation.method] as OpenAPIV3_1.OperationObject;

  const collection = [...byPath.entries()].find(([path, candidates]) => {
    const list = candidates.find(operation => operation.method === 'get');
    const create = candidates.find(operation => operation.method === 'post');
    return !path.endsWith('}') && list !== undefined && create !== undefined && arrayItemsOf(successSchema(definitionOf(list))) !== undefined;
  });
  if (!collection) {
    throw new DocumentShapeError(
      'The document has no collection of pets to keep: petstore-mock needs a path whose GET answers a JSON array of objects and which has a POST (as GET and POST /pets).',
    );
  }
  const [collectionPath, collectionOperations] = collection;
  const itemPath = [...byPath.keys()].find(path => path.startsWith(`${collectionPath}/`) && /^\{[^}/]+\}$/.test(path.slice(collectionPath.length + 1)));
  const itemOperations = itemPath === undefined ? [] : (byPath.get(itemPath) ?? []);
  const idParameter = itemPath?.slice(collectionPath.length + 2, -1);

  const successes = new Map<string, { status: number; hasBody: boolean }>();
  for (const operation of operations.values()) {
    const definition = definitionOf(operation);
    successes.set(operation.operationId, { status: Number(successCode(definition) ?? 200), hasBody: successSchema(definition) !== undefined });
  }
  const roles = new Map<string, OperationRole>();
  const byRole = new Map<OperationRole, DocumentOperation>();
  for (const operation of operations.values()) {
    const role =
      operation.definition['x-not-implemented'] === true
        ? 'not-implemented'
        : operation.path === collectionPath
          ? (COLLECTION_ROLES[operation.method] ?? 'document')
          : operation.path === itemPath
            ? (ITEM_ROLES[operation.method] ?? 'document')
            : 'document';
    roles.set(operation.operationId, role);
    if (role !== 'document' && role !== 'not-implemented') byRole.set(role, operation);
  }

  const list = collectionOperations.find(operation => operation.method === 'get') as DocumentOperation;
  const read = itemOperations.find(operation => operation.method === 'get');
  const create = collectionOperations.find(operation => operation.method === 'post') as DocumentOperation;
  const petSchema: JsonSchema | undefined =
    (read && objectSchema(successSchema(definitionOf(read)))) ?? objectSchema(successSchema(definitionOf(create))) ?? arrayItemsOf(successSchema(definitionOf(list)));
  if (!petSchema) throw new DocumentShapeError(`GET ${collectionPath} answers no array of objects.`);
  const properties = petSchema.properties ?? {};
  const fields = Object.keys(properties);
  const idProperty = idParameter !== undefined && idParameter in properties ? idParameter : 'id';
  const idSchema = properties[idProperty];
  if (!idSchema || !typeIncludes(idSchema, 'integer')) {
    throw new DocumentShapeError(
      `The pets of ${collectionPath} need an integer property that identifies them (${idParameter === undefined ? '' : `${idParameter} or `}id): petstore-mock assigns whole-number ids.`,
    );
  }
  const writeOnlyFields = fields.filter(field => properties[field]?.writeOnly === true);
  const writableFields = fields.filter(field => field !== idProperty && properties[field]?.readOnly !== true && properties[field]?.writeOnly !== true);
  // Parameters of the path item apply to each of its operations, unless an operation redeclares them.
  const pathParameters = ((resolved.paths?.[collectionPath] as OpenAPIV3_1.PathItemObject | undefined)?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const operationParameters = (definitionOf(list).parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const listParameters = [...pathParameters.filter(parameter => !operationParameters.some(own => own.name === parameter.name && own.in === parameter.in)), ...operationParameters].filter(
    parameter => parameter.in === 'query',
  );
  const filterParameters = listParameters.filter(parameter => parameter.name in properties).map(parameter => parameter.name);
  const limitCandidates = listParameters.filter(parameter => !(parameter.name in properties) && typeIncludes(parameter.schema as JsonSchema, 'integer'));

  return {
    collectionPath,
    itemPath,
    idParameter,
    idProperty,
    idBounds: { minimum: lowerBound(idSchema) ?? 1, maximum: Math.min(upperBound(idSchema) ?? SAFE_INTEGER_MAXIMUM, SAFE_INTEGER_MAXIMUM) },
    petSchema,
    fields,
    writableFields,
    writeOnlyFields,
    filterParameters,
    limitParameter: limitCandidates.length === 1 ? limitCandidates[0]?.name : undefined,
    roles,
    successOf: operationId => successes.get(operationId) ?? { status: 200, hasBody: true },
    operationOf: role => byRole.get(role),
  };
}

/** The JSON schema of an operation's lowest declared 2xx response, if it has one. */
export function successSchema(definition: OpenAPIV3_1.OperationObject): JsonSchema | undefined {
  const code = successCode(definition);
  const response = code === undefined ? undefined : (definition.responses?.[code] as OpenAPIV3_1.ResponseObject | undefined);
  const content = Object.entries(response?.content ?? {}).find(([mediaType]) => /json/i.test(mediaType))?.[1];
  return content?.schema as JsonSchema | undefined;
}

/** An operation's lowest declared 2xx status, as the document writes it. */
export function successCode(definition: OpenAPIV3_1.OperationObject): string | undefined {
  return Object.keys(definition.responses ?? {})
    .filter(code => /^2\d\d$/.test(code))
    .sort()[0];
}

export function typeIncludes(schema: JsonSchema | undefined, type: string): boolean {
  if (!schema) return false;
  return Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
}

function arrayItemsOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  return typeIncludes(schema, 'array') ? objectSchema(schema?.items) : undefined;
}

function objectSchema(given: JsonSchema | undefined): JsonSchema | undefined {
  const schema = given === undefined ? undefined : mergeAllOf(given);
  return schema !== undefined && (typeIncludes(schema, 'object') || schema.properties !== undefined) ? schema : undefined;
}

/**
 * A schema written as `allOf` (`Pet: allOf: [NewPet, {id}]`, a common way to say "NewPet and an id")
 * as one object schema: the parts' properties and required lists merged, the other keywords of the
 * later parts winning. Other schemas are returned as they are.
 */
export function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const { allOf, ...rest } = schema;
  return allOf.map(mergeAllOf).reduce<JsonSchema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...merged.properties, ...part.properties },
      required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])],
    }),
    rest,
  );
}

/** The lowest whole number a schema allows, if it bounds it. */
export function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return Math.floor(schema.exclusiveMinimum) + 1;
  if (schema.minimum === undefined) return undefined;
  return schema.exclusiveMinimum === true ? Math.floor(schema.minimum) + 1 : Math.ceil(schema.minimum);
}

/** The highest whole number a schema allows, if it bounds it. */
export function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return Math.ceil(schema.exclusiveMaximum) - 1;
  if (schema.maximum === undefined) return undefined;
  return schema.exclusiveMaximum === true ? Math.ceil(schema.maximum) - 1 : Math.floor(schema.maximum);
}
