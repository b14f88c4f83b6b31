export { nextTask } from './next-task.js';
