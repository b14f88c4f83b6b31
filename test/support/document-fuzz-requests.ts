import type { OpenAPIV3_1 } from 'openapi-types';
import type { JsonSchema, PetstoreDocument } from '../../src/document/index.js';
import { createPetFaker } from '../../src/fixtures/pet-faker.js';
import { fakeObject, fakeValue } from '../../src/fixtures/schema-values.js';
import type { Engine, MockRequest } from '../../src/index.js';
import type { createRandom } from './random.js';

type Random = ReturnType<typeof createRandom>;

/**
 * The credential and admin token of the fuzzed mocks (`apiKeys: [DOCUMENT_FUZZ_KEY]`): distinctive,
 * so that a request carries them exactly when its text does.
 */
export const DOCUMENT_FUZZ_KEY = 'fuzz-key-7';
export const DOCUMENT_FUZZ_ADMIN_TOKEN = 'fuzz-admin-3';

/** An operation of the document as the fuzzer writes requests for it. */
export interface FuzzOperation {
  readonly operationId: string;
  readonly method: string;
  /** The path template under the base path (`/owners/{ownerId}/pets`). */
  readonly path: string;
  readonly parameters: readonly OpenAPIV3_1.ParameterObject[];
  /** The request body's media types and their schemas, and whether a body is required. */
  readonly body: { readonly required: boolean; readonly contents: readonly (readonly [string, JsonSchema | undefined])[] } | undefined;
  /** Alternatives of schemes, each scheme's definition; empty when the operation is open. */
  readonly security: readonly (readonly OpenAPIV3_1.SecuritySchemeObject[])[];
  /** Declared statuses (`200`, `4XX`, `default`). */
  readonly statuses: readonly string[];
  /** Each path parameter that names a record: the collection whose key it is. */
  readonly keys: ReadonlyMap<string, string>;
  /** Parents a nested path names, with the child's foreign key: to write paths whose parent is the record's own. */
  readonly parents: readonly { readonly parameter: string; readonly foreignKey: string }[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const ODD_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'get', 'BREW'];
/** Path segments a client should never get a 500 for, in place of a key. */
const ODD_KEYS = [
  '%zz', '..', '%2e%2e', '.', '%2F', '..%2F..', '%00', '%E0%A4%A', '-1', '0', '1e3', '1.5', '99999999999999999999', '9007199254740993', 'null', 'true',
  '%20', 'x'.repeat(300), '%C3%A9', '00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-0000-0000-0000-000000000000', '__proto__', 'constructor', '%7B%7D', '[]',
];
const ODD_QUERY_VALUES = ['', '%zz', '-1', '0', '1e400', '99999999999999999999', 'null', 'true', '1.5', 'x'.repeat(2000), '%00', '[]', '{}', '__proto__'];
const ODD_CONTENT_TYPES = [
  undefined, 'text/plain', 'application/xml', 'multipart/form-data; boundary=xyz', 'application/x-www-form-urlencoded', 'application/json; =', ';;;',
  'application/problem+json', '*/*', 'APPLICATION/JSON', 'application/json;charset=', 'application/merge-patch+json', 'application/octet-stream', 'application/json; charset=latin1',
];
/** Bodies that are no record at all. */
const ODD_BODIES = [
  '', '{}', '[]', 'null', 'true', '0', '"str"', '{"a":', '\u0000\u0001', '<xml/>', 'name=a&id=1', '\uFEFF{}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', '{"id":1e400}', '{"x":"\\ud800"}',
];
/** Whole values a property of any type may be given instead of its own. */
const ODD_VALUES: readonly unknown[] = [null, '', 0, -1, 1.5, true, 'x'.repeat(5000), [], {}, [null], { id: 'x' }, 9007199254740992, -0, '\u0000', '%zz', '..', 'ø'.repeat(40)];
/** Paths off the document's operations: the base path itself, unknown ones, the admin endpoints. */
const OFF_PATHS = ['', '/', '//', '/nope', '/%zz', '/..', '/../__admin/reset', '/a/b/c/d/e'];
const ADMIN_PATHS = ['/__admin/health', '/__admin/reset', '/__admin/requests', '/__admin/state', '/__admin/overrides', '/__admin/sessions', '/__admin/settings', '/__admin/nope'];
const SESSIONS = [undefined, undefined, 'a', 'b', 'c', 'd', '', 'bad id', 'x'.repeat(200)];
const PREFERS = ['code=404', 'code=418', 'code=abc', 'code=500', 'code=', 'dynamic=true', 'dynamic=true; seed=3', 'example=missing', 'delay=0', '=,;'];

/** The document's operations, read from its resolved paths, with what the fuzzer needs to write requests for each. */
export function readFuzzOperations(document: PetstoreDocument): FuzzOperation[] {
  const { resolved, resources } = document;
  const schemes = (resolved.components?.securitySchemes ?? {}) as Record<string, OpenAPIV3_1.SecuritySchemeObject>;
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(resolved.paths ?? {})) {
    const pathItem = item as OpenAPIV3_1.PathItemObject;
    for (const method of HTTP_METHODS) {
      const definition = pathItem[method];
      if (!definition) continue;
      const own = (definition.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const shared = ((pathItem.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).filter(parameter => !own.some(mine => mine.name === parameter.name && mine.in === parameter.in));
      const body = definition.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      const requirements = definition.security ?? resolved.security ?? [];
      const operationId = [...document.operations.values()].find(operation => operation.path === path && operation.method === method)?.operationId ?? `${method} ${path}`;
      const plan = resources.plans.get(operationId);
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        parameters: [...shared, ...own],
        body: body && { required: body.required === true, contents: Object.entries(body.content as Record<string, OpenAPIV3_1.MediaTypeObject | undefined>).map(([mediaType, content]) => [mediaType, content?.schema as JsonSchema | undefined] as const) },
        security: requirements.some(requirement => Object.keys(requirement).length === 0) ? [] : requirements.map(requirement => Object.keys(requirement).flatMap(name => schemes[name] ?? [])),
        statuses: Object.keys(definition.responses),
        keys: keysOfPath(path, document),
        parents: (plan?.parents ?? []).flatMap(parent => (parent.foreignKey === undefined ? [] : [{ parameter: parent.parameter, foreignKey: parent.foreignKey }])),
      });
    }
  }
  return operations;
}

