import { readAlternatives } from './credentials.js';
import { childPointer, locate } from './json-pointer.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** A JSON schema of the document, with where it lives (Ajv compiles it by that pointer). */
export interface SchemaRef {
  pointer: string;
  schema: Record<string, unknown>;
}

export interface ParameterModel {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  schema: SchemaRef | undefined;
  example: unknown;
}

export interface HeaderModel {
  name: string;
  /** The service promises the header: it is checked, and its absence is an error. */
  required: boolean;
  schema: SchemaRef | undefined;
  /**
   * Set when the document marks the header `x-mock-only`: the mock sends it, the service does not
   * promise it. The mark's text says why; a deployment without it gets a warning that says so.
   */
  mockOnly: string | undefined;
}

export interface ResponseModel {
  /** `200`, `4XX` or `default`, as the document writes it. */
  status: string;
  /** Media types the document declares; empty for a bodyless response. */
  mediaTypes: string[];
  /** The schema of the JSON media type, if there is one. */
  jsonSchema: SchemaRef | undefined;
  headers: HeaderModel[];
}

export interface RequestBodyModel {
  required: boolean;
  /** Media types the document declares for the body; verify sends JSON only. */
  mediaTypes: string[];
  schema: SchemaRef | undefined;
  examples: { name: string; value: unknown }[];
}

/** What verify needs of one operation of the document. */
export interface OperationModel {
  operationId: string;
  /** Upper case: `GET`. */
  method: string;
  /** The path template under the base path, e.g. `/pets/{petId}`. */
  path: string;
  parameters: ParameterModel[];
  requestBody: RequestBodyModel | undefined;
  responses: ResponseModel[];
  /** True when the operation names security requirements, none of them empty. */
  needsCredentials: boolean;
  /** Its security alternatives (scheme names, all of one required), its own or the document's; undefined when neither declares any. */
  security: string[][] | undefined;
  deprecated: boolean;
  /**
   * Marked `x-not-implemented`: the document does not know the operation's shape, and what the
   * mock answers for it is the mock's own choice, no promise about the service. Not checked.
   */
  notImplemented: boolean;
}

/** The operations of an OpenAPI 3 document; throws with a sentence when the document is unusable. */
export function readOperations(document: Record<string, unknown>): OperationModel[] {
  if (typeof document['openapi'] !== 'string' || !document['openapi'].startsWith('3.')) throw new Error('it is not an OpenAPI 3 document (no "openapi: 3.x").');
  const paths = document['paths'];
  if (paths === null || typeof paths !== 'object') throw new Error('it has no paths.');
  const operations: OperationModel[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const itemPointer = childPointer('#/paths', path);
    const item = locate(document, itemPointer).node as Record<string, unknown>;
    const shared = (item['parameters'] ?? []) as unknown[];
    for (const method of METHODS) {
      if (!(rawItem as Record<string, unknown> | null)?.[method]) continue;
      const pointer = childPointer(itemPointer, method);
      const definition = item[method] as Record<string, unknown>;
      const operationId = typeof definition['operationId'] === 'string' ? definition['operationId'] : `${method.toUpperCase()} ${path}`;
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        parameters: readParameters(document, [
          ...shared.map((_, index) => childPointer(itemPointer, 'parameters', index)),
          ...((definition['parameters'] ?? []) as unknown[]).map((_, index) => childPointer(pointer, 'parameters', index)),
        ]),
        requestBody: definition['requestBody'] === undefined ? undefined : readRequestBody(document, childPointer(pointer, 'requestBody')),
        responses: Object.keys(definition['responses'] ?? {}).map(status => readResponse(document, status, childPointer(pointer, 'responses', status))),
        needsCredentials: needsCredentials(definition['security'] ?? document['security']),
        security: readAlternatives(definition['security'] ?? document['security']),
        deprecated: definition['deprecated'] === true,
        notImplemented: definition['x-not-implemented'] === true,
      });
    }
  }
  if (operations.length === 0) throw new Error('it declares no operations.');
  return operations;
}

