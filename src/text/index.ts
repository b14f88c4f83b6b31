// Text as bytes, whatever reads it: a document's file, a request's body.
export { firstNonUtf8Byte } from './utf8.js';