/** Each `{parameter}` of a path whose prefix up to it is an item path of a collection: the collection it keys. */
function keysOfPath(path: string, document: PetstoreDocument): Map<string, string> {
  const keys = new Map<string, string>();
  const segments = path.split('/');
  for (let index = 1; index < segments.length; index += 1) {
    const parameter = /^\{([^}]+)\}$/.exec(segments[index] ?? '')?.[1];
    if (parameter === undefined) continue;
    const prefix = segments.slice(0, index + 1).join('/');
    const resource = document.resources.resources.find(candidate => candidate.itemPaths.includes(prefix));
    if (resource) keys.set(parameter, resource.name);
  }
  return keys;
}

/**
 * Writes seeded requests for one document: mostly to its operations, each path, query, header and
 * body derived from what the operation declares, with valid credentials or missing or wrong ones,
 * keys of records the default session holds or unknown or hostile ones, and bodies that fit or are
 * bent out of shape; the rest to paths the document does not have and to the admin endpoints.
 */
export function createDocumentRequests(engine: Engine): { readonly operations: readonly FuzzOperation[]; readonly randomRequest: (random: Random) => MockRequest } {
  const { document } = engine;
  const operations = readFuzzOperations(document);
  const base = document.basePath;

  const recordsOf = (collection: string): Record<string, unknown>[] => {
    const store = collection === document.firstCollection.resource.name ? engine.sessions.default.store : engine.sessions.default.storeOf(collection);
    return store?.list({ limit: 1_000 }) ?? [];
  };
  const someRecord = (random: Random, collection: string): Record<string, unknown> | undefined => {
    const records = recordsOf(collection);
    return records.length > 0 && random.next() < 0.9 ? random.pick(records) : undefined;
  };
  const keyOf = (collection: string, record: Record<string, unknown> | undefined): unknown => record?.[document.resources.byName.get(collection)?.key.property ?? 'id'];

  const pathOf = (random: Random, operation: FuzzOperation, values: Map<string, string>): string => {
    // A child and its own parent, so that nested paths reach records and not only 404s.
    const last = [...operation.keys].at(-1);
    if (last && operation.parents.length > 0 && random.next() < 0.5) {
      const record = someRecord(random, last[1]);
      if (record) {
        values.set(last[0], encodeURIComponent(String(keyOf(last[1], record))));
        for (const { parameter, foreignKey } of operation.parents) if (record[foreignKey] !== undefined) values.set(parameter, encodeURIComponent(segmentOf(record[foreignKey])));
      }
    }
    return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => values.get(name) ?? pathValue(random, operation, name));
  };

  const pathValue = (random: Random, operation: FuzzOperation, name: string): string => {
    const roll = random.next();
    const collection = operation.keys.get(name);
    if (collection !== undefined && roll < 0.6) {
      const key = keyOf(collection, someRecord(random, collection));
      if (key !== undefined) return encodeURIComponent(segmentOf(key));
    }
    if (roll < 0.8) {
      const schema = operation.parameters.find(parameter => parameter.in === 'path' && parameter.name === name)?.schema as JsonSchema | undefined;
      return encodeURIComponent(String(validValue(random, schema, name)));
    }
    return random.pick(ODD_KEYS);
  };

  const queryOf = (random: Random, operation: FuzzOperation): string[] => {
    const pairs: string[] = [];
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query' || random.next() < 0.4) continue;
      const schema = parameter.schema as JsonSchema | undefined;
      const roll = random.next();
      const value = roll < 0.3 ? fromRecords(random, operation, parameter.name) : roll < 0.75 ? validValue(random, schema, parameter.name) : undefined;
      if (value === undefined) pairs.push(`${parameter.name}=${random.pick(ODD_QUERY_VALUES)}`);
      else for (const each of Array.isArray(value) ? value : [value]) pairs.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(each))}`);
      if (random.next() < 0.1) pairs.push(`${parameter.name}=${random.pick(ODD_QUERY_VALUES)}`);
    }
    if (random.next() < 0.1) pairs.push(random.pick(['__proto__=1', 'constructor=2', 'unknown=1', '%zz=1', '=', '&&', '__code=404', '__code=500', '__dynamic=true', '__example=nope', '__code=401']));
    return pairs;
  };

  /** A value a record of the operation's collection has for the property a query parameter names (`lastName=Davis`, `status=sold`). */
  const fromRecords = (random: Random, operation: FuzzOperation, name: string): unknown => {
    const collection = document.resources.plans.get(operation.operationId)?.resource;
    const record = collection === undefined ? undefined : someRecord(random, collection);
    const value = record?.[name] ?? record?.[name.replace(/s$/, '')];
    if (Array.isArray(value)) return value.map((item: unknown) => (typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : item));
    return typeof value === 'object' ? undefined : value;
  };

  const bodyOf = (random: Random, operation: FuzzOperation): { contentType: string | undefined; body: string | Uint8Array | undefined } => {
    const declared = operation.body?.contents ?? [];
    const roll = random.next();
    const [mediaType, schema]: readonly [string | undefined, JsonSchema | undefined] = declared.length > 0 && roll < 0.8 ? random.pick(declared) : [random.pick(ODD_CONTENT_TYPES), undefined];
    if (!operation.body && random.next() < 0.9) return { contentType: random.next() < 0.2 ? mediaType : undefined, body: undefined };
    if (operation.body && !operation.body.required && random.next() < 0.1) return { contentType: undefined, body: undefined };
    if (mediaType === 'application/octet-stream') return { contentType: mediaType, body: Uint8Array.from({ length: random.int(64) }, () => random.int(256)) };
    if (schema === undefined || random.next() < 0.1) return { contentType: mediaType, body: random.pick(ODD_BODIES) };
    const value = bentOutOfShape(random, validBody(random, operation, schema));
    if (mediaType?.includes('x-www-form-urlencoded') === true && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { contentType: mediaType, body: new URLSearchParams(Object.entries(value).map(([name, field]) => [name, typeof field === 'string' ? field : JSON.stringify(field)])).toString() };
    }
    const text = textOf(random, value);
    return { contentType: mediaType, body: random.next() < 0.3 ? new TextEncoder().encode(text) : text };
  };

  /** A body that fits the schema: generated from it, or a stored record of the operation's collection (its key and readOnly fields as they are). */
  const validBody = (random: Random, operation: FuzzOperation, schema: JsonSchema): unknown => {
    const collection = document.resources.plans.get(operation.operationId)?.resource;
    const record = collection === undefined || random.next() < 0.5 ? undefined : someRecord(random, collection);
    if (record) return structuredClone(record);
    if (schema.type === 'array' && schema.items) return [fakeObject(schema.items, drawOf(random), { every: random.next() < 0.5 })];
    return fakeValue(schema, 'body', drawOf(random));
  };

  /** A scripted answer of one of the operations: a status it declares (or not), a body from a stored record (or not), a count. */
  const overrideOf = (random: Random): string => {
    const operation = random.pick(operations);
    const status = random.next() < 0.8 ? random.pick(operation.statuses) : random.pick(['200', '418', '500', 'default', '4XX']);
    const collection = document.resources.plans.get(operation.operationId)?.resource;
    const record = collection === undefined ? undefined : someRecord(random, collection);
    const spec = {
      operationId: random.next() < 0.9 ? operation.operationId : 'noSuchOperation',
      status: /^\d+$/.test(status) ? Number(status) : status,
      ...(record && random.next() < 0.5 && { body: bentOutOfShape(random, record) }),
      ...(random.next() < 0.3 && { times: random.pick([1, 2, 0, -1, 1e9]) }),
    };
    return textOf(random, spec);
  };
  /** The first collection's records as `PUT /__admin/state` takes them: the stored ones, one bent out of shape now and then. */
  const stateOf = (random: Random): string => {
    const records = recordsOf(document.firstCollection.resource.name).slice(0, random.int(30));
    const state = random.next() < 0.3 ? { pets: bentOutOfShape(random, records) } : { pets: records };
    return textOf(random, state);
  };

  return {
    operations,
    randomRequest: random => {
      const headers: Record<string, string> = {};
      const roll = random.next();
      if (roll < 0.1) {
        if (random.next() < 0.5) headers['authorization'] = `Bearer ${DOCUMENT_FUZZ_ADMIN_TOKEN}`;
        const session = random.pick(SESSIONS);
        if (session !== undefined) headers['x-petstore-session'] = session;
        if (random.next() < 0.5) return { method: random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']), url: random.pick(ADMIN_PATHS), headers };
        headers['content-type'] = 'application/json';
        return random.next() < 0.6 ? { method: 'POST', url: '/__admin/overrides', headers, body: overrideOf(random) } : { method: 'PUT', url: '/__admin/state', headers, body: stateOf(random) };
      }
      if (roll < 0.14) return { method: random.pick(ODD_METHODS), url: `${random.next() < 0.8 ? base : ''}${random.pick(OFF_PATHS)}`, headers: credentialsFor(random, random.pick(operations)) };
      const operation = random.pick(operations);
      const method = random.next() < 0.88 ? operation.method : random.pick(ODD_METHODS);
      let path = pathOf(random, operation, new Map());
      if (random.next() < 0.04) path = random.pick([`${path}/`, path.replace(/\/([^/]*)$/, '//$1'), `${path}/${random.pick(ODD_KEYS)}`, path.toUpperCase()]);
      const query = queryOf(random, operation);
      Object.assign(headers, credentialsFor(random, operation, query));
      const { contentType, body } = bodyOf(random, operation);
      if (contentType !== undefined) headers['content-type'] = contentType;
      if (random.next() < 0.15) headers['prefer'] = random.next() < 0.6 ? `code=${random.pick(operation.statuses)}` : random.pick(PREFERS);
      if (random.next() < 0.3) {
        const session = random.pick(SESSIONS);
        if (session !== undefined) headers['x-petstore-session'] = session;
      }
      if (random.next() < 0.1) headers['accept'] = random.pick(['application/xml', 'text/plain', '*/*', 'application/json;q=0', 'image/png', 'application/problem+json', '']);
      if (random.next() < 0.05) headers['content-length'] = random.pick(['0', '1', '-1', 'abc', '99999999999']);
      if (random.next() < 0.05) headers['origin'] = random.pick(['http://localhost:3000', 'https://evil.example', 'null']);
      if (method === 'OPTIONS' && random.next() < 0.5) headers['access-control-request-method'] = operation.method;
      const url = `${base}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
      return { method, url, headers, ...(body !== undefined && { body }) };
    },
  };
}

