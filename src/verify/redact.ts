const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);
export const REDACTED = '[redacted]';
const MIN_SCRUBBED_LENGTH = 6;

/** Headers as a report may show them: credentials and cookies replaced. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value]));
}

/** Every string in `value` with the secret replaced: a deployment that echoes the token cannot leak it into a report. */
export function scrubSecret<T>(value: T, secret: string | undefined): T {
  // A token this short would blank out ordinary words; headers are redacted whatever its length.
  if (secret === undefined || secret.length < MIN_SCRUBBED_LENGTH) return value;
  const scrub = (node: unknown): unknown => {
    if (typeof node === 'string') return node.split(secret).join(REDACTED);
    if (Array.isArray(node)) return node.map(scrub);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, scrub(child)]));
  };
  return scrub(value) as T;
}
