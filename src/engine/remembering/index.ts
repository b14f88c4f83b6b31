// What the engine's caches (Prism's verdicts, the store's answers) hold, and in which order they let it go.
export { createSegmentedMemory, PROTECTED_SHARE } from './segmented-memory.js';

export type { SegmentedMemory } from './segmented-memory.js';
