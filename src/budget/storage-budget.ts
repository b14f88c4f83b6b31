/**
 * A number of bytes shared by many holders (every session's store): each reserves what it keeps
 * and gives it back when it lets go, so that together they stay under `max`.
 */
export interface StorageBudget {
  /** Bytes reserved now. */
  readonly used: number;
  /** The most that may be reserved; `Infinity`: no limit. */
  readonly max: number;
  /** True when `bytes` more would fit. */
  fits(bytes: number): boolean;
  /** Counts `bytes` more (or fewer, when negative); the caller checked `fits` where it may refuse. */
  add(bytes: number): void;
}

export function createStorageBudget(max: number = Number.POSITIVE_INFINITY): StorageBudget {
  if (!(max >= 0)) throw new RangeError(`[petstore-mock] A storage budget must be 0 bytes or more, got ${max}.`);
  let used = 0;
  return {
    get used() {
      return used;
    },
    max,
    fits: bytes => used + bytes <= max,
    add(bytes) {
      used = Math.max(0, used + bytes);
    },
  };
}
