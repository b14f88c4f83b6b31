import { mergeAllOf, typeIncludes, type JsonSchema } from '../json-schema.js';

/** One segment of a resource name: a fixed word of the item path, or the path parameter whose value stands there. */
export type NameSegment = { readonly literal: string } | { readonly parameter: string };

/**
 * A key that is a resource name (Google's AIP-122, every document `protoc-gen-openapi` writes): the
 * item path's template below the API root (`memos/{memo}` for `/api/v1/memos/{memo}`,
 * `users/{user}/webhooks/{webhook}`), each template filled with its path parameter's value
 * (`memos/abc`, `users/7/webhooks/abc`). Parameters named as the item path names them; the last is the record's own.
 */
export interface ResourceName {
  readonly segments: readonly NameSegment[];
}

const TEMPLATE = /^\{([^}/]+)\}$/;
/** Words joined by `/` (`memos/{memo}`, `users/{user}/webhooks/{webhook}`), as a description writes a resource name's format. */
const SLASHED = /[\w.{}-]+(?:\/[\w.{}-]+)+/g;

/**
 * The property of a record that holds its resource name, and that name's template, read from the
 * document: the evidence, strongest first, is
 * 1. a string property whose description names the item path's template below the API root (`Format:
 *    memos/{memo}` for `/api/v1/memos/{memo}`; parameter names aside, as `{linked_identity}` names
 *    `{linkedIdentity}`); where several do (a memo's `parent` names another memo), the one called `name`;
 * 2. else a string property `name` where a create of the collection chooses the id by a query parameter
 *    named after the item path's parameter (AIP-133's `memoId` for `{memo}`): the template is the item
 *    path's last run of `word/{parameter}` pairs.
 * Only asked where the item path's parameter names no property (the key found by name comes first).
 */
export function findResourceName(schema: JsonSchema, itemPaths: readonly string[], createQueryNames: readonly string[]): { property: string; name: ResourceName } | undefined {
  const properties = schema.properties ?? {};
  const strings = Object.entries(properties).filter(([, property]) => typeIncludes(mergeAllOf(property), 'string'));
  for (const itemPath of itemPaths) {
    const described = strings.flatMap(([property, value]) => {
      const name = describedTemplate(itemPath, descriptionOf(value));
      return name === undefined ? [] : [{ property, name }];
    });
    const chosen = described.length === 1 ? described[0] : described.find(candidate => candidate.property === 'name');
    if (chosen !== undefined) return chosen;
  }
  const named = strings.find(([property]) => property === 'name');
  for (const itemPath of itemPaths) {
    const name = trailingPairs(itemPath);
    const own = name === undefined ? undefined : lastParameter(name);
    if (named !== undefined && name !== undefined && own !== undefined && createQueryNames.some(query => spelling(query) === `${spelling(own)}id`)) return { property: named[0], name };
  }
  return undefined;
}

/** The query parameter of a create that chooses the new record's id (AIP-133): `<the name's own parameter>Id` (`memoId`), or `<the path's noun>Id` (`commentId` at `/memos/{memo}/comments`). */
export function idParameterOf(name: ResourceName, createPath: string, queryNames: readonly string[], singularOf: (noun: string) => string): string | undefined {
  const noun = createPath.split('/').filter(segment => segment !== '' && !segment.includes('{')).at(-1);
  const wanted = [lastParameter(name), noun === undefined ? undefined : singularOf(noun)].flatMap(word => (word === undefined ? [] : [`${spelling(word)}id`]));
  return queryNames.find(query => wanted.includes(spelling(query)));
}

/** The parameter whose value ends the name: the record's own (`memo`). */
export function lastParameter(name: ResourceName): string | undefined {
  const last = name.segments.at(-1);
  return last !== undefined && 'parameter' in last ? last.parameter : undefined;
}

/** The name the values fill in (`memos/abc`); undefined where one is missing or holds a `/`. */
export function fillResourceName(name: ResourceName, valueOf: (parameter: string) => unknown): string | undefined {
  const parts: string[] = [];
  for (const segment of name.segments) {
    if ('literal' in segment) {
      parts.push(segment.literal);
      continue;
    }
    const value = valueOf(segment.parameter);
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '' || String(value).includes('/')) return undefined;
    parts.push(String(value));
  }
  return parts.join('/');
}

/** The values a name holds, by parameter (`users/7/webhooks/abc` → `{user: '7', webhook: 'abc'}`); undefined for a name the template does not spell. */
export function resourceNameValues(name: ResourceName, key: unknown): Record<string, string> | undefined {
  if (typeof key !== 'string') return undefined;
  const parts = key.split('/');
  if (parts.length !== name.segments.length) return undefined;
  const values: Record<string, string> = {};
  for (const [index, segment] of name.segments.entries()) {
    const part = parts[index] ?? '';
    if ('literal' in segment ? part !== segment.literal : part === '') return undefined;
    if ('parameter' in segment) values[segment.parameter] = part;
  }
  return values;
}

