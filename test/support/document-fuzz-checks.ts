import type { PetstoreDocument } from '../../src/document/index.js';
import type { Engine } from '../../src/index.js';
import { findSchemaProblems } from '../../src/engine/schema/index.js';
import { ERROR_CODES, type MockRequest } from '../../src/index.js';
import type { RecordKey } from '../../src/store/index.js';
import { DOCUMENT_FUZZ_ADMIN_TOKEN, DOCUMENT_FUZZ_KEY, type FuzzOperation } from './document-fuzz-requests.js';

const MOCK_ERROR_STATUSES = new Set<number>(Object.values(ERROR_CODES));
const MOCK_ERROR_CODES = new Set(Object.keys(ERROR_CODES));
/** What the admin endpoints and a CORS preflight answer besides errors. */
const ADMIN_STATUSES = new Set([200, 201, 204]);

export interface AnswerChecks {
  /** The operation a request names by its method and path, as a client reads the document (HEAD as the GET). */
  readonly operationOf: (request: MockRequest) => FuzzOperation | undefined;
  /** What is wrong with the answer to the request; `control` is the journal's (`forced`, `fault`, `override`). */
  readonly check: (request: MockRequest, answer: FuzzAnswer, control: string | null | undefined) => string[];
}

/** An answer as every surface gives it back: status, lower-case headers, text. */
export interface FuzzAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string | undefined;
}

/**
 * The checks of every answer to a request the document fuzzer wrote: a status the operation the
 * request names declares, or one of the mock's documented errors; an error body that fits the
 * schema the operation declares for that status (its `4XX`, its `default`), else the one the
 * document's operations declare for it most often, or the mock's `Error` where none does; no 500
 * that no control made.
 */
