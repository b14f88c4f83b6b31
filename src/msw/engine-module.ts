// What the MSW handlers need of the engine once it starts: loaded on demand (a chunk of its own), so
// that importing petstore-mock/msw does not evaluate Prism's validator (six Ajv instances) at once.
export { createEngine } from '../engine/create-engine.js';
export { createTestControls } from '../engine/test-controls/test-controls.js';
export { firstRecordSchemaOf, readFirstRecords } from '../engine/state/read-first-records.js';
