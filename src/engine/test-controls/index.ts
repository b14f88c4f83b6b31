// The test controls (state in and out, scripted answers), written once for every surface: the
// admin endpoints answer them over HTTP, the MSW mock gives them as functions.
export { createTestControls } from './test-controls.js';
export type { ControlOutcome, ControlRefusal, ControlledState, TestControls } from './test-controls.js';
export { overrideNotFound, removeOverrides } from './remove-overrides.js';
