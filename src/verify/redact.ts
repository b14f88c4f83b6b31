const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);
export const REDACTED = '[redacted]';
const MIN_SCRUBBED_LENGTH = 6;

/** Headers as a report may show them: credentials (`Authorization`, the document's API key headers) and cookies replaced. */
export function redactHeaders(headers: Record<string, string>, credentialHeaders: ReadonlySet<string> = new Set()): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, SECRET_HEADERS.has(name.toLowerCase()) || credentialHeaders.has(name.toLowerCase()) ? REDACTED : value]));
}

/** A path and query as a report may show it: the query parameters that carry the document's API keys replaced. */
export function redactQuery(path: string, credentialParameters: ReadonlySet<string>): string {
  const at = path.indexOf('?');
  if (at === -1 || credentialParameters.size === 0) return path;
  const redacted = path
    .slice(at + 1)
    .split('&')
    .map(pair => (credentialParameters.has(queryParameterName(pair)) ? `${pair.split('=')[0] ?? ''}=${REDACTED}` : pair));
  return `${path.slice(0, at)}?${redacted.join('&')}`;
}

/** `path` without the query parameters of these names (decoded), the others as written. */
export function withoutQueryNames(path: string, names: ReadonlySet<string>): string {
  const at = path.indexOf('?');
  if (at === -1 || names.size === 0) return path;
  const kept = path.slice(at + 1).split('&').filter(pair => pair !== '' && !names.has(queryParameterName(pair)));
  return kept.length === 0 ? path.slice(0, at) : `${path.slice(0, at)}?${kept.join('&')}`;
}

/** The name of a query's `name=value` pair, decoded (`+` a space); as written where it is no valid escape. */
function queryParameterName(pair: string): string {
  const raw = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** One scrubber for every secret of a run: each replaced in all its forms, the longest first. */
export function createScrubbers(secrets: readonly string[]): (text: string) => string {
  const each = [...new Set(secrets)].sort((left, right) => right.length - left.length).map(secret => createScrubber(secret));
  return text => each.reduce((scrubbed, scrub) => scrub(scrubbed), text);
}

/**
 * A function that replaces the secret in a text with `[redacted]`, in every form a deployment can
 * echo it: as is, URL-encoded (once or twice, either case of hex, wholly or in part), JSON-escaped
 * (`\/`, `\u002B`), and base64 (standard or URL-safe) of a text holding it, such as `user:token`.
 * A secret shorter than 6 characters is left alone: it would blank out ordinary words (headers
 * that carry it are redacted whatever its length).
 */
export function createScrubber(secret: string | undefined): (text: string) => string {
  if (secret === undefined || secret.length < MIN_SCRUBBED_LENGTH) return text => text;
  // By code point: a character outside ASCII is URL-encoded as its UTF-8 bytes.
  const anyForm = new RegExp(Array.from(secret, formsOf).join(''), 'g');
  // Base64 of a text holding the secret is at least this long.
  const base64Run = new RegExp(`[A-Za-z0-9+/_-]{${Math.floor((Buffer.byteLength(secret) * 4) / 3)},}={0,2}`, 'g');
  return text => {
    if (text.length < secret.length) return text;
    return text.replace(anyForm, REDACTED).replace(base64Run, run => (holdsInBase64(run, secret) ? REDACTED : run));
  };
}

/** Every string in `value` (keys included) with the secret (or each of the secrets) scrubbed, in all its forms. */
export function scrubSecret<T>(value: T, secret: string | readonly string[] | undefined): T {
  return scrubWith(value, typeof secret === 'string' || secret === undefined ? createScrubber(secret) : createScrubbers(secret));
}

export function scrubWith<T>(value: T, scrub: (text: string) => string): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return scrub(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [scrub(key), walk(child)]));
  };
  return walk(value) as T;
}

/** A pattern of one character in any of its escaped forms. */
function formsOf(character: string): string {
  const bytes = [...Buffer.from(character, 'utf8')];
  const code = character.codePointAt(0) ?? 0;
  const forms = [escapeForPattern(character), bytes.map(byte => `%${hexPattern(byte, 2)}`).join(''), bytes.map(byte => `%25${hexPattern(byte, 2)}`).join('')];
  if (code <= 0xffff) forms.push(`\\\\u${hexPattern(code, 4)}`);
  if (character === '/' || character === '"' || character === '\\') forms.push(`\\\\${escapeForPattern(character)}`);
  return `(?:${forms.join('|')})`;
}

/** The hex digits of `value`, each matching either case. */
function hexPattern(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0').replace(/[a-f]/g, digit => `[${digit}${digit.toUpperCase()}]`);
}

function escapeForPattern(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** Whether a run of base64 characters decodes, from some offset, to bytes holding the secret. */
function holdsInBase64(run: string, secret: string): boolean {
  const plain = run.replace(/=+$/, '');
  for (let offset = 0; offset < 4; offset++) {
    if (Buffer.from(plain.slice(offset), 'base64').toString('latin1').includes(Buffer.from(secret, 'utf8').toString('latin1'))) return true;
  }
  return false;
}
