/** A small seeded PRNG (mulberry32): fuzz cases are the same on every run. */
export function createRandom(seed: number): { next(): number; pick<T>(items: readonly T[]): T; int(max: number): number } {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number): number => Math.floor(next() * max);
  return { next, int, pick: items => items[int(items.length)] as (typeof items)[number] };
}
