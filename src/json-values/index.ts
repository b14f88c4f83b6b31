// JSON values as parsed, whatever holds them: a document, a request's body, a stored record.
export { isJsonObject } from './json-object.js';
export { setAt, valueAt } from './path-values.js';
export { deepFreeze } from './deep-freeze.js';
export { typeOfValue } from './json-type.js';
