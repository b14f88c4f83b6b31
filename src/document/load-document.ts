import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { CompiledDocument } from './compile-document.js';
import { compiledDocumentPath, locateDocument } from './locate-document.js';

/** An operation of the document, raw (with its `x-` extensions) beside where it lives. */
export interface DocumentOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly definition: OpenAPIV3_1.OperationObject & Record<`x-${string}`, unknown>;
}

/** The OpenAPI document, read once, in the forms the engine needs. */
export interface PetstoreDocument extends CompiledDocument {
  readonly operations: ReadonlyMap<string, DocumentOperation>;
}

/** `npm run build` writes this beside the shipped document: its compiled form, keyed by its hash. */
export interface CompiledDocumentCache {
  readonly sourceSha256: string;
  readonly compiled: CompiledDocument;
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

export function hashDocument(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The YAML is always read and is the source of truth. Its compiled form comes from the cache the
 * build wrote while the YAML's hash matches, which spares start-up the YAML parser and Stoplight's
 * transform (~60 ms); otherwise it is compiled here, with those loaded on demand.
 */
async function readDocument(documentPath: string): Promise<PetstoreDocument> {
  const text = await readFile(documentPath, 'utf8');
  const compiled = (await readCompiledCache(documentPath, hashDocument(text))) ?? (await import('./compile-document.js')).compileDocument(text);
  return { ...compiled, operations: indexOperations(compiled.source) };
}

async function readCompiledCache(documentPath: string, sourceSha256: string): Promise<CompiledDocument | undefined> {
  try {
    const cached = JSON.parse(await readFile(compiledDocumentPath(documentPath), 'utf8')) as CompiledDocumentCache;
    return cached.sourceSha256 === sourceSha256 ? cached.compiled : undefined;
  } catch {
    return undefined;
  }
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
