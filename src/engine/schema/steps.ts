// Work on a document's schema graph written as steps (generators that yield between slices), so that
// a reload under `--watch` can answer requests between them; at start, and where a request needs the
// result, the steps run to their end at once.

/** How many objects a step walks before it yields. */
export const STEP_OBJECTS = 2_000;
