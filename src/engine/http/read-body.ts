export type ReadBodyResult =
  | { body: Uint8Array; tooLarge: false; refused?: never }
  | { body: undefined; tooLarge: true; refused?: never }
  /** `reserve` said no: the body was left unread from there on. */
  | { body: undefined; tooLarge: false; refused: true };

export interface ReadBodyOptions {
  /** The request's Content-Length, when it has one: a larger one is refused unread. */
  declaredLength?: string | null | undefined;
  /**
   * Keep reading (and dropping) the chunks past the limit instead of stopping. Fetch bodies need it:
   * cancelling an intercepted MSW request body never settles, while Node drops an unread request
   * body by itself.
   */
  drain?: boolean;
  /**
   * Asked for room before bytes are held: for the whole declared length at once, else for each
   * chunk as it arrives. A false answer stops the reading (the bytes reserved so far stay reserved:
   * the caller gives them back).
   */
  reserve?: (bytes: number) => boolean;
}

/**
 * Collects a body from any stream of chunks (a Node request or a Fetch body), never holding more than
 * `limit` bytes of it, so an oversized upload never sits in memory.
 */
export async function readBody(chunks: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>, limit: number, options: ReadBodyOptions = {}): Promise<ReadBodyResult> {
  const declaredTooLarge = options.declaredLength != null && Number(options.declaredLength) > limit;
  if (declaredTooLarge && !options.drain) return { body: undefined, tooLarge: true };
  const { reserve } = options;
  const declared = options.declaredLength != null && !declaredTooLarge ? Number(options.declaredLength) : 0;
  if (reserve && declared > 0 && !reserve(declared)) return { body: undefined, tooLarge: false, refused: true };
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunksOf(chunks)) {
    size += chunk.byteLength;
    if (size <= limit && !declaredTooLarge) {
      // Bytes past the declared length (none, over HTTP/1.1) or of a body of unknown length.
      const unreserved = Math.min(chunk.byteLength, size - declared);
      if (reserve && unreserved > 0 && !reserve(unreserved)) return { body: undefined, tooLarge: false, refused: true };
      parts.push(chunk);
    } else if (!options.drain) return { body: undefined, tooLarge: true };
  }
  if (size > limit || declaredTooLarge) return { body: undefined, tooLarge: true };
  return { body: parts.length === 1 && parts[0] ? parts[0] : concat(parts, size), tooLarge: false };
}

/**
 * The chunks of a Node stream, or of a Fetch body read with its reader: Safari's ReadableStream is
 * not async-iterable, so `for await` over a request body fails there.
 */
async function* chunksOf(chunks: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (!isReadableStream(chunks)) {
    yield* chunks;
    return;
  }
  const reader = chunks.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    reader.releaseLock();
  }
}

function isReadableStream(chunks: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): chunks is ReadableStream<Uint8Array> {
  return typeof (chunks as Partial<ReadableStream>).getReader === 'function';
}

/** `Buffer.concat` for every runtime. */
function concat(parts: readonly Uint8Array[], size: number): Uint8Array {
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}
