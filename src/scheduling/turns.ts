/**
 * Long work done on the event loop a slice at a time (a reload's steps, a graph linked after a worker
 * sent it), so that requests, timers and health reads are answered between slices.
 */

/** How long a slice of steps runs before the event loop answers what waits. */
export const SLICE_MS = 8;

/**
 * The timer functions as they were when the engine was loaded: a test that fakes timers afterwards
 * (`vi.useFakeTimers()`, Jest's, Sinon's, around MSW's handlers) would otherwise never let a slice of
 * work go on, and a first request that works in slices would never be answered.
 */
const realSetImmediate: ((callback: () => void) => unknown) | undefined = typeof setImmediate === 'function' ? setImmediate.bind(globalThis) : undefined;
const realSetTimeout: (callback: () => void, ms: number) => unknown = setTimeout.bind(globalThis);
const realSetInterval: (callback: () => void, ms: number) => unknown = setInterval.bind(globalThis);
const realClearInterval: (handle: unknown) => void = clearInterval.bind(globalThis) as (handle: unknown) => void;

/** Resolves on the event loop's next turn: what is waiting (requests, timers) runs first. */
export function nextTurn(): Promise<void> {
  return new Promise(resolve => (realSetImmediate === undefined ? realSetTimeout(resolve, 0) : realSetImmediate(resolve)));
}

/**
 * `nextTurn` for work nobody waits on (a check whose only outcome is warnings): it does not keep the
 * process alive by itself, so a script, a test file or `verify` ends when its own work does.
 */
export function nextTurnInBackground(): Promise<void> {
  return new Promise(resolve => {
    if (realSetImmediate === undefined) {
      realSetTimeout(resolve, 0);
      return;
    }
    (realSetImmediate(resolve) as { unref?: () => void }).unref?.();
  });
}

/**
 * Keeps the process alive until `work` settles: for work done in `nextTurnInBackground` turns that a
 * caller now waits for (a turn already asked for would not hold the process open by itself).
 */
export function keepAliveUntil(work: Promise<unknown>): void {
  const handle = realSetInterval(() => undefined, 2 ** 31 - 1);
  void work.finally(() => {
    realClearInterval(handle);
  });
}

/**
 * Settles after the event loop has polled for I/O once more. One `setImmediate` from a worker's
 * message runs in the same turn of the loop, before any poll; two let other clients' requests in.
 */
export function afterNextPoll(): Promise<void> {
  return new Promise(resolve => {
    if (realSetImmediate === undefined) {
      realSetTimeout(resolve, 0);
      return;
    }
    realSetImmediate(() => {
      realSetImmediate(resolve);
    });
  });
}

/**
 * What a step of such work yields: nothing (a slice may end there), or work to start elsewhere and
 * wait for before the next step (validators compiled in the worker thread), as a function: `inSlices`
 * calls it and waits for what it gives; `runToEnd`, which has no time to wait, leaves it uncalled.
 */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- a bare `yield` gives void, and every stepped walk yields it.
export type Step = void | (() => Promise<void> | undefined);

/** Runs `steps` to their end at once and returns their value: at start, or where a request needs it now. */
export function runToEnd<T>(steps: Generator<Step, T, void>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** Runs `steps` to their end, a turn of the event loop after each `SLICE_MS` of them (and after work a step waits for), and returns their value. */
export async function inSlices<T>(steps: Generator<Step, T, void>): Promise<T> {
  let sliceStarted = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    const waiting = typeof next.value === 'function' ? next.value() : undefined;
    if (waiting !== undefined) await waiting;
    else if (performance.now() - sliceStarted < SLICE_MS) continue;
    else await nextTurn();
    sliceStarted = performance.now();
  }
}
