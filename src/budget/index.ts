// What the mock holds for its clients, in bytes: estimated from a value's structure, and counted against budgets.
export { estimateBytes, objectBytes, stringBytes, stringRecordBytes } from './estimate-bytes.js';
export { createStorageBudget } from './storage-budget.js';
export type { StorageBudget } from './storage-budget.js';
