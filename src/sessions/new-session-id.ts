/**
 * A random session id: `crypto.randomUUID()` where the runtime has it. Browsers offer it only in
 * secure contexts (https, localhost); a page opened at an `http://` LAN address gets a version 4
 * UUID built from `crypto.getRandomValues`, which every context has.
 */
export function newSessionId(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  return uuidFromRandomBytes(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/** RFC 9562's version 4 layout over 16 random bytes. */
export function uuidFromRandomBytes(bytes: Uint8Array): string {
  const octets = Uint8Array.from(bytes);
  octets[6] = ((octets[6] ?? 0) & 0x0f) | 0x40;
  octets[8] = ((octets[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(octets, octet => octet.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
