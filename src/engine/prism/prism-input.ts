import { MIMEType } from 'node:util';

/**
 * Prism throws, instead of reporting, on two kinds of input a client can send: a Content-Type that
 * is not a media type (whatwg-mimetype refuses it) and a path segment that is not valid
 * percent-encoding (its URI template matcher calls decodeURIComponent). These helpers make such
 * input safe to hand to Prism without changing what it means.
 */

/** The Content-Type header only if it parses as a media type; a broken one counts as absent. */
export function parsableContentType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  try {
    new MIMEType(contentType);
    return contentType;
  } catch {
    return undefined;
  }
}

/** Escapes the `%` of a segment that does not decode, so it reaches Prism as the literal text sent. */
export function escapeUndecodableSegments(path: string): string {
  if (!path.includes('%')) return path;
  return path
    .split('/')
    .map(segment => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return segment.replaceAll('%', '%25');
      }
    })
    .join('/');
}