function readParameters(document: unknown, pointers: string[]): ParameterModel[] {
  const byKey = new Map<string, ParameterModel>();
  for (const pointer of pointers) {
    const { node, pointer: at } = locate(document, pointer);
    const parameter = node as Record<string, unknown>;
    const name = String(parameter['name']);
    const where = parameter['in'] as ParameterModel['in'];
    // An operation's parameter replaces the path item's of the same name and place.
    byKey.set(`${where}:${name}`, { name, in: where, required: parameter['required'] === true, schema: readSchema(document, at, parameter), example: parameter['example'] });
  }
  return [...byKey.values()];
}

function readRequestBody(document: unknown, pointer: string): RequestBodyModel {
  const { node, pointer: at } = locate(document, pointer);
  const body = node as Record<string, unknown>;
  const content = (body['content'] ?? {}) as Record<string, Record<string, unknown>>;
  const mediaType = Object.keys(content).find(isJsonMediaType);
  const media = mediaType === undefined ? undefined : content[mediaType];
  const examples = Object.entries((media?.['examples'] ?? {}) as Record<string, unknown>).map(([name, example]) => ({
    name,
    value: (locate(document, childPointer(at, 'content', mediaType ?? '', 'examples', name)).node as { value?: unknown } | undefined)?.value ?? example,
  }));
  if (media && media['example'] !== undefined) examples.unshift({ name: 'example', value: media['example'] });
  return { required: body['required'] === true, mediaTypes: Object.keys(content), schema: mediaType === undefined ? undefined : readSchema(document, childPointer(at, 'content', mediaType), media), examples };
}

function readResponse(document: unknown, status: string, pointer: string): ResponseModel {
  const { node, pointer: at } = locate(document, pointer);
  const response = node as Record<string, unknown>;
  const content = (response['content'] ?? {}) as Record<string, Record<string, unknown>>;
  const mediaType = Object.keys(content).find(isJsonMediaType);
  const headers = Object.keys(response['headers'] ?? {}).map((name): HeaderModel => {
    const header = locate(document, childPointer(at, 'headers', name));
    const definition = header.node as Record<string, unknown>;
    const mockOnly = definition['x-mock-only'];
    return {
      name,
      required: definition['required'] === true && mockOnly === undefined,
      schema: readSchema(document, header.pointer, definition),
      mockOnly: mockOnly === undefined || mockOnly === false ? undefined : typeof mockOnly === 'string' ? mockOnly : 'the document marks it x-mock-only.',
    };
  });
  return { status, mediaTypes: Object.keys(content), jsonSchema: mediaType === undefined ? undefined : readSchema(document, childPointer(at, 'content', mediaType), content[mediaType]), headers };
}

function readSchema(document: unknown, ownerPointer: string, owner: Record<string, unknown> | undefined): SchemaRef | undefined {
  if (!owner || owner['schema'] === undefined) return undefined;
  const pointer = childPointer(ownerPointer, 'schema');
  return { pointer, schema: locate(document, pointer).node as Record<string, unknown> };
}

function needsCredentials(security: unknown): boolean {
  if (!Array.isArray(security) || security.length === 0) return false;
  return security.every((requirement: unknown) => requirement !== null && typeof requirement === 'object' && Object.keys(requirement).length > 0);
}

export function isJsonMediaType(mediaType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType.trim());
}

/** The document's response for `status`: exact first, then `4XX`, then `default`. */
export function findResponse(operation: OperationModel, status: number): ResponseModel | undefined {
  return (
    operation.responses.find(response => response.status === String(status)) ??
    operation.responses.find(response => response.status.toUpperCase() === `${String(status)[0] ?? ''}XX`) ??
    operation.responses.find(response => response.status === 'default')
  );
}

/** Whether the document declares a status of this class (2 for 2xx), exactly or as a range. */
export function declaresClass(operation: OperationModel, statusClass: number): boolean {
  return operation.responses.some(response => response.status[0] === String(statusClass));
}
