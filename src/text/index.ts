// Text as bytes, whatever reads it (a document's file, a request's body), and words as messages say them.
export { firstNonUtf8Byte } from './utf8.js';
export { withArticle } from './articles.js';
