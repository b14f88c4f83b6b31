// One of the document's schemas against a value, by Prism's own validator: stored pets, override bodies, examples.
export { describeSchemaProblems, findSchemaProblems, validatorsSourceOf } from './validate-schema.js';
export type { SchemaProblem, ValidatorsSource } from './validate-schema.js';