/** Credentials where the operation's schemes want them (the key, a wrong one, a blank one), or where they do not, or none. */
function credentialsFor(random: Random, operation: FuzzOperation, query: string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const roll = random.next();
  if (roll < 0.2) return headers;
  const value = roll < 0.85 ? DOCUMENT_FUZZ_KEY : random.pick(['wrong', '', ' ', `${DOCUMENT_FUZZ_KEY} ${DOCUMENT_FUZZ_KEY}`, 'ø', DOCUMENT_FUZZ_ADMIN_TOKEN]);
  const alternative = operation.security.length > 0 && random.next() < 0.9 ? random.pick(operation.security) : [];
  const schemes = alternative.length > 0 ? alternative : [random.pick<OpenAPIV3_1.SecuritySchemeObject>([{ type: 'http', scheme: 'bearer' }, { type: 'apiKey', in: 'header', name: 'api_key' }, { type: 'http', scheme: 'basic' }])];
  for (const scheme of schemes) {
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'query') query.push(`${encodeURIComponent(scheme.name)}=${encodeURIComponent(value)}`);
      else if (scheme.in === 'cookie') headers['cookie'] = `${scheme.name}=${value}`;
      else headers[random.next() < 0.5 ? scheme.name : scheme.name.toUpperCase()] = value;
    } else if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic') {
      headers['authorization'] = `Basic ${btoa(`user:${value}`)}`;
    } else {
      headers[random.next() < 0.5 ? 'authorization' : 'Authorization'] = random.next() < 0.7 ? `Bearer ${value}` : random.pick([`bearer ${value}`, `Bearer  ${value}`, `Basic ${value}`, 'Bearer', value]);
    }
  }
  return headers;
}

