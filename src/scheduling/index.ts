export { nextTask } from './next-task.js';
export { afterNextPoll, inSlices, nextTurn, runToEnd, SLICE_MS } from './turns.js';
