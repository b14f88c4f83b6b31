const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** The offset (from 0) of the first byte of the first sequence in `bytes` that is no UTF-8 character; undefined when there is none. */
export function firstNonUtf8Byte(bytes: Uint8Array): number | undefined {
  try {
    strictDecoder.decode(bytes);
    return undefined;
  } catch {
    // Rare: find the offset by decoding ever longer prefixes, halving the range.
    let good = 0;
    let bad = bytes.byteLength;
    while (bad - good > 1) {
      const middle = (good + bad) >>> 1;
      if (decodesAsPrefix(bytes.subarray(0, middle))) good = middle;
      else bad = middle;
    }
    // The first `good` bytes may end in the start of the sequence that then fails: it begins there.
    let start = good;
    while (start > 0 && good - start < 3 && ((bytes[start - 1] ?? 0) & 0xc0) === 0x80) start--;
    return start > 0 && (bytes[start - 1] ?? 0) >= 0xc0 ? start - 1 : good;
  }
}

/** Whether these bytes are UTF-8 but perhaps for a character cut off at their end. */
function decodesAsPrefix(bytes: Uint8Array): boolean {
  try {
    // A decoder of its own: one left in the middle of a character would throw on its next use.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}
