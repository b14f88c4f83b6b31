import type { MockRequest } from '../types.js';

/** Header names lower-cased, in an object with no prototype, as Prism reads them. */
export function lowerCaseHeaders(headers: MockRequest['headers']): Record<string, string> {
  const lower: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) lower[name.toLowerCase()] = value;
  return lower;
}

/**
 * The host (and port) an absolute request-target names (`GET http://petstore:4010/v1/pets`), which
 * HTTP/1.1 has an origin server go by instead of `Host`; undefined for a path-and-query.
 */
export function authorityOf(url: string): string | undefined {
  return url.startsWith('/') ? undefined : /^[a-z][a-z\d+.-]*:\/\/(?:[^/?#@]*@)?([^/?#]*)/i.exec(url)?.[1];
}

/** Path and query string of a path-and-query or absolute URL; the origin and fragment are dropped. */
export function splitUrl(url: string): { path: string; search: string } {
  const withoutOrigin = url.startsWith('/') ? url : url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '') || '/';
  const hash = withoutOrigin.indexOf('#');
  const target = hash === -1 ? withoutOrigin : withoutOrigin.slice(0, hash);
  const question = target.indexOf('?');
  return question === -1 ? { path: target || '/', search: '' } : { path: target.slice(0, question) || '/', search: target.slice(question + 1) };
}

/** Query parameters as Prism takes them: a repeated name gives an array. */
export function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(search)) {
    const existing = query[name];
    query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

/** The parameter name of each segment of a path template (`/pets/{petId}`: `[undefined, undefined, 'petId']`), undefined for a literal one. */
export function templateSegmentNames(template: string): (string | undefined)[] {
  return template.split('/').map(segment => /^\{(.+)\}$/.exec(segment)?.[1]);
}

/** The texts of a path's templated segments, percent-decoded (`/pets/0x10`: petId `0x10`); a segment that does not decode is kept as sent. */
export function pathParameterTexts(segmentNames: readonly (string | undefined)[], path: string): Record<string, string> {
  const texts: Record<string, string> = Object.create(null) as Record<string, string>;
  const segments = path.split('/');
  segmentNames.forEach((name, index) => {
    const value = segments[index];
    if (name !== undefined && value !== undefined) texts[name] = decodePathSegment(value);
  });
  return texts;
}

/** A path segment percent-decoded; one that does not decode (`%zz`) is kept as sent. */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
