// When a script run through the code cache has given its first answer, its cache is worth writing:
// the code of the start and of a request is compiled by then. The script's entry (dist/msw.js) sets
// the listener; the MSW handlers call `firstAnswerGiven` after each answer (only the first one counts).
let listener: (() => void) | undefined;

/** Calls `callback` once, after the first answer (replacing a listener not yet called). */
export function onFirstAnswer(callback: () => void): void {
  listener = callback;
}

export function firstAnswerGiven(): void {
  const callback = listener;
  listener = undefined;
  callback?.();
}
