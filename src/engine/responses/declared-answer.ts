import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import type { IHttpOperation, IHttpOperationResponse } from '@stoplight/types';
import type { JsonSchema } from '../../document/index.js';
import { createPetFaker } from '../../fixtures/pet-faker.js';
import { fakeValue } from '../../fixtures/schema-values.js';
import { jsonText } from './json-text.js';

/** What a declared response asks of an answer, read once: its JSON media types, and its required headers' generated values. */
interface DeclaredNeeds {
  readonly json: readonly string[];
  /** By lower-case name; `etag` is computed per answer, so absent here. */
  readonly generated: ReadonlyMap<string, string>;
  readonly entityTag: boolean;
  /** The `Location` it declares is an absolute URI (`format: uri`): a path the engine made is prefixed with the request's origin. */
  readonly absoluteLocation: boolean;
}

/**
 * A stateful answer as the operation declares it: in the JSON media type it lists for that status
 * (a vendor type, `application/vnd.api+json; ext=…`, `application/hal+json`: the one the request's
 * `Accept` names, else the first), with every header it declares required: an `ETag` from the
 * body's content, the others generated from their schema, seeded, once; a `Location` it declares
 * an absolute URI (`format: uri`) names the request's origin (`origin`). An answer already in a
 * declared type, carrying every required header, is returned as it is. `engineHeaders`: those the
 * engine adds afterwards itself (the deprecation trio), by operation.
 */
export function createDeclaredAnswers(seed: number, engineHeaders: (operationId: string) => Readonly<Record<string, string>> | undefined) {
  const needsOf = new WeakMap<IHttpOperationResponse, DeclaredNeeds>();
  const readNeeds = (operationId: string, declared: IHttpOperationResponse): DeclaredNeeds => {
    let needs = needsOf.get(declared);
    if (needs !== undefined) return needs;
    const added = new Set(Object.keys(engineHeaders(operationId) ?? {}).map(name => name.toLowerCase()));
    const generated = new Map<string, string>();
    let entityTag = false;
    let absoluteLocation = false;
    for (const header of declared.headers ?? []) {
      const name = header.name.toLowerCase();
      if (name === 'location' && ABSOLUTE_FORMATS.has(String((header.schema as JsonSchema | undefined)?.format))) absoluteLocation = true;
      if (header.required !== true || added.has(name) || name === 'content-type' || name === 'location') continue;
      if (name === 'etag') entityTag = true;
      else generated.set(name, headerValue(header.schema as JsonSchema | undefined, name, seed));
    }
    needs = { json: (declared.contents ?? []).map(content => content.mediaType).filter(mediaType => /json/i.test(mediaType)), generated, entityTag, absoluteLocation };
    needsOf.set(declared, needs);
    return needs;
  };
  return (operation: IHttpOperation, request: IHttpRequest, response: IHttpResponse, origin: string | undefined): IHttpResponse => {
    const declared = declaredResponse(operation, response.statusCode);
    if (declared === undefined) return response;
    const needs = readNeeds(operation.iid ?? '', declared);
    const mediaType = response.body === undefined ? undefined : declaredMediaType(needs.json, response.headers?.['content-type'], request);
    const location = response.headers?.['location'];
    const absolute = needs.absoluteLocation && origin !== undefined && location?.startsWith('/') === true ? `${origin}${location}` : undefined;
    if (mediaType === undefined && needs.generated.size === 0 && !needs.entityTag && absolute === undefined) return response;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers ?? {})) headers[name.toLowerCase()] = value;
    if (mediaType !== undefined) headers['content-type'] = mediaType;
    for (const [name, value] of needs.generated) headers[name] ??= value;
    if (needs.entityTag) headers['etag'] ??= entityTag(response.body);
    if (absolute !== undefined) headers['location'] = absolute;
    return { ...response, headers };
  };
}

/** `location` as the response declared for the status asks: under `origin` where it declares the header an absolute URI (`format: uri`), else as it is. */
export function absoluteLocation(operation: IHttpOperation, status: number, location: string, origin: string | undefined): string {
  if (origin === undefined || !location.startsWith('/')) return location;
  const header = declaredResponse(operation, status)?.headers?.find(each => each.name.toLowerCase() === 'location');
  return ABSOLUTE_FORMATS.has(String((header?.schema as JsonSchema | undefined)?.format)) ? `${origin}${location}` : location;
}

const ABSOLUTE_FORMATS = new Set(['uri', 'url', 'iri']);

/** The response declared for a status: by its code, else its range (`2XX`), else `default`. */
function declaredResponse(operation: IHttpOperation, status: number): IHttpOperationResponse | undefined {
  const responses = operation.responses;
  return responses.find(response => response.code === String(status)) ?? responses.find(response => response.code.toUpperCase() === `${String(status).charAt(0)}XX`) ?? responses.find(response => response.code === 'default');
}

/** The declared JSON media type to answer in, where the answer's own is not among those declared; undefined to keep it. */
function declaredMediaType(json: readonly string[], current: string | undefined, request: IHttpRequest): string | undefined {
  if (json.length === 0 || (current !== undefined && json.includes(current))) return undefined;
  const essence = (mediaType: string): string => (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  const accept = Object.entries(request.headers ?? {}).find(([name]) => name.toLowerCase() === 'accept')?.[1] ?? '';
  const accepted = accept.split(',').map(part => part.trim()).filter(part => part !== '');
  return json.find(mediaType => accepted.includes(mediaType)) ?? json.find(mediaType => accepted.some(part => essence(part) === essence(mediaType))) ?? json[0];
}

/** A strong entity tag of the body's content (FNV-1a of its JSON): equal bodies, equal tags; any change, another. */
function entityTag(body: unknown): string {
  const text = body === undefined ? '' : jsonText(body);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `"${hash.toString(16).padStart(8, '0')}-${text.length.toString(16)}"`;
}

/** A required header's value generated from its schema (a string where it has none). */
function headerValue(schema: JsonSchema | undefined, name: string, seed: number): string {
  const value = fakeValue(schema ?? { type: 'string' }, name, { faker: createPetFaker(seed), now: new Date(0), assigned: true });
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
}
