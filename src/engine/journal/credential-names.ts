/** What the journal and the HAR export write for a credential's value. */
export const REDACTED = '[redacted]';

/** Names, lower-case with `-` and `_` removed, that carry a credential wherever they appear. */
const CREDENTIALS = new Set(['authorization', 'proxyauthorization', 'cookie', 'setcookie', 'apikey', 'key', 'token', 'auth', 'password', 'secret', 'sig', 'signature']);
/** Endings of such names that mark one too: `X-Api-Key`, `access_token`, `X-Auth-Token`, `client_secret`, `X-Amz-Security-Token`. */
const CREDENTIAL_ENDINGS = /(?:apikey|accesstoken|authtoken|bearertoken|idtoken|refreshtoken|sessiontoken|securitytoken|secret|password|passwd|signature|credential)$/;

const NO_NAMES: ReadonlySet<string> = new Set();
const known = new Map<string, boolean>();
/** Names remembered, at most: a request's header names repeat, so each is looked at once. */
const KNOWN_NAMES = 1024;

/**
 * Whether a header or query parameter of this name carries a credential, so the journal and the
 * HAR export keep `[redacted]` instead of its value: the usual ones (`Authorization`, `Cookie`,
 * `X-Api-Key`, `api_key`, `access_token`, …) whether or not the document declares them, and the
 * names in `declared` (lower-case), for a caller that knows more, e.g. from the document's
 * security schemes.
 */
export function isCredentialName(name: string, declared: ReadonlySet<string> = NO_NAMES): boolean {
  const lower = name.toLowerCase();
  if (declared.size > 0 && declared.has(lower)) return true;
  let credential = known.get(lower);
  if (credential === undefined) {
    const compact = lower.replace(/[-_.\s]/g, '');
    credential = CREDENTIALS.has(compact) || CREDENTIAL_ENDINGS.test(compact);
    if (known.size < KNOWN_NAMES) known.set(lower, credential);
  }
  return credential;
}

/** A header's or query parameter's value as the journal may show it. */
export function redactedValue(name: string, value: string, declared?: ReadonlySet<string>): string {
  return isCredentialName(name, declared) ? REDACTED : value;
}

/** A path whose query's credentials (`?api_key=…`, `&access_token=…`) read `[redacted]`; the same string when it has none. */
export function redactedPath(path: string, declared?: ReadonlySet<string>): string {
  const search = path.indexOf('?');
  if (search === -1) return path;
  const parameters = path.slice(search + 1).split('&');
  let changed = false;
  for (const [index, parameter] of parameters.entries()) {
    const equals = parameter.indexOf('=');
    if (equals === -1 || !isCredentialName(decodeName(parameter.slice(0, equals)), declared)) continue;
    parameters[index] = `${parameter.slice(0, equals + 1)}${REDACTED}`;
    changed = true;
  }
  return changed ? `${path.slice(0, search + 1)}${parameters.join('&')}` : path;
}

function decodeName(encoded: string): string {
  // Most names are plain (`limit`, `status`): nothing to decode.
  if (!encoded.includes('%') && !encoded.includes('+')) return encoded;
  try {
    return decodeURIComponent(encoded.replace(/\+/g, ' '));
  } catch {
    return encoded;
  }
}
