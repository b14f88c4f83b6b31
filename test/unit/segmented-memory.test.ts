import { describe, expect, it } from 'vitest';
import { createSegmentedMemory } from '../../src/engine/remembering/index.js';

describe('segmented memory: what the caches let go first', () => {
  it('lets go of keys used once before keys used again, however recently the ones used once came', () => {
    const memory = createSegmentedMemory<number>(2);
    memory.set('page', 1);
    expect(memory.use('page')).toBe(1);
    for (let index = 0; index < 5; index++) memory.set(`read ${index}`, index);
    expect(memory.first()?.[0]).toBe('read 0');
    // Letting go of all but one: the page, used twice, stays.
    while (memory.size > 1) memory.delete(memory.first()?.[0] ?? '');
    expect(memory.peek('page')).toBe(1);
  });

  it('puts the least recently used protected key back on probation once more keys are protected than it holds', () => {
    const memory = createSegmentedMemory<string>(2);
    for (const key of ['a', 'b', 'c']) {
      memory.set(key, key);
      memory.use(key);
    }
    // `a` was protected first and used least recently: it is on probation again, the first to go.
    expect(memory.first()?.[0]).toBe('a');
    expect(memory.use('a')).toBe('a');
    expect(memory.first()?.[0]).toBe('b');
  });

  it('peeks without moving a key, and replaces a value in its place', () => {
    const memory = createSegmentedMemory<number>(4);
    memory.set('x', 1);
    memory.set('y', 2);
    expect(memory.peek('x')).toBe(1);
    expect(memory.first()?.[0]).toBe('x');
    memory.use('x');
    memory.set('x', 3);
    expect(memory.peek('x')).toBe(3);
    expect(memory.first()?.[0]).toBe('y');
    memory.delete('y');
    expect(memory.first()?.[0]).toBe('x');
    expect(memory.size).toBe(1);
  });

  it('keeps its order through many uses and lets go in that order', () => {
    const memory = createSegmentedMemory<number>(50);
    for (let key = 0; key < 100; key++) memory.set(String(key), key);
    // 0..49 used again and again: protected; 50..99 stay on probation, in the order they came.
    for (let round = 0; round < 100; round++) for (let key = 0; key < 50; key++) memory.use(String(key));
    const gone: string[] = [];
    while (memory.size > 0) {
      const [key] = memory.first() ?? [''];
      gone.push(key);
      memory.delete(key);
    }
    expect(gone).toEqual([...Array.from({ length: 50 }, (_, index) => String(50 + index)), ...Array.from({ length: 50 }, (_, index) => String(index))]);
  });

  it('protects nothing when its protected capacity is 0, the least recently used going first', () => {
    const memory = createSegmentedMemory<number>(0);
    memory.set('x', 1);
    memory.set('y', 2);
    memory.use('x');
    expect(memory.first()?.[0]).toBe('y');
    expect(memory.size).toBe(2);
  });
});
