/**
 * A number of bytes the mock may hold for its clients, shared by the holders of one kind (every
 * session's store, the journal's entries, one session's overrides, the requests and answers in flight,
 * the remembered answers): each counts what it keeps and gives it back when it lets go, so that
 * together they stay under `max`. Every byte a client can make the mock hold is counted in one of these;
 * `limit` names the option that sets it, as refusals and `GET /__admin/settings` name it.
 */
export interface ByteBudget {
  /** The option that sets `max` (`maxStoredBytes`, `journalBytes`, …). */
  readonly limit: string;
  /** The most that may be held; `Infinity`: no limit. */
  readonly max: number;
  /** Bytes held now. */
  readonly used: number;
  /** True when `bytes` more would fit. */
  fits(bytes: number): boolean;
  /** Counts `bytes` when they fit; false, counting nothing, when they do not. */
  take(bytes: number): boolean;
  /**
   * Counts `bytes` whether or not they fit (what the mock owes: an answer whose request was carried
   * out), or, when negative, gives them back. The caller checked `fits` where it may refuse.
   */
  add(bytes: number): void;
  /** Gives back `bytes` taken or added before; never below 0. */
  give(bytes: number): void;
  /** Gives back everything held (the holders let go of all of it at once). */
  clear(): void;
  /** `{used, max}`, as `GET /__admin/settings` shows each limit. */
  usage(): { used: number; max: number };
}

/** A budget of `max` bytes (0 or more; `Infinity` for none) for the holders of the option `limit`. */
export function createByteBudget(limit: string, max: number = Number.POSITIVE_INFINITY): ByteBudget {
  if (!(max >= 0)) throw new RangeError(`[petstore-mock] ${limit} must be 0 bytes or more, got ${max}.`);
  let used = 0;
  return {
    limit,
    max,
    get used() {
      return used;
    },
    fits: bytes => used + bytes <= max,
    take(bytes) {
      if (used + bytes > max) return false;
      used += bytes;
      return true;
    },
    add(bytes) {
      used = Math.max(0, used + bytes);
    },
    give(bytes) {
      used = Math.max(0, used - bytes);
    },
    clear() {
      used = 0;
    },
    usage: () => ({ used, max }),
  };
}

/** The option and its flag, as a refusal names them: `maxStoredBytes` → `maxStoredBytes, --max-stored-bytes`. */
export function namesOfLimit(limit: string): string {
  return `${limit}, --${limit.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)}`;
}
