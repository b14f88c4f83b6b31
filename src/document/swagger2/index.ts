// Swagger 2.0 documents, read once, when compiled, as the OpenAPI 3.0 document that says the same.
// Converting (rather than giving Prism its own Swagger 2.0 transform) leaves one form for everything
// after: the engine's collections, keys and security are read from an OpenAPI 3 `source`, and Prism's
// operations from that same source, so a 2.0 document is answered exactly as its OpenAPI 3.0 twin.
// Plain objects in, plain objects out: no dependency, and it runs in a page as in Node.
export { fromSwagger2, isSwagger2 } from './from-swagger2.js';
