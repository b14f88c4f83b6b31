import type { IHttpResponse } from '@stoplight/prism-http';
import type { OpenAPIV3_1 } from 'openapi-types';
import { fromOpenApi30, mergeAllOf, resolvedDefinitionOf, typeIncludes, type JsonSchema, type PetstoreDocument } from '../../document/index.js';
import { createPetFaker } from '../../fixtures/pet-faker.js';
import { fakeObject } from '../../fixtures/schema-values.js';
import { unlessEvalBlocked } from '../schema/eval-blocked.js';
import { findSchemaProblems } from '../schema/index.js';
import { isMockError } from './responses.js';

/** The response an operation declares for a status, as the document writes it: its JSON media type and schema. */
interface DeclaredError {
  readonly mediaType: string;
  /** As Prism holds it: the package's document's validators for it are precompiled. */
  readonly schema: JsonSchema;
  /** With its `$ref`s resolved, to shape a body by (read when the mock's `Error` does not fit). */
  readonly resolved: () => JsonSchema;
  /** Declared as text (`text/plain`, a string): the mock's message is the body. */
  readonly text?: true;
}

/** Properties that carry the mock's sentence, most specific first. */
const MESSAGE_PROPERTIES = ['message', 'detail', 'msg', 'error_description', 'errorMessage', 'description', 'error', 'reason', 'title'];
const STATUS_PROPERTIES = ['status', 'statusCode', 'status_code', 'httpStatus', 'code'];

/**
 * Errors the mock makes (400, 401, 404, 409, 413, 415, 507, …), in the shape the operation declares
 * for that status (or its `4XX`/`5XX` range, or `default`): the mock's `Error` body where the declared
 * schema takes it, else a body of that schema with the mock's message and code carried into the
 * properties that fit (`message`/`detail`/`title`; an integer `code` or `status` is the HTTP status;
 * a problem's `type` is `about:blank`), the rest generated from the schema, seeded. Where the operation
 * declares nothing for the status, the error the document's other operations declare for it most
 * often (Linode's `{errors: [{reason}]}` for a `GET` that declares only its 200); where none does, the
 * mock's own `Error` stays.
 */
export function createErrorShapes(document: PetstoreDocument, seed: number): (operationId: string | undefined, response: IHttpResponse) => IHttpResponse {
  const declared = new Map<string, DeclaredError | null>();
  const commonByStatus = new Map<number, DeclaredError | null>();
  const commonFor = (status: number): DeclaredError | undefined => {
    if (!commonByStatus.has(status)) commonByStatus.set(status, findCommonError(document, status) ?? null);
    return commonByStatus.get(status) ?? undefined;
  };
  const declaredFor = (operationId: string, status: number): DeclaredError | undefined => {
    const key = `${operationId} ${status}`;
    if (!declared.has(key)) declared.set(key, findDeclaredError(document, operationId, status) ?? commonFor(status) ?? null);
    return declared.get(key) ?? undefined;
  };
  return (operationId, given) => {
    if (operationId === undefined || !isMockError(given)) return given;
    const response = asDeclaredInvalid(document, operationId, given);
    const target = declaredFor(operationId, response.statusCode);
    if (target === undefined) return response;
    const body = response.body as { code: string; message: string; status: number };
    if (target.text === true) return { ...response, headers: { ...response.headers, 'content-type': target.mediaType }, body: body.message };
    // The mock's Error as it is, where the declared schema takes it and lists each of its properties (or lists none), in
    // plain JSON; else shaped, so that it holds nothing the schema does not describe (`{message}` alone gets no `code`);
    // a problem (`application/problem+json`, `title`/`detail`) is shaped even where its schema requires nothing.
    if (/^application\/json$/i.test(target.mediaType) && listsEachProperty(target.schema, body) && fits(body, target.schema)) return response;
    return { ...response, headers: { ...response.headers, 'content-type': target.mediaType }, body: shapeError(body, target.resolved(), seed) };
  };
}

/**
 * A request the mock finds invalid (400) answered `422` where the operation declares `422` and
 * neither `400` nor `4XX`, as FastAPI and Rails document their validation errors (Prism picks the same).
 */
function asDeclaredInvalid(document: PetstoreDocument, operationId: string, response: IHttpResponse): IHttpResponse {
  if (response.statusCode !== 400) return response;
  const codes = document.prismOperations.find(candidate => candidate.iid === operationId)?.responses.map(candidate => candidate.code.toUpperCase()) ?? [];
  if (!codes.includes('422') || codes.includes('400') || codes.includes('4XX')) return response;
  const body = response.body as { code: string; message: string; status: number };
  return { ...response, statusCode: 422, body: { ...body, status: 422 } };
}

