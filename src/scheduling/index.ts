export { nextTask } from './next-task.js';
export { afterNextPoll, inSlices, keepAliveUntil, nextTurn, nextTurnInBackground, runToEnd, SLICE_MS, type Step } from './turns.js';
