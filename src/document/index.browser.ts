// The browser's entry of this folder (scripts/build.mjs puts it in place of index.ts): a page reads
// no files, so the document is the one compiled into the bundle when the package was built.
import { preparePatterns } from './safe-patterns.js';
import { checkDocumentShape, checkDocumentText, documentLimits, type DocumentLimits } from './document-limits.js';
import { prepareDocument, type PetstoreDocument } from './prepared-document.js';

export { keepingFirstCollection, resolvedDefinitionOf, responseSchemaOf } from './prepared-document.js';
export type { CompiledDocumentCache, DocumentOperation, PetstoreDocument } from './prepared-document.js';
export { DocumentShapeError } from './document-shape-error.js';
export { DEFAULT_DOCUMENT_LIMITS, DOCUMENT_LIMIT_FLAGS, documentLimits } from './document-limits.js';
export type { DocumentLimits } from './document-limits.js';
export type { OperationRole, FirstCollection } from './first-collection.js';
export { isUnderBasePath } from './base-path.js';
export { enumOfItsType, fromOpenApi30, INLINED_SCHEMAS, isEvaluationKeyword, lowerBound, markBundleKeywords, mergeAllOf, requestBodySchema, successCode, successSchema, timeFormatOf, typeIncludes, upperBound } from './json-schema.js';
export type { JsonSchema } from './json-schema.js';
export { alternativesMatchedAlone } from './alternatives-matched-alone.js';
export { lengthBoundedPattern } from './pattern-lengths.js';
export { groupEnd } from './pattern-parts.js';
export { fieldNameKey, fillResourceName, findResources, firstPageOf, itemPathOfName, lastParameter, nameUnder, namesHeldKey, partListing, resourceNameValues, shownValue, singularOf, soleAllOfPart } from './resources/index.js';
export type { Filter, KeyRule, RangeBound, ListShape, NameSegment, OperationPlan, PageFact, Paging, ParentLink, RecordCopies, RecordRole, Resource, ResourceModel, ResourceName } from './resources/index.js';
export type { CompiledDocument, DocumentChecks } from './compile-document.js';

const DOCUMENT_PATH_REFUSED =
  '[petstore-mock] documentPath is not available in the browser: a page cannot read files, so the handlers use the OpenAPI document compiled into the package when it was built. Mock another document with the server or the MSW handlers in Node.';

let prepared: Promise<PetstoreDocument> | undefined;

export function loadDocument(documentPath?: string): Promise<PetstoreDocument> {
  if (documentPath !== undefined) return Promise.reject(new TypeError(DOCUMENT_PATH_REFUSED));
  // Bundled with the engine, read (JSON.parse) when the engine first asks for it: esbuild defers a
  // module that is `require`d. Not a chunk of its own: one request less as the page starts.
  return (prepared ??= Promise.resolve().then(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred evaluation; see above
    const embedded = (require('virtual:petstore-mock/compiled-document') as typeof import('virtual:petstore-mock/compiled-document')).default;
    return prepareDocument(embedded.compiled, { sha256: embedded.sourceSha256 });
  }));
}

/** Another document, given as an object (parsed YAML or JSON): compiled in the page, with Stoplight's transform loaded for it. */
export async function documentFromSource(source: object, limits?: Partial<DocumentLimits>): Promise<PetstoreDocument> {
  const { compileSource } = await import('./compile-document.js');
  const bounds = documentLimits(limits);
  // Its depth first: JSON.stringify of an object nested past it would exhaust the stack.
  checkDocumentShape(source, bounds);
  const text = JSON.stringify(source);
  checkDocumentText(text, bounds);
  const compiled = compileSource(JSON.parse(text) as unknown, bounds);
  await preparePatterns(compiled.source);
  return prepareDocument(compiled);
}

export function reloadDocument(): Promise<PetstoreDocument> {
  return Promise.reject(new TypeError(DOCUMENT_PATH_REFUSED));
}

export function checkDocumentPath(documentPath: string | undefined): void {
  if (documentPath !== undefined) throw new TypeError(DOCUMENT_PATH_REFUSED);
}
