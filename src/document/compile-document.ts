import { transformOas3Operations } from '@stoplight/http-spec/oas3/operation';
import { bundleTarget } from '@stoplight/json';
import type { IHttpOperation } from '@stoplight/types';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { dereferenceLocal } from './dereference.js';

/** What the engine needs of the YAML document, in a form that survives JSON. */
export interface CompiledDocument {
  readonly source: OpenAPIV3_1.Document;
  /** Prism's view of the operations: what routing and validation run on. */
  readonly prismOperations: readonly IHttpOperation[];
  /** The path every server URL ends in, e.g. `/v1`; requests carry it before the operation path. */
  readonly basePath: string;
}

export function compileDocument(text: string): CompiledDocument {
  const source = parse(text) as OpenAPIV3_1.Document;
  return { source, prismOperations: toPrismOperations(source), basePath: readBasePath(source) };
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

function readBasePath(source: OpenAPIV3_1.Document): string {
  const basePaths = new Set((source.servers ?? []).map(server => new URL(server.url).pathname.replace(/\/+$/, '')));
  const [basePath, ...others] = basePaths;
  if (basePath === undefined || others.length > 0) {
    throw new Error(`[petstore-mock] Every server URL must end in the same base path; found ${[...basePaths].join(', ') || 'none'}.`);
  }
  return basePath;
}
