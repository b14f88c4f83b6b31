import { transformOas3Operations } from '@stoplight/http-spec/oas3/operation';
import { bundleTarget } from '@stoplight/json';
import type { IHttpOperation } from '@stoplight/types';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { readBasePath } from './base-path.js';
import { dereferenceLocal } from './dereference.js';
import { DocumentShapeError } from './pet-resource.js';

/** What the engine needs of the YAML document, in a form that survives JSON. */
export interface CompiledDocument {
  readonly source: OpenAPIV3_1.Document;
  /** Prism's view of the operations: what routing and validation run on. */
  readonly prismOperations: readonly IHttpOperation[];
  /** The path every server URL ends in, e.g. `/v1`; requests carry it before the operation path. */
  readonly basePath: string;
  /**
   * What `npm run build` checked of the package's document, so that start-up need not (each check
   * first creates one of Prism's Ajv instances, ~20 ms): absent for a document compiled at run time.
   */
  readonly checks?: DocumentChecks;
}

export interface DocumentChecks {
  /** Examples that break their own schema, as the engine warns of them. */
  readonly invalidExamples: readonly string[];
  /** Pets generated from the document's Pet fit it, for the seeds and counts the build tried. */
  readonly seededPetsFit: true;
}

export function compileDocument(text: string): CompiledDocument {
  let source: unknown;
  try {
    source = parse(text);
  } catch (error) {
    throw new DocumentShapeError(`is neither YAML nor JSON: ${(error as Error).message.split('\n')[0] ?? ''}`);
  }
  return compileSource(source);
}

/** A parsed OpenAPI 3.0 or 3.1 document (YAML or JSON read as an object), compiled; throws a `DocumentShapeError` saying what is wrong. */
export function compileSource(value: unknown): CompiledDocument {
  const version = (value as { openapi?: unknown } | null)?.openapi;
  if (typeof value !== 'object' || value === null || typeof version !== 'string' || !/^3\.[01]\.\d+/.test(version)) {
    throw new DocumentShapeError(`is not an OpenAPI 3.0 or 3.1 document (its "openapi" field is ${version === undefined ? 'missing' : JSON.stringify(version)})`);
  }
  const { info, paths } = value as { info?: { title?: unknown; version?: unknown }; paths?: unknown };
  if (typeof info?.title !== 'string' || typeof info.version !== 'string') throw new DocumentShapeError('has no info.title and info.version (OpenAPI requires both)');
  if (typeof paths !== 'object' || paths === null || Object.keys(paths).length === 0) throw new DocumentShapeError('has no paths');
  const source = value as OpenAPIV3_1.Document;
  let basePath: string;
  try {
    basePath = readBasePath(source);
  } catch (error) {
    throw new DocumentShapeError((error as Error).message);
  }
  return { source, prismOperations: toPrismOperations(source), basePath };
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
