import type { MockRequest } from '../types.js';

/** Header names lower-cased, in an object with no prototype, as Prism reads them. */
export function lowerCaseHeaders(headers: MockRequest['headers']): Record<string, string> {
  const lower: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && Object.hasOwn(headers, name)) lower[name.toLowerCase()] = value;
  }
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

/** A templated segment of a path: its parameter and the literal text around it (`{id}.json`: `id`, `''`, `.json`). */
export interface TemplateSegment {
  readonly name: string;
  readonly prefix: string;
  readonly suffix: string;
}

/**
 * Each segment of a path template as a template (`/pets/{petId}`: `[undefined, undefined, {name: 'petId'}]`),
 * undefined for a literal one; a segment holds one parameter, with literal text before or after it
 * (Discourse's `/posts/{id}.json`).
 */
function templateSegments(template: string): (TemplateSegment | undefined)[] {
  return template.split('/').map(segment => {
    const match = /^([^{}]*)\{([^{}]+)\}([^{}]*)$/.exec(segment);
    return match === null ? undefined : { prefix: match[1] ?? '', name: match[2] ?? '', suffix: match[3] ?? '' };
  });
}

/** Each operation's template segments, read once per operation (keyed by the operation object, which a document holds). */
const segmentsOfOperations = new WeakMap<{ readonly path: string }, (TemplateSegment | undefined)[]>();

/** `templateSegments` of an operation's path, read once per operation: a request's path parameters are read by it on every request. */
export function templateSegmentsOf(operation: { readonly path: string }): readonly (TemplateSegment | undefined)[] {
  let segments = segmentsOfOperations.get(operation);
  if (segments === undefined) segmentsOfOperations.set(operation, (segments = templateSegments(operation.path)));
  return segments;
}

/** The texts of a path's templated segments, less the literal text around them, percent-decoded (`/pets/0x10`: petId `0x10`); a segment that does not decode is kept as sent. */
export function pathParameterTexts(segments: readonly (TemplateSegment | undefined)[], path: string): Record<string, string> {
  const texts: Record<string, string> = Object.create(null) as Record<string, string>;
  const values = path.split('/');
  segments.forEach((segment, index) => {
    const value = values[index];
    if (segment === undefined || value === undefined) return;
    const { prefix, suffix } = segment;
    const bare = value.length >= prefix.length + suffix.length && value.startsWith(prefix) && value.endsWith(suffix) ? value.slice(prefix.length, value.length - suffix.length) : value;
    texts[segment.name] = decodePathSegment(bare);
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
