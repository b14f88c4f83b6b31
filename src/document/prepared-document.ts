import type { OpenAPIV3_1 } from 'openapi-types';
import { inSlices, runToEnd } from '../scheduling/index.js';
import type { CompiledDocument } from './compile-document.js';
import { dereferenceLocal } from './dereference.js';
import { findFirstCollection, type FirstCollection } from './first-collection.js';
import { findResources, type ResourceModel } from './resources/index.js';
import { fromOpenApi30 } from './json-schema.js';
import type { DocumentOperation } from './document-operation.js';

export type { DocumentOperation } from './document-operation.js';


/** The OpenAPI document, read once, in the forms the engine needs. */
export interface PetstoreDocument extends CompiledDocument {
  readonly operations: ReadonlyMap<string, DocumentOperation>;
  /** Every collection of the document, and what each operation does with its records. */
  readonly resources: ResourceModel;
  /** The first of them, as the surfaces made around one collection read it (the Animal Store's pets). */
  readonly firstCollection: FirstCollection;
  /** The source with its local `$ref`s resolved: a schema referred to from many places is one object. */
  readonly resolved: OpenAPIV3_1.Document;
  /** Where it was read from, and the SHA-256 of its text: `GET /__admin/settings` shows them. */
  readonly origin: { readonly path?: string; readonly sha256?: string };
}

/**
 * The document with `first` as its first collection (`pets`), where it still has that collection:
 * a new version of a document keeps the collection the stores' first place holds, even where
 * another is now written before it.
 */
export function keepingFirstCollection(document: PetstoreDocument, previous: PetstoreDocument): PetstoreDocument {
  const first = previous.firstCollection.resource.name;
  if (document.firstCollection.resource.name === first || !document.resources.byName.has(first)) return document;
  return { ...document, firstCollection: findFirstCollection(document.resources, document.operations, first) };
}

/** `npm run build` writes this beside the shipped document: its compiled form, keyed by its hash. */
export interface CompiledDocumentCache {
  readonly sourceSha256: string;
  readonly compiled: CompiledDocument;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The compiled document with its operations indexed by `operationId`. */
export function prepareDocument(compiled: CompiledDocument, origin: PetstoreDocument['origin'] = {}): PetstoreDocument {
  return withFirstCollection(prepareParts(compiled), origin);
}

/** A prepared document but for what holds functions (its first collection), which a worker thread cannot send: see compile-in-worker. */
export type PreparedParts = Omit<PetstoreDocument, 'firstCollection' | 'origin'>;

/** The compiled document's operations indexed, its source dereferenced, and its collections found. */
export function prepareParts(compiled: CompiledDocument): PreparedParts {
  return runToEnd(partsInSteps(compiled));
}

/** The parts, with the first collection found and where the document came from. */
export function withFirstCollection(parts: PreparedParts, origin: PetstoreDocument['origin']): PetstoreDocument {
  return { ...parts, firstCollection: findFirstCollection(parts.resources, parts.operations), origin };
}

/** `prepareDocument` a slice at a time (a reload under `--watch` without a worker thread): a turn of the event loop may come after the source is dereferenced, before its collections are found. */
export async function prepareDocumentInSteps(compiled: CompiledDocument, origin: PetstoreDocument['origin']): Promise<PetstoreDocument> {
  return withFirstCollection(await inSlices(partsInSteps(compiled)), origin);
}

function* partsInSteps(compiled: CompiledDocument): Generator<void, PreparedParts, void> {
  const operations = indexOperations(compiled.source);
  const resolved = dereferenceLocal(compiled.source);
  yield;
  return { ...compiled, operations, resolved, resources: resourcesOf(compiled, resolved, operations) };
}

function resourcesOf(compiled: CompiledDocument, resolved: OpenAPIV3_1.Document, operations: ReadonlyMap<string, DocumentOperation>): ResourceModel {
  // Prism validates an OpenAPI 3.0 schema as JSON Schema converted from it; the records' schemas are validated the same way.
  const toJsonSchema = /^3\.0\./.test(compiled.source.openapi) ? fromOpenApi30 : undefined;
  return findResources(resolved, operations, toJsonSchema);
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

/** An operation's definition in the resolved source (its `$ref`s followed), by its id; undefined for an id the document lacks. */
export function resolvedDefinitionOf(document: PetstoreDocument, operationId: string): OpenAPIV3_1.OperationObject | undefined {
  const operation = document.operations.get(operationId);
  return operation && (document.resolved.paths?.[operation.path] as Record<string, OpenAPIV3_1.OperationObject> | undefined)?.[operation.method];
}

/** The schema of a declared response's JSON body; throws when the document has none (a mistake in the document). */
export function responseSchemaOf(document: PetstoreDocument, operationId: string, status: number): unknown {
  const operation = document.prismOperations.find(candidate => candidate.iid === operationId);
  const schema = operation?.responses.find(response => response.code === String(status))?.contents?.find(content => content.schema)?.schema;
  if (!schema) throw new Error(`[petstore-mock] The document declares no ${status} body for ${operationId}.`);
  return schema;
}
