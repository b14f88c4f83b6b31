// What the mock holds for its clients, in bytes: estimated from a value's structure, and counted against
// one kind of budget, whoever holds them (stores, journal, overrides, requests in flight, remembered answers).
export { estimateBytes, objectBytes, stringBytes, stringRecordBytes } from './estimate-bytes.js';
export { createByteBudget, namesOfLimit } from './byte-budget.js';
export type { ByteBudget } from './byte-budget.js';
