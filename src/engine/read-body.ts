export type ReadBodyResult = { body: Uint8Array; tooLarge: false } | { body: undefined; tooLarge: true };

/**
 * Collects a body from any stream of chunks (a Node request or a Fetch body), stopping as soon as
 * it passes `limit` bytes so an oversized upload never sits in memory.
 */
export async function readBody(chunks: AsyncIterable<Uint8Array>, limit: number, declaredLength?: string | null): Promise<ReadBodyResult> {
  if (declaredLength && Number(declaredLength) > limit) return { body: undefined, tooLarge: true };
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) return { body: undefined, tooLarge: true };
    parts.push(chunk);
  }
  return { body: parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts, size), tooLarge: false };
}
