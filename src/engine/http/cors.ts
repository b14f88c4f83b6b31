/** Response headers browser code may read: the deprecation trio, the auth challenge and friends. */
const EXPOSED_HEADERS = ['Deprecation', 'Sunset', 'Link', 'Location', 'WWW-Authenticate', 'Allow', 'Retry-After', 'X-Petstore-Session-Opened'].join(', ');

const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Prefer', 'X-Petstore-Session'];

const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** Headers added to every response when CORS is on. */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'Origin',
  };
}

export function isPreflight(method: string, headers: (name: string) => string | undefined): boolean {
  return method === 'OPTIONS' && headers('access-control-request-method') !== undefined;
}

/** The answer to a preflight: any method the document has, the headers a client sends. */
export function preflightHeaders(origin: string | undefined, methods: readonly string[], requestedHeaders: string | undefined): Record<string, string> {
  const requested = (requestedHeaders ?? '').split(',').map(name => name.trim()).filter(Boolean);
  const allowed = [...new Set([...ALLOWED_HEADERS, ...requested].map(name => name.toLowerCase()))];
  return {
    ...corsHeaders(origin),
    'access-control-allow-methods': methods.join(', '),
    'access-control-allow-headers': allowed.join(', '),
    'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
  };
}
