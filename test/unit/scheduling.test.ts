import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../src/scheduling/index.js';

describe('nextTask (what the MSW handlers wait for in a page before asking for the engine)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('settles in a later task, after the microtasks queued before it', async () => {
    const order: string[] = [];
    const settled = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    void Promise.resolve().then(() => order.push('promise job'));
    expect(order).toEqual([]);
    await settled;
    expect(order).toEqual(['microtask', 'promise job', 'next task']);
  });

  it('settles under fake timers, where a zero-delay timer waits for the test to advance the clock', async () => {
    vi.useFakeTimers();
    let timerFired = false;
    setTimeout(() => {
      timerFired = true;
    }, 0);
    await nextTask();
    expect(timerFired).toBe(false);
    vi.runAllTimers();
    expect(timerFired).toBe(true);
  });
});
