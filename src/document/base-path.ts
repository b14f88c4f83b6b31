/** A server of the document, as OpenAPI writes it: a URL that may hold `{variables}`, with their defaults. */
interface ServerObject {
  url: string;
  variables?: Readonly<Record<string, { default?: unknown }>>;
}

/**
 * The path the document's first server URL ends in (`/v1`), which requests carry before an
 * operation's path; '' without servers. Its `{variables}` take their defaults
 * (`{protocol}://api.example.com/{basePath}`). Other servers (staging, a second region) are
 * deployments of the same API: the mock serves the first one's path.
 */
export function readBasePath(source: { servers?: readonly ServerObject[] | undefined }): string {
  const first = source.servers?.[0];
  if (!first) return '';
  const url = serverUrl(first);
  // A scheme-relative or hostless URL (`//api.example.com/v1`, `/v1`, `v1`) is read against a placeholder origin.
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(url) ? url : `http://localhost${url.startsWith('/') ? '' : '/'}${url}`;
  let pathname: string;
  try {
    pathname = new URL(absolute).pathname;
  } catch {
    throw new RangeError(`has a server URL that is no URL (${JSON.stringify(first.url)})`);
  }
  return decodeURIComponent(pathname).replace(/\/+$/, '');
}

/** The first server URL's `{variables}` at their defaults. */
function serverUrl(server: ServerObject): string {
  return server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const fallback = server.variables?.[name]?.default;
    return typeof fallback === 'string' || typeof fallback === 'number' ? String(fallback) : '';
  });
}

/** The origin of the document's first server (`https://localhost:44340`), where it names one over HTTP(S); else undefined. */
export function readServerOrigin(source: { servers?: readonly ServerObject[] | undefined }): string | undefined {
  const first = source.servers?.[0];
  const url = first === undefined || typeof first.url !== 'string' ? undefined : serverUrl(first);
  if (url === undefined || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Whether `path` is `basePath` itself or below it (`/v1/pets` is under `/v1`; `/v10/pets` is not). */
export function isUnderBasePath(path: string, basePath: string): boolean {
  return path === basePath || path.startsWith(`${basePath}/`);
}
