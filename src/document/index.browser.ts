// The browser's entry of this folder (scripts/build.mjs puts it in place of index.ts): a page reads
// no files, so the document is the one compiled into the bundle when the package was built.
import { prepareDocument, type PetstoreDocument } from './prepared-document.js';

export { responseSchemaOf } from './prepared-document.js';
export type { CompiledDocumentCache, DocumentOperation, PetstoreDocument } from './prepared-document.js';
export { DocumentShapeError, lowerBound, successCode, successSchema, upperBound } from './pet-resource.js';
export type { JsonSchema, OperationRole, PetResource } from './pet-resource.js';
export type { CompiledDocument, DocumentChecks } from './compile-document.js';

const DOCUMENT_PATH_REFUSED =
  '[petstore-mock] documentPath is not available in the browser: a page cannot read files, so the handlers use the OpenAPI document compiled into the package when it was built. Mock another document with the server or the MSW handlers in Node.';

// A chunk of its own, asked for as this module loads: it arrives beside the engine's chunk, not after it.
const embedded = import('virtual:petstore-mock/compiled-document');
let prepared: Promise<PetstoreDocument> | undefined;

export function loadDocument(documentPath?: string): Promise<PetstoreDocument> {
  if (documentPath !== undefined) return Promise.reject(new TypeError(DOCUMENT_PATH_REFUSED));
  return (prepared ??= embedded.then(module => prepareDocument(module.default.compiled, { sha256: module.default.sourceSha256 })));
}

/** Another document, given as an object (parsed YAML or JSON): compiled in the page, with Stoplight's transform loaded for it. */
export async function documentFromSource(source: object): Promise<PetstoreDocument> {
  const { compileSource } = await import('./compile-document.js');
  return prepareDocument(compileSource(JSON.parse(JSON.stringify(source)) as unknown));
}

export function reloadDocument(): Promise<PetstoreDocument> {
  return Promise.reject(new TypeError(DOCUMENT_PATH_REFUSED));
}

export function checkDocumentPath(documentPath: string | undefined): void {
  if (documentPath !== undefined) throw new TypeError(DOCUMENT_PATH_REFUSED);
}
