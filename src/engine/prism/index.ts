// Every call into Prism: its pipeline (route, security, input, output), remembered verdicts, its mocker (schema checks: ../schema).
export { answerFromDocument, exampleChecksOf, findForcingProblem, forceResponse, loadedPrismMocker, loadPrismMocker } from './forced-response.js';
export { escapeUndecodableSegments, parsableContentType } from './prism-input.js';
export { createPrismPipeline, PRISM_STAGES } from './prism-pipeline.js';
export type { OwnPreparation, PrismPipeline, PrismResult } from './prism-pipeline.js';
export { requestIdentities, type RequestIdentities } from './prism-verdicts.js';