/**
 * An item path (`/api/v1/users/{user}/webhooks/{webhook}`) with the values a name holds in its last
 * segments, by place (parameter names aside); undefined where its last segments do not spell the name.
 */
export function itemPathOfName(path: string, name: ResourceName, key: unknown): string | undefined {
  const parts = typeof key === 'string' ? key.split('/') : [];
  const segments = path.split('/');
  const start = segments.length - name.segments.length;
  if (parts.length !== name.segments.length || start < 1) return undefined;
  for (const [index, segment] of name.segments.entries()) {
    const written = segments[start + index] ?? '';
    if ('literal' in segment ? written !== segment.literal : !TEMPLATE.test(written)) return undefined;
    if ('parameter' in segment) segments[start + index] = encodeURIComponent(parts[index] ?? '');
  }
  return segments.join('/');
}

/** A schema's description, or its `allOf` parts' (`allOf: [X], description: …` as generators write it). */
function descriptionOf(schema: JsonSchema): string {
  const own = (schema as Record<string, unknown>)['description'];
  return [typeof own === 'string' ? own : '', ...(schema.allOf ?? []).map(part => descriptionOf(part))].join('\n');
}

/**
 * The property of a record that holds the resource name of a record of `parent` (a memo's `parent`,
 * `Format: memos/{memo}`): a string property, not `key`, whose description names the parent's template.
 */
export function propertyNaming(schema: JsonSchema, parent: ResourceName, key: string): string | undefined {
  return Object.entries(schema.properties ?? {}).find(([property, value]) => property !== key && typeIncludes(mergeAllOf(value), 'string') && (descriptionOf(value).match(SLASHED) ?? []).some(written => spellsName(written, parent)))?.[0];
}

/** Whether a template written in a description (`memos/{memo_id}`) is the name's, parameter names aside. */
function spellsName(written: string, name: ResourceName): boolean {
  const words = written.split('/');
  return words.length === name.segments.length && name.segments.every((segment, index) => {
    const word = words[index] ?? '';
    return 'literal' in segment ? !TEMPLATE.test(word) && spelling(word) === spelling(segment.literal) : TEMPLATE.test(word);
  });
}

/** Whether the parent's name is the start of the child's (`users/{user}` of `users/{user}/webhooks/{webhook}`): the child's name says its parent. */
export function nameStartsWith(child: ResourceName, parent: ResourceName): boolean {
  if (parent.segments.length >= child.segments.length) return false;
  return parent.segments.every((segment, index) => {
    const own = child.segments[index];
    return own !== undefined && ('literal' in segment ? 'literal' in own && own.literal === segment.literal : 'parameter' in own);
  });
}

/** A child's name moved under a parent (`users/x/webhooks/abc` under `users/7` → `users/7/webhooks/abc`): the parent's name, then the rest of the child's. */
export function nameUnder(key: string, parentKey: string): string {
  const parentParts = parentKey.split('/');
  return [...parentParts, ...key.split('/').slice(parentParts.length)].join('/');
}

/** The template a description names that spells the item path's last segments, ending with its parameter. */
function describedTemplate(itemPath: string, description: string): ResourceName | undefined {
  const pathSegments = itemPath.split('/').filter(segment => segment !== '');
  for (const written of description.match(SLASHED) ?? []) {
    const words = written.split('/');
    const tail = pathSegments.slice(-words.length);
    if (words.length > pathSegments.length || !TEMPLATE.test(words.at(-1) ?? '')) continue;
    const spells = words.every((word, index) => {
      const segment = tail[index] ?? '';
      return TEMPLATE.test(word) ? TEMPLATE.test(segment) : !TEMPLATE.test(segment) && spelling(word) === spelling(segment);
    });
    if (spells) return { segments: tail.map(segment => asSegment(segment)) };
  }
  return undefined;
}

/** The item path's last run of `word/{parameter}` pairs (`users/{user}/webhooks/{webhook}` of `/api/v1/users/{user}/webhooks/{webhook}`). */
function trailingPairs(itemPath: string): ResourceName | undefined {
  const segments = itemPath.split('/').filter(segment => segment !== '');
  let start = segments.length;
  while (start >= 2 && TEMPLATE.test(segments[start - 1] ?? '') && !TEMPLATE.test(segments[start - 2] ?? '')) start -= 2;
  return start === segments.length ? undefined : { segments: segments.slice(start).map(segment => asSegment(segment)) };
}

function asSegment(segment: string): NameSegment {
  const parameter = TEMPLATE.exec(segment)?.[1];
  return parameter === undefined ? { literal: segment } : { parameter };
}

/** A name as compared, case, `-` and `_` aside (`identity-providers`, `{identity_provider}`). */
function spelling(name: string): string {
  return name.toLowerCase().replaceAll(/[_-]/g, '');
}