/**
 * The error the document's operations declare for `status` (as `findDeclaredError` reads each) most
 * often, the first declared among those as often; undefined where none declares one. Two are the same
 * where their media type and schema are written alike.
 */
function findCommonError(document: PetstoreDocument, status: number): DeclaredError | undefined {
  const tally = new Map<string, { error: DeclaredError; count: number }>();
  let most: { error: DeclaredError; count: number } | undefined;
  for (const operation of document.prismOperations) {
    const error = declaredErrorOf(document, operation, status);
    if (error === undefined) continue;
    let key: string;
    try {
      key = `${error.mediaType} ${error.text === true ? '' : JSON.stringify(error.schema)}`;
    } catch {
      // A schema that refers to itself as objects (not `$ref`s): counted as one of its own.
      key = `${error.mediaType} ${operation.iid ?? ''}`;
    }
    const counted = tally.get(key) ?? { error, count: 0 };
    counted.count += 1;
    tally.set(key, counted);
    if (most === undefined || counted.count > most.count) most = counted;
  }
  return most?.error;
}

function findDeclaredError(document: PetstoreDocument, operationId: string, status: number): DeclaredError | undefined {
  // Prism's view of the operation: its schemas are JSON Schema (an OpenAPI 3.0 `nullable` or boolean
  // `exclusiveMaximum` converted), as Prism validates responses against them.
  const operation = document.prismOperations.find(candidate => candidate.iid === operationId);
  return operation === undefined ? undefined : declaredErrorOf(document, operation, status);
}

