import { describe, expect, it, vi } from 'vitest';
import { inSlices, runToEnd, SLICE_MS, type Step } from '../../src/scheduling/index.js';

/** Steps that each keep the thread busy for `stepMs`, counting in `log` when each ran, and return `value`. */
function* busySteps<T>(count: number, stepMs: number, log: string[], value: T): Generator<void, T, void> {
  for (let step = 0; step < count; step += 1) {
    const started = performance.now();
    while (performance.now() - started < stepMs) {
      // busy, as a walk of a big schema graph is
    }
    log.push(`step ${String(step)}`);
    yield;
  }
  return value;
}

describe('work run a slice at a time on the event loop', () => {
  it('lets what waits on the event loop run between slices, and returns the steps\' value', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('waiting task'));
    const steps = 40;
    const value = await inSlices(busySteps(steps, 1, log, 'linked root'));
    expect(value).toBe('linked root');
    const waited = log.indexOf('waiting task');
    // It ran after the first slice (about SLICE_MS of steps), long before the last step.
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(SLICE_MS + 2);
    expect(log.filter(entry => entry.startsWith('step'))).toHaveLength(steps);
  });

  it('runs steps to their end at once where the answer is needed now', () => {
    const log: string[] = [];
    setImmediate(() => log.push('waiting task'));
    expect(runToEnd(busySteps(5, 0, log, 42))).toBe(42);
    expect(log).toEqual(['step 0', 'step 1', 'step 2', 'step 3', 'step 4']);
  });

  it('goes on while a test fakes timers (as tests around MSW handlers do), each slice after a real turn of the event loop', async () => {
    vi.useFakeTimers({ toFake: ['setImmediate', 'setTimeout', 'setInterval'] });
    try {
      const log: string[] = [];
      expect(await inSlices(busySteps(30, 1, log, 'done'))).toBe('done');
      expect(log).toHaveLength(30);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the work a step hands it (a compile in the worker thread) before the next step; run to its end at once, the work is not started', async () => {
    const log: string[] = [];
    function* handing(): Generator<Step, string, void> {
      log.push('before');
      yield () => new Promise<void>(resolve => setTimeout(() => {
        log.push('compiled elsewhere');
        resolve();
      }, 20));
      log.push('after');
      yield () => undefined;
      return 'checked';
    }
    expect(await inSlices(handing())).toBe('checked');
    expect(log).toEqual(['before', 'compiled elsewhere', 'after']);
    log.length = 0;
    expect(runToEnd(handing())).toBe('checked');
    expect(log).toEqual(['before', 'after']);
  });
});
