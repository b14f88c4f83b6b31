import { describe, expect, it } from 'vitest';
import { createSegmentedMemory, type SegmentedMemory } from '../../src/engine/remembering/index.js';

/** The keys in the order the memory lets them go, emptying it. */
function goneInOrder(memory: SegmentedMemory<number>): string[] {
  const gone: string[] = [];
  while (memory.size > 0) {
    const [key] = memory.first() ?? [''];
    gone.push(key);
    memory.delete(key);
  }
  return gone;
}

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

  it('keeps its order through many uses and lets go in that order: keys used once first, as they came, then the ones used again', () => {
    const memory = createSegmentedMemory<number>(50);
    for (let key = 0; key < 100; key++) memory.set(String(key), key);
    // 0..49 used again and again: protected; 50..99 stay on probation, in the order they came.
    for (let round = 0; round < 100; round++) for (let key = 0; key < 50; key++) memory.use(String(key));
    const gone = goneInOrder(memory);
    expect(gone.slice(0, 50)).toEqual(Array.from({ length: 50 }, (_, index) => String(50 + index)));
    expect(gone.slice(50).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 50 }, (_, index) => String(index)));
  });

  it('leaves a protected key in its place when it is used among the most recent half, and moves it once it has drifted into the older half', () => {
    const memory = createSegmentedMemory<number>(8);
    for (let key = 0; key < 8; key++) {
      memory.set(`k${key}`, key);
      memory.use(`k${key}`);
    }
    // k7 and k6 are among the four last moved in: using them moves neither (a map's delete and insert
    // on every use was the cost); k0 has drifted into the older half and moves to the end.
    memory.use('k7');
    memory.use('k6');
    memory.use('k0');
    expect(goneInOrder(memory)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k0']);
  });

  it('never puts back on probation a key used at least once in every half capacity of keys protected after it', () => {
    const memory = createSegmentedMemory<number>(10);
    memory.set('hot', 0);
    memory.use('hot');
    for (let key = 0; key < 200; key++) {
      memory.set(`k${key}`, key);
      memory.use(`k${key}`);
      if (key % 5 === 4) memory.use('hot');
    }
    // The last ten to go are the protected ones.
    expect(goneInOrder(memory).slice(-10)).toContain('hot');
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

describe('segmented memory: the first entry under any sequence of uses', () => {
  it('names the same first entry as a walk of each segment from its start would, through 20,000 seeded sets, uses, deletes and evictions', () => {
    const capacity = 8;
    const memory = createSegmentedMemory<number>(capacity);
    // What the memory holds, by segment, in order (protected keys with their last move): the reference the kept iterators must agree with.
    const probation: string[] = [];
    const protectedKeys: { key: string; movedAt: number }[] = [];
    let moves = 0;
    let state = 7;
    const random = (below: number): number => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % below;
    };
    const removeOnProbation = (key: string): boolean => {
      const at = probation.indexOf(key);
      if (at >= 0) probation.splice(at, 1);
      return at >= 0;
    };
    const protectedAt = (key: string): number => protectedKeys.findIndex(held => held.key === key);
    const moveToEnd = (at: number): void => {
      const [held] = protectedKeys.splice(at, 1);
      if (held) protectedKeys.push({ key: held.key, movedAt: moves++ });
    };
    let firstsOfProtected = 0;
    for (let step = 0; step < 20_000; step++) {
      const key = `k${random(24)}`;
      const action = random(5);
      if (action === 0) {
        const at = protectedAt(key);
        if (at >= 0) moveToEnd(at);
        else {
          removeOnProbation(key);
          probation.push(key);
        }
        memory.set(key, step);
      } else if (action === 1) {
        const at = protectedAt(key);
        expect(memory.use(key) !== undefined).toBe(at >= 0 || probation.includes(key));
        if (at >= 0) {
          if (moves - (protectedKeys[at]?.movedAt ?? 0) >= capacity / 2) moveToEnd(at);
        } else if (removeOnProbation(key)) {
          protectedKeys.push({ key, movedAt: moves++ });
          if (protectedKeys.length > capacity) probation.push(protectedKeys.shift()?.key ?? '');
        }
      } else if (action === 2) {
        memory.delete(key);
        const at = protectedAt(key);
        if (at >= 0) protectedKeys.splice(at, 1);
        else removeOnProbation(key);
      } else {
        // Evictions, often enough that probation runs dry and the protected segment's first is asked for.
        if (memory.size === 0) continue;
        const [first] = memory.first() ?? [''];
        if (probation.length === 0) firstsOfProtected += 1;
        expect(first).toBe(probation[0] ?? protectedKeys[0]?.key);
        // Looked at without being let go, half the time: the next look, or a use of it, must see the same order.
        if (random(2) === 0) continue;
        memory.delete(first);
        if (!removeOnProbation(first)) protectedKeys.splice(protectedAt(first), 1);
      }
    }
    expect(firstsOfProtected).toBeGreaterThan(100);
  });
});

describe('segmented memory: what its order of use holds', () => {
  it('lets go of values replaced since its first entry was last asked for, as the map itself does (no table V8 has left behind kept alive)', async () => {
    const { setFlagsFromString } = await import('node:v8');
    const { runInNewContext } = await import('node:vm');
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const memory = createSegmentedMemory<object>(0);
    for (let index = 0; index < 300; index++) memory.set(`k${index}`, {});
    memory.first();
    const replaced: WeakRef<object>[] = [];
    // Every value replaced (moved to the end) 30 times over, the first entry never asked for meanwhile.
    for (let round = 0; round < 30; round++) {
      for (let index = 0; index < 300; index++) {
        const value = {};
        memory.set(`k${index}`, value);
        if (round < 29) replaced.push(new WeakRef(value));
      }
    }
    gc();
    await new Promise(resolve => setTimeout(resolve, 0));
    gc();
    const alive = replaced.filter(reference => reference.deref() !== undefined).length;
    // At most about as many as the map holds: what changed since the kept iterator was let go.
    expect(alive).toBeLessThanOrEqual(2 * 300);
    expect(memory.size).toBe(300);
  });
});
