export { hashDocument, loadDocument } from './load-document.js';
export { compiledDocumentPath, locateDocument } from './locate-document.js';
export type { CompiledDocumentCache, DocumentOperation, PetstoreDocument } from './load-document.js';
export type { CompiledDocument } from './compile-document.js';
