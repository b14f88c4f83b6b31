/**
 * The bytes of bodies the server holds across all connections: a request's body from its first byte
 * read (its whole declared `Content-Length` at once) until its answer is sent, a delayed answer's
 * wait included, and each answer's body until it is written. Requests are refused once it is spent;
 * an answer, whose request was carried out already, is always counted, never refused.
 */
export interface BodyBudget {
  readonly limit: number;
  readonly inUse: number;
  /** Counts `bytes` when they fit within the limit; false, counting nothing, when they do not. */
  take(bytes: number): boolean;
  /** Counts `bytes` whether or not they fit: an answer the mock owes. */
  add(bytes: number): void;
  give(bytes: number): void;
}

export function createBodyBudget(limit: number): BodyBudget {
  let inUse = 0;
  return {
    limit,
    get inUse() {
      return inUse;
    },
    take(bytes) {
      if (inUse + bytes > limit) return false;
      inUse += bytes;
      return true;
    },
    add(bytes) {
      inUse += bytes;
    },
    give(bytes) {
      inUse -= bytes;
    },
  };
}
