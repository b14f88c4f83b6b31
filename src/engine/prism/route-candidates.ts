import { createPathIndex } from '../../document/path-index.js';

/**
 * The operations to hand Prism's router for a request path: those `createPathIndex` finds, or when
 * none fits, the document's first (which cannot match), so that the 404 is Prism's own ("no resource"
 * would be its answer to an empty list).
 */
export function createRouteCandidates<Operation extends { readonly path: string }>(operations: readonly Operation[]): (path: string) => Operation[] {
  const index = createPathIndex(operations);
  const first = operations.slice(0, 1);
  return path => {
    const found = index(path);
    return found.length === 0 ? [...first] : found;
  };
}
