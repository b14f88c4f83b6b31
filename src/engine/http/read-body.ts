export type ReadBodyResult = { body: Uint8Array; tooLarge: false } | { body: undefined; tooLarge: true };

export interface ReadBodyOptions {
  /** The request's Content-Length, when it has one: a larger one is refused unread. */
  declaredLength?: string | null | undefined;
  /**
   * Keep reading (and dropping) the chunks past the limit instead of stopping. Fetch bodies need it:
   * cancelling an intercepted MSW request body never settles, while Node drops an unread request
   * body by itself.
   */
  drain?: boolean;
}

/**
 * Collects a body from any stream of chunks (a Node request or a Fetch body), never holding more than
 * `limit` bytes of it, so an oversized upload never sits in memory.
 */
export async function readBody(chunks: AsyncIterable<Uint8Array>, limit: number, options: ReadBodyOptions = {}): Promise<ReadBodyResult> {
  const declaredTooLarge = options.declaredLength != null && Number(options.declaredLength) > limit;
  if (declaredTooLarge && !options.drain) return { body: undefined, tooLarge: true };
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size <= limit && !declaredTooLarge) parts.push(chunk);
    else if (!options.drain) return { body: undefined, tooLarge: true };
  }
  if (size > limit || declaredTooLarge) return { body: undefined, tooLarge: true };
  return { body: parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts, size), tooLarge: false };
}
