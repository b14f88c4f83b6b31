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
  const url = first.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const fallback = first.variables?.[name]?.default;
    return typeof fallback === 'string' || typeof fallback === 'number' ? String(fallback) : '';
  });
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