function declaredErrorOf(document: PetstoreDocument, operation: PetstoreDocument['prismOperations'][number], status: number): DeclaredError | undefined {
  const operationId = operation.iid ?? '';
  const responses = operation.responses;
  const range = `${String(status)[0] ?? ''}XX`;
  const response =
    responses.find(candidate => candidate.code === String(status)) ??
    responses.find(candidate => candidate.code.toUpperCase() === range) ??
    responses.find(candidate => candidate.code === 'default');
  const content = response?.contents?.find(candidate => /json/i.test(candidate.mediaType) && candidate.schema !== undefined);
  // Declared only as text (`text/plain` of a string, as .NET and Spring write a plain error): the message, as text.
  const text = content === undefined ? response?.contents?.find(candidate => /^text\//i.test(candidate.mediaType) && (candidate.schema === undefined || typeIncludes(candidate.schema as JsonSchema, 'string'))) : undefined;
  if (text !== undefined) return { mediaType: text.mediaType, schema: { type: 'string' }, resolved: () => ({ type: 'string' }), text: true };
  // Declared only in another type (Swagger 2.0's `produces: [application/octet-stream]` beside a `Message`
  // schema for the 404): the error in that type, of that schema, as the validator of responses holds it to.
  const declaredElsewhere = content === undefined ? response?.contents?.find(candidate => candidate.schema !== undefined) : undefined;
  if (declaredElsewhere !== undefined && isTextSchema(declaredElsewhere.schema as JsonSchema)) {
    return { mediaType: declaredElsewhere.mediaType, schema: { type: 'string' }, resolved: () => ({ type: 'string' }), text: true };
  }
  const chosen = content ?? declaredElsewhere;
  if (!chosen?.schema || response === undefined) return undefined;
  const schema = chosen.schema as JsonSchema;
  const { mediaType } = chosen;
  const { code } = response;
  return { mediaType, schema, resolved: () => resolvedSchema(document, operationId, code, mediaType) ?? schema };
}

/**
 * The response's schema with its `$ref`s resolved (Prism's keeps them, so a `detail` list of
 * `$ref`'d items would show no properties to fill), as JSON Schema: an OpenAPI 3.0 schema converted.
 */
function resolvedSchema(document: PetstoreDocument, operationId: string, code: string, mediaType: string): JsonSchema | undefined {
  const response = resolvedDefinitionOf(document, operationId)?.responses?.[code] as OpenAPIV3_1.ResponseObject | undefined;
  const schema = response?.content?.[mediaType]?.schema as JsonSchema | undefined;
  if (schema === undefined) return undefined;
  return /^3\.0\./.test(document.source.openapi) ? fromOpenApi30(schema) : schema;
}

/** A string (a file's bytes, `format: binary`) and nothing else: the message is the body. */
function isTextSchema(schema: JsonSchema): boolean {
  const merged = mergeAllOf(schema);
  return typeIncludes(merged, 'string') && !typeIncludes(merged, 'object') && merged.properties === undefined;
}

function listsEachProperty(schema: JsonSchema, body: object): boolean {
  const properties = mergeAllOf(schema).properties;
  return properties === undefined || Object.keys(body).every(name => properties[name] !== undefined);
}

function fits(value: unknown, schema: JsonSchema): boolean {
  return problemCount(value, schema) === 0;
}

function problemCount(value: unknown, schema: JsonSchema): number {
  return unlessEvalBlocked(() => findSchemaProblems(value, schema).length, 0);
}

/**
 * A body of `schema` that says what the mock's error says: generated (required properties), then
 * each property that fits given the mock's value, kept only where the body still fits with it; an
 * error wrapped in an object of its own (`{"error": {"type", "message"}}`, as Stripe and Google write
 * it) is shaped the same way inside.
 */
function shapeError(error: MockError, schema: JsonSchema, seed: number): unknown {
  const merged = mergeAllOf(schema);
  const alternatives = objectAlternatives(merged);
  if (alternatives !== undefined) return shapedAsAlternative(error, merged, alternatives, schema, seed);
  if (!typeIncludes(merged, 'object') && merged.properties === undefined) {
    return typeIncludes(merged, 'string') ? error.message : error;
  }
  return shapedAs(error, merged, schema, seed);
}

type MockError = { code: string; message: string; status: number };

function shapedAs(error: MockError, merged: JsonSchema, whole: JsonSchema, seed: number): Record<string, unknown> {
  const faker = createPetFaker(seed + error.status);
  const body = fakeObject(merged, { faker, now: new Date(0) }, { every: false });
  return carryError(body, merged, whole, error, 0);
}

/** A `oneOf` or `anyOf` whose alternatives are all objects (GitHub's 422: a validation error or a rule violation); undefined otherwise. */
function objectAlternatives(merged: JsonSchema): readonly JsonSchema[] | undefined {
  const alternatives = merged.oneOf ?? merged.anyOf;
  if (alternatives === undefined || alternatives.length === 0) return undefined;
  return alternatives.every(alternative => {
    const part = mergeAllOf(alternative);
    return typeIncludes(part, 'object') || part.properties !== undefined;
  })
    ? alternatives
    : undefined;
}

/**
 * The error shaped as each alternative in turn, and then with the mock's own `code` and `status` beside
 * what the alternative declares (an alternative that takes any property matches a body of another, and a
 * `oneOf` takes a body that matches exactly one: the mock's numeric `status` breaks a `status` declared
 * as text): the first body the whole schema takes, else the one it finds fewest problems with.
 */
function shapedAsAlternative(error: MockError, merged: JsonSchema, alternatives: readonly JsonSchema[], whole: JsonSchema, seed: number): Record<string, unknown> {
  const shared: JsonSchema = { ...merged };
  delete shared.oneOf;
  delete shared.anyOf;
  let best: { body: Record<string, unknown>; problems: number } | undefined;
  for (const alternative of alternatives) {
    const schema = mergeAllOf({ allOf: [shared, alternative] });
    const shaped = shapedAs(error, schema, schema, seed);
    for (const body of [shaped, { code: error.code, status: error.status, ...shaped }]) {
      const problems = problemCount(body, whole);
      if (problems === 0) return body;
      if (best === undefined || problems < best.problems) best = { body, problems };
    }
  }
  return best?.body ?? {};
}

/** Most levels of wrapping an error is looked for in. */
const WRAPPED_ERROR_DEPTH = 2;
/** Properties that wrap the error as an object of its own. */
const WRAPPER_PROPERTIES = ['error', 'fault', 'problem'];

function carryError(body: Record<string, unknown>, merged: JsonSchema, whole: JsonSchema, error: MockError, depth: number): Record<string, unknown> {
  const properties = merged.properties ?? {};
  const candidates: [string, unknown][] = [];
  const wrapper = depth < WRAPPED_ERROR_DEPTH ? WRAPPER_PROPERTIES.find(name => properties[name] !== undefined && mergeAllOf(properties[name]).properties !== undefined) : undefined;
  if (wrapper !== undefined) {
    const inner = body[wrapper];
    const innerSchema = mergeAllOf(properties[wrapper] as JsonSchema);
    const innerBody = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
    candidates.push([wrapper, carryError({ ...innerBody }, innerSchema, innerSchema, error, depth + 1)]);
  }
  const messageProperty = MESSAGE_PROPERTIES.find(name => name !== wrapper && (typeIncludes(properties[name], 'string') || (properties[name] !== undefined && properties[name].type === undefined)));
  if (messageProperty) candidates.push([messageProperty, error.message]);
  // A list of problems (`{"detail": [{"loc", "msg", "type"}]}`, FastAPI's; `{"errors": [...]}`): one item, saying it.
  const listed = messageProperty === undefined && depth < WRAPPED_ERROR_DEPTH ? ['detail', 'errors', 'details', 'problems'].find(name => isObjectList(properties[name])) : undefined;
  if (listed !== undefined) {
    const items = mergeAllOf(mergeAllOf(properties[listed] as JsonSchema).items as JsonSchema);
    const generated = (body[listed] as unknown[] | undefined)?.[0];
    const item = typeof generated === 'object' && generated !== null ? { ...(generated as Record<string, unknown>) } : fakeObject(items, { faker: createPetFaker(error.status), now: new Date(0) }, { every: false });
    candidates.push([listed, [carryError(item, items, items, error, depth + 1)]]);
  }
  if (properties['title'] && messageProperty !== 'title') candidates.push(['title', statusTitle(error.code)]);
  const type = properties['type'];
  // A problem's `type` (RFC 9457: a URI, beside `title`) is `about:blank`; another kind's, the mock's code.
  const isProblemType = type !== undefined && (/^uri/.test(String(mergeAllOf(type).format)) || properties['title'] !== undefined);
  if (type && typeIncludes(type, 'string')) candidates.push(['type', closestEnumValue(type, error) ?? (isProblemType ? 'about:blank' : error.code)]);
  // An identifier of the error's kind (DigitalOcean's `id`: "not_found"), not a request's: the mock's code.
  for (const name of CODE_PROPERTIES) {
    const property = properties[name];
    if (property !== undefined && namesErrorKind(name, property)) candidates.push([name, closestEnumValue(property, error) ?? error.code]);
  }
  for (const name of STATUS_PROPERTIES) {
    const property = properties[name];
    if (!property) continue;
    if (typeIncludes(property, 'integer') || typeIncludes(property, 'number')) candidates.push([name, error.status]);
    else if (name === 'code' && typeIncludes(property, 'string')) candidates.push([name, closestEnumValue(property, error) ?? error.code]);
    else if (typeIncludes(property, 'string')) candidates.push([name, String(error.status)]);
  }
  // A value is kept where it adds no problem: a generated body that breaks its own schema elsewhere still carries the message.
  let shaped = body;
  let problems = problemCount(shaped, whole);
  for (const [name, value] of candidates) {
    const tried = { ...shaped, [name]: value };
    const triedProblems = problemCount(tried, whole);
    if (triedProblems <= problems) [shaped, problems] = [tried, triedProblems];
  }
  return shaped;
}

/** Properties besides `code` and `type` that may name an error's kind. */
const CODE_PROPERTIES = ['id', 'error_code', 'errorCode', 'error_id', 'errorId'];

/**
 * Whether a property names the kind of an error: a string without a format or pattern whose example
 * (where it has one) is a word or words joined by `_` (`not_found`); an `id` only with such an example
 * or an enum, as an `id` may as well identify the request.
 */
function namesErrorKind(name: string, schema: JsonSchema): boolean {
  const merged = mergeAllOf(schema);
  if (!typeIncludes(merged, 'string') || merged.format !== undefined || merged.pattern !== undefined) return false;
  const example = merged.example ?? merged.examples?.[0];
  if (example === undefined) return name !== 'id' || merged.enum !== undefined;
  return typeof example === 'string' && /^[a-z]+(?:_[a-z]+)*$/i.test(example);
}

function isObjectList(schema: JsonSchema | undefined): boolean {
  if (schema === undefined) return false;
  const merged = mergeAllOf(schema);
  return typeIncludes(merged, 'array') && merged.items !== undefined && mergeAllOf(merged.items).properties !== undefined;
}

/** Words that say what kind of error a status is, for picking among a declared enum (`invalid_request_error`, `api_error`). */
const STATUS_WORDS: Readonly<Record<string, readonly string[]>> = {
  '4': ['invalid', 'request', 'client', 'bad'],
  '5': ['api', 'server', 'internal', 'service'],
  '401': ['auth', 'authentication', 'unauthorized', 'unauthenticated', 'credentials'],
  '403': ['forbidden', 'permission', 'denied'],
  '404': ['not', 'found', 'missing', 'resource'],
  '409': ['conflict', 'exists', 'duplicate'],
  '429': ['rate', 'limit', 'too', 'many'],
};

/** The value of a string enum that shares most words with the mock's code and its status's kind; undefined without an enum. */
function closestEnumValue(schema: JsonSchema, error: { code: string; status: number }): string | undefined {
  const values = (mergeAllOf(schema).enum ?? []).filter((value): value is string => typeof value === 'string');
  if (values.length === 0) return undefined;
  const wanted = new Set([...error.code.split('_'), ...(STATUS_WORDS[String(error.status)] ?? []), ...(STATUS_WORDS[String(error.status).charAt(0)] ?? [])]);
  const score = (value: string): number => value.toLowerCase().split(/[^a-z]+/).filter(word => wanted.has(word)).length;
  return values.reduce((best, value) => (score(value) > score(best) ? value : best));
}

/** `pet_not_found` as a title: `Pet not found`. */
function statusTitle(code: string): string {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
