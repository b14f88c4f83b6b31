import MIMEType from 'whatwg-mimetype';

/**
 * Prism throws, instead of reporting, on two kinds of input a client can send: a Content-Type that
 * is not a media type (whatwg-mimetype refuses it) and a path segment that is not valid
 * percent-encoding (its URI template matcher calls decodeURIComponent). These helpers make such
 * input safe to hand to Prism without changing what it means.
 */

/** The Content-Type header only if it parses as a media type (by Prism's own parser); a broken one counts as absent. */
export function parsableContentType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  // A client sends the same one with every body: parsed once.
  if (contentType === lastParsable) return contentType;
  if (MIMEType.parse(contentType) === null) return undefined;
  lastParsable = contentType;
  return contentType;
}

let lastParsable: string | undefined;

/** Escapes the `%` of a segment that does not decode, so it reaches Prism as the literal text sent. */
export function escapeUndecodableSegments(path: string): string {
  if (!path.includes('%')) return path;
  return path
    .split('/')
    .map(segment => (decodeSegment(segment) === undefined ? segment.replaceAll('%', '%25') : segment))
    .join('/');
}

/**
 * The decoded segment, or undefined when it is not valid percent-encoding. The result is returned,
 * not dropped: Vite 8's minifier removes a `decodeURIComponent(x)` whose value is unused, and with it
 * the throw this relies on (then `GET /v1/pets/%zz` reached Prism's matcher and answered 500).
 */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
