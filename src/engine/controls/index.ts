// What a request or the mock's options ask of the mock itself: Prefer controls, delays, faults, the clock.
export { createClock, INSTANT_RULE, toInstant } from './clock.js';
export { checkFaultRate, drawFault, FAULT_RETRY_AFTER_SECONDS } from './faults.js';
export { drawDelay, isDelayRange, MAX_DELAY, toDelayRange } from './latency.js';
export { isForced, readControls } from './request-controls.js';

export type { Clock, NowOption } from './clock.js';
export type { DelayOption, DelayRange } from './latency.js';
export type { RequestControls } from './request-controls.js';
export { createOverrideRegistry, DEFAULT_MAX_OVERRIDE_BYTES, DEFAULT_MAX_OVERRIDES, MAX_OVERRIDE_TIMES, OverridesFullError } from './overrides.js';
export { readOverrideSpec } from './override-spec.js';
export type { Override, OverrideLimits, OverrideRegistry, OverrideSpec } from './overrides.js';
