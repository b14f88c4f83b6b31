// Swagger 2.0 documents, read as the OpenAPI 3.0 document that says the same, once, when compiled.
export { fromSwagger2, isSwagger2 } from './from-swagger2.js';
