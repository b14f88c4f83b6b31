// Node's entry of this folder; the browser build uses index.browser.ts in its place (scripts/build.mjs).
export { checkDocumentPath, hashDocument, loadDocument } from './load-document.js';
export { compiledDocumentPath, locateDocument } from './locate-document.js';
export type { CompiledDocumentCache, DocumentOperation, PetstoreDocument } from './prepared-document.js';
export type { CompiledDocument } from './compile-document.js';