export function createAnswerChecks(document: PetstoreDocument, operations: readonly FuzzOperation[]): AnswerChecks {
  // A template's parameter matches an empty segment too: Prism routes `/events/` to `/events/{eventId}`.
  // Paths with fewer parameters first, as Prism routes: `/pet/findByStatus` before `/pet/{petId}`.
  const matchers = [...operations]
    .sort((a, b) => a.path.split('{').length - b.path.split('{').length)
    .map(operation => ({ operation, pattern: new RegExp(`^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]*')}$`) }));
  const prismOperations = new Map(document.prismOperations.map(operation => [operation.iid, operation]));

  const operationOf = (request: MockRequest): FuzzOperation | undefined => {
    const path = pathOf(request.url);
    if (!path.startsWith(document.basePath)) return undefined;
    const under = path.slice(document.basePath.length);
    const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
    return matchers.find(({ operation, pattern }) => operation.method === method && pattern.test(under))?.operation;
  };

  type DeclaredResponse = NonNullable<ReturnType<typeof prismOperations.get>>['responses'][number];
  /** The response an operation declares for an error status: its own, its range's, else its `default`'s. */
  const ownErrorResponse = (operationId: string, status: number): DeclaredResponse | undefined => {
    const responses = prismOperations.get(operationId)?.responses ?? [];
    return (
      responses.find(candidate => candidate.code === String(status)) ??
      responses.find(candidate => candidate.code.toUpperCase() === `${String(status)[0] ?? ''}XX`) ??
      responses.find(candidate => candidate.code === 'default')
    );
  };
  /** The body a declared response gives an error: its JSON schema, else its text type, else another type's schema. */
  const errorContentOf = (response: DeclaredResponse | undefined): NonNullable<DeclaredResponse['contents']>[number] | undefined =>
    response?.contents?.find(content => /json/i.test(content.mediaType) && content.schema !== undefined) ??
    response?.contents?.find(content => /^text\//i.test(content.mediaType)) ??
    response?.contents?.find(content => content.schema !== undefined);
  /** For each status, the error response the document's operations declare most often (the first of those as often). */
  const commonErrorResponses = new Map<number, DeclaredResponse | undefined>();
  const commonErrorResponse = (status: number): DeclaredResponse | undefined => {
    if (!commonErrorResponses.has(status)) {
      const tally = new Map<string, { response: DeclaredResponse; count: number }>();
      let most: { response: DeclaredResponse; count: number } | undefined;
      for (const operationId of prismOperations.keys()) {
        const response = operationId === undefined ? undefined : ownErrorResponse(operationId, status);
        const content = errorContentOf(response);
        if (response === undefined || content === undefined) continue;
        const key = JSON.stringify([content.mediaType, content.schema]);
        const counted = tally.get(key) ?? { response, count: 0 };
        counted.count += 1;
        tally.set(key, counted);
        if (most === undefined || counted.count > most.count) most = counted;
      }
      commonErrorResponses.set(status, most?.response);
    }
    return commonErrorResponses.get(status);
  };
  /** The response an error takes: the operation's own where it gives a body, else the one the document's operations declare most often. */
  const errorResponseOf = (operation: FuzzOperation, status: number): DeclaredResponse | undefined => {
    const own = ownErrorResponse(operation.operationId, status);
    return errorContentOf(own) === undefined ? commonErrorResponse(status) : own;
  };

  /** The JSON schema an error status is answered in (`errorResponseOf`), if that response has a JSON body. */
  const errorSchemaOf = (operation: FuzzOperation, status: number): unknown =>
    errorResponseOf(operation, status)?.contents?.find(content => /json/i.test(content.mediaType) && content.schema !== undefined)?.schema;

  /** The text type an error status is answered in where its response declares no JSON (`text/plain` of a string), if it does. */
  const errorTextOf = (operation: FuzzOperation, status: number): string | undefined => {
    const response = errorResponseOf(operation, status);
    if (response?.contents?.some(content => /json/i.test(content.mediaType) && content.schema !== undefined) === true) return undefined;
    return response?.contents?.find(content => /^text\//i.test(content.mediaType))?.mediaType;
  };

  const check: AnswerChecks['check'] = (request, answer, control) => {
    const problems: string[] = [];
    const { status } = answer;
    const method = request.method.toUpperCase();
    const operation = operationOf(request);
    const admin = pathOf(request.url).startsWith('/__admin');
    const declared = operation?.statuses.some(code => code === String(status) || code === 'default' || code.toUpperCase() === `${String(status)[0] ?? ''}XX`) === true;
    const known = declared || MOCK_ERROR_STATUSES.has(status) || ((admin || method === 'OPTIONS') && ADMIN_STATUSES.has(status));
    if (!known) problems.push(`status ${status}, which ${operation ? `${operation.operationId} does not declare` : 'no operation declares'} and the mock does not document`);
    if (status === 500 && control !== 'forced' && control !== 'fault' && control !== 'override') problems.push(`an unexpected 500: ${answer.body ?? ''}`);
    if (status < 400 || method === 'HEAD') return problems;
    const schema = operation && !admin ? errorSchemaOf(operation, status) : undefined;
    // A forced or scripted response the document declares without a body has none.
    if ((control === 'forced' || control === 'override') && answer.body === undefined && declared && schema === undefined) return problems;
    // An error declared as text is the mock's sentence, in that type.
    const text = operation && !admin ? errorTextOf(operation, status) : undefined;
    if (text !== undefined) {
      if (answer.headers['content-type'] !== text) problems.push(`an error of Content-Type ${answer.headers['content-type'] ?? '(none)'} where ${text} is declared`);
      if ((answer.body ?? '').trim() === '' || (answer.body ?? '').startsWith('{')) problems.push(`an error declared as text answered ${answer.body ?? '(none)'}`);
      return problems;
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body ?? '');
    } catch {
      return [...problems, `an error whose body is not JSON: ${answer.body ?? '(none)'}`];
    }
    if (!/json/i.test(answer.headers['content-type'] ?? '')) problems.push(`an error of Content-Type ${answer.headers['content-type'] ?? '(none)'}`);
    if (schema !== undefined) {
      const misfits = findSchemaProblems(body, schema);
      if (misfits.length > 0) problems.push(`an error body ${operation?.operationId ?? ''} does not declare for ${status}: ${misfits.map(misfit => `${misfit.path} ${misfit.message}`).join('; ')}`);
      return problems;
    }
    const error = body as Record<string, unknown> | null;
    if (typeof error !== 'object' || error === null || Object.keys(error).sort().join() !== 'code,message,status') problems.push(`not the mock's Error: ${answer.body ?? ''}`);
    else {
      if (error['status'] !== status) problems.push(`an Error of status ${String(error['status'])} on a ${status}`);
      const code = String(error['code']);
      if (!MOCK_ERROR_CODES.has(code) && !/^[a-z0-9_]+_not_found$/.test(code)) problems.push(`an undocumented error code ${code}`);
    }
    return problems;
  };
  return { operationOf, check };
}

function pathOf(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]*/i, '').split(/[?#]/)[0] ?? '';
  return path === '' ? '/' : path;
}

/**
 * Whether a request carries the mock's key or admin token anywhere (a header, the query, a cookie, a
 * basic credential's password): the requests whose effects the fuzzer does not check. Every other
 * one has no credential the mock accepts, and must change nothing an operation with security keeps.
 */
export function carriesCredentials(request: MockRequest): boolean {
  const texts = [request.url, ...Object.values(request.headers).filter((value): value is string => value !== undefined)];
  for (const value of Object.values(request.headers)) {
    const basic = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(value?.trim() ?? '')?.[1];
    if (basic !== undefined) texts.push(decodeBasic(basic));
  }
  return texts.some(text => text.includes(DOCUMENT_FUZZ_KEY) || text.includes(DOCUMENT_FUZZ_ADMIN_TOKEN));
}

function decodeBasic(encoded: string): string {
  try {
    return atob(encoded);
  } catch {
    return '';
  }
}

/** What the default session holds of the records a request's path names, read before it is answered. */
export interface PathRecords {
  /** Every key the path names is a record's (written as the store keeps it: `7`, not `07`). */
  readonly allExist: boolean;
  /** Why the path names parents that do not belong together, if it does. */
  readonly misplaced: string | undefined;
}

/**
 * The records a request's path names, for the default session (no `X-Petstore-Session`), whose
 * records the fuzzer reads; undefined for another session or a path with no key. Parents do not
 * belong together (`/owners/1/pets/7`, pet 7 having `ownerId: 2`) where, of two keys in a row, the
 * later one's record has a property named as the earlier one's parameter, holding another key. A
 * path whose records all exist and belong together is never answered 404; one whose do not never succeeds.
 */
export function readPathRecords(engine: Engine, operation: FuzzOperation | undefined, request: MockRequest): PathRecords | undefined {
  if (operation === undefined || operation.keys.size === 0 || Object.keys(request.headers).some(name => name.toLowerCase() === 'x-petstore-session')) return undefined;
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map(match => match[1] ?? '');
  const pattern = new RegExp(`^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]*)')}$`);
  const values = pattern.exec(pathOf(request.url).slice(engine.document.basePath.length))?.slice(1);
  if (values === undefined) return undefined;
  let allExist = true;
  const found: { name: string; value: string; record: Record<string, unknown> | undefined }[] = [];
  names.forEach((name, index) => {
    const collection = operation.keys.get(name);
    const resource = collection === undefined ? undefined : engine.document.resources.byName.get(collection);
    if (resource === undefined) return;
    const value = decodeSegment(values[index] ?? '');
    const sequence = resource.key.kind === 'sequence';
    const key: RecordKey | undefined = value === undefined || (sequence && String(Number(value)) !== value) ? undefined : sequence ? Number(value) : value;
    const store = resource.name === engine.document.firstCollection.resource.name ? engine.sessions.default.store : engine.sessions.default.storeOf(resource.name);
    const record = key === undefined ? undefined : (store?.get(key) as Record<string, unknown> | undefined);
    if (record === undefined) allExist = false;
    found.push({ name, value: value ?? '', record });
  });
  let misplaced: string | undefined;
  // The property of each named record that holds the key of the one named before it, by the record's parameter: a record that
  // holds none (its parent deleted) belongs to no parent.
  const plan = engine.document.resources.plans.get(operation.operationId);
  const parents = plan?.parents ?? [];
  const holding = new Map<string, string>(parents.flatMap(parent => (parent.previousForeignKey === undefined ? [] : [[parent.parameter, parent.previousForeignKey] as const])));
  const last = parents.at(-1);
  if (plan?.keyParameter !== undefined && last?.foreignKey !== undefined) holding.set(plan.keyParameter, last.foreignKey);
  for (let index = 1; index < found.length && misplaced === undefined; index += 1) {
    const [earlier, later] = [found[index - 1], found[index]];
    const foreignKey = later === undefined ? undefined : holding.get(later.name);
    if (later?.record !== undefined && foreignKey !== undefined && later.record[foreignKey] === undefined) {
      misplaced = `${later.name} ${later.value} belongs to no ${earlier?.name ?? 'parent'}`;
      break;
    }
    const property = Object.keys(later?.record ?? {}).find(field => field.toLowerCase() === earlier?.name.toLowerCase());
    const holds = property === undefined ? undefined : later?.record?.[property];
    if (earlier && later && property !== undefined && String(holds) !== earlier.value) misplaced = `${later.name} ${later.value} belongs to ${earlier.name} ${String(holds)}, not ${earlier.value}`;
  }
  // A read of the record another holds the key of (`/todoItems/{id}/assignee`) names that record by no path segment: whether it exists is not read here.
  const readsHeld = engine.document.resources.plans.get(operation.operationId)?.parents.some(parent => parent.holds?.one === true) === true;
  return { allExist: readsHeld ? false : allExist, misplaced };
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