/** A value that fits the schema, seeded by the fuzzer's stream: its example, an enum's value, or one drawn from it. */
function validValue(random: Random, schema: JsonSchema | undefined, name: string): unknown {
  if (schema === undefined) return 'x';
  if (schema.example !== undefined && random.next() < 0.3) return schema.example;
  return fakeValue(schema, name, drawOf(random));
}

function drawOf(random: Random): { faker: ReturnType<typeof createPetFaker>; now: Date } {
  return { faker: createPetFaker(random.int(1_000_000)), now: new Date(0) };
}

/** The body itself (60%), or one of its properties, nested ones too, given another value, removed, or joined by one it does not declare. */
function bentOutOfShape(random: Random, value: unknown): unknown {
  if (random.next() < 0.6 || typeof value !== 'object' || value === null) return value;
  const copy = structuredClone(value) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  // Down into a nested object or array now and then (`type: {id}`, `tags[0]`).
  for (let depth = 0; depth < 2 && random.next() < 0.3; depth += 1) {
    const nested = Object.values(target).filter((child): child is Record<string, unknown> => typeof child === 'object' && child !== null);
    if (nested.length === 0) break;
    target = random.pick(nested);
  }
  const names = Object.keys(target);
  const name = names.length > 0 && random.next() < 0.85 ? random.pick(names) : random.pick(['unknown', 'id', '__proto__', '']);
  const roll = random.next();
  if (roll < 0.25) Reflect.deleteProperty(target, name);
  else target[name] = random.pick(ODD_VALUES);
  return copy;
}

/** JSON text, now and then with what JSON.stringify cannot write: a number past a double, a duplicate key. */
function textOf(random: Random, value: unknown): string {
  const text = JSON.stringify(value) as string | undefined ?? 'null';
  const roll = random.next();
  if (roll < 0.05) return text.replace(/(:\s*)-?\d+(\.\d+)?/, '$11e400');
  if (roll < 0.08) return text.replace(/(:\s*)-?\d+(\.\d+)?/, '$11.0000000000000000001');
  if (roll < 0.1 && text.startsWith('{') && text.length > 2) return `{"id":1,${text.slice(1)}`;
  return text;
}

/** A key as a path segment: a string or number as it is, anything else as JSON. */
function segmentOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}
