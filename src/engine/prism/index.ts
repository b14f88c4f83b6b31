// Every call into Prism: its pipeline (route, security, input, output), remembered verdicts, its mocker.
export { answerFromDocument, findForcingProblem, forceResponse, loadPrismMocker } from './forced-response.js';
export { escapeUndecodableSegments, parsableContentType } from './prism-input.js';
export { createPrismPipeline } from './prism-pipeline.js';
export { verdictKey } from './prism-verdicts.js';
export { describeSchemaProblems, findSchemaProblems } from './validate-schema.js';
export type { SchemaProblem } from './validate-schema.js';
