// One of the document's schemas against a value, by Prism's own validator (stored pets, override bodies,
// examples), and the integers it types that a JavaScript number does not hold exactly.
export { describeSchemaProblems, findSchemaProblems, renewSchemaCompilers, validatorsSourceOf } from './validate-schema.js';
export { findInexactNumber } from './inexact-numbers.js';
export { withoutFormatBesideType } from './format-beside-type.js';
export type { SchemaProblem, ValidatorsSource } from './validate-schema.js';
export type { InexactNumber } from './inexact-numbers.js';
export { byReference } from './by-reference.js';
export type { SchemaByReference } from './by-reference.js';
export { shareReferences, shareReferencesInSteps } from './by-reference.js';
export { EVAL_BLOCKED_MESSAGE, isEvalBlocked, unlessEvalBlocked } from './eval-blocked.js';
export { compileEntriesOffThread, compileOffThread } from './compile-off-thread.js';
export { readAsBodiesInSteps } from './closed-all-of.js';
