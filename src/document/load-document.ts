import { readFile } from 'node:fs/promises';
import type { IHttpOperation } from '@stoplight/types';
import { transformOas3Operations } from '@stoplight/http-spec/oas3/operation';
import { bundleTarget } from '@stoplight/json';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { dereferenceLocal } from './dereference.js';
import { locateDocument } from './locate-document.js';

/** An operation of the document, raw (with its `x-` extensions) beside where it lives. */
export interface DocumentOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly definition: OpenAPIV3_1.OperationObject & Record<`x-${string}`, unknown>;
}

/** The OpenAPI document, read once, in the forms the engine needs. */
export interface PetstoreDocument {
  readonly source: OpenAPIV3_1.Document;
  /** Prism's view of the operations: what routing and validation run on. */
  readonly prismOperations: readonly IHttpOperation[];
  readonly operations: ReadonlyMap<string, DocumentOperation>;
  /** The path every server URL ends in, e.g. `/v1`; requests carry it before the operation path. */
  readonly basePath: string;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const cache = new Map<string, Promise<PetstoreDocument>>();

/** Reads and prepares the document; the same path is read once per process. */
export function loadDocument(documentPath: string = locateDocument()): Promise<PetstoreDocument> {
  let loading = cache.get(documentPath);
  if (!loading) {
    loading = readDocument(documentPath);
    loading.catch(() => cache.delete(documentPath));
    cache.set(documentPath, loading);
  }
  return loading;
}

async function readDocument(documentPath: string): Promise<PetstoreDocument> {
  const source = parse(await readFile(documentPath, 'utf8')) as OpenAPIV3_1.Document;
  return { source, prismOperations: toPrismOperations(source), operations: indexOperations(source), basePath: readBasePath(source) };
}

/**
 * What Prism's `getHttpOperationsFromSpec` makes of a self-contained OpenAPI 3 document, without the
 * remote `$ref` resolver, Swagger 2 and Postman converters it also loads (and their Faker and HTTP
 * client): local references resolved, Stoplight's transform, each operation bundled.
 */
function toPrismOperations(source: OpenAPIV3_1.Document): IHttpOperation[] {
  const document = dereferenceLocal(source) as unknown as Record<string, unknown>;
  return transformOas3Operations(document as Parameters<typeof transformOas3Operations>[0]).map(
    (operation): IHttpOperation =>
      bundleTarget<Record<string, unknown>>({ document: { ...document, __target__: operation }, path: '#/__target__', cloneDocument: false }) as unknown as IHttpOperation,
  );
}

function indexOperations(source: OpenAPIV3_1.Document): Map<string, DocumentOperation> {
  const operations = new Map<string, DocumentOperation>();
  for (const [path, pathItem] of Object.entries(source.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const definition = pathItem?.[method] as DocumentOperation['definition'] | undefined;
      if (!definition) continue;
      if (!definition.operationId) throw new Error(`[petstore-mock] ${method.toUpperCase()} ${path} needs an operationId.`);
      operations.set(definition.operationId, { operationId: definition.operationId, method, path, definition });
    }
  }
  return operations;
}

function readBasePath(source: OpenAPIV3_1.Document): string {
  const basePaths = new Set((source.servers ?? []).map(server => new URL(server.url).pathname.replace(/\/+$/, '')));
  const [basePath, ...others] = basePaths;
  if (basePath === undefined || others.length > 0) {
    throw new Error(`[petstore-mock] Every server URL must end in the same base path; found ${[...basePaths].join(', ') || 'none'}.`);
  }
  return basePath;
}
