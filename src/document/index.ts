export { loadDocument } from './load-document.js';
export { locateDocument } from './locate-document.js';
export type { DocumentOperation, PetstoreDocument } from './load-document.js';
