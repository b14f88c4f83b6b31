import { readServerOrigin } from '../../document/base-path.js';
import type { IHttpRequest } from '@stoplight/prism-http';
import type { HttpMethod } from '@stoplight/types';
import { findSessionIdProblem, SESSION_HEADER, SESSION_OPENED_HEADER } from '../../sessions/index.js';
import { isError } from '../checks/index.js';
import { isForced, readControls } from '../controls/index.js';
import type { EngineServices } from '../engine-services.js';
import { decodeBodyOnUse, NULL_BODY_STATUSES, parseQuery, utf8Length, type BodyOnUse, type DecodedBody } from '../http/index.js';
import { JOURNAL_BODY_LIMIT, journalBody, NO_BODY, type JournalEntry, type JournalProblem } from '../journal/index.js';
import type { RequestContext } from '../operations/index.js';
import { escapeUndecodableSegments, loadedPrismMocker, loadPrismMocker, parsableContentType, requestIdentities, type PrismResult, type RequestIdentities } from '../prism/index.js';
import { errorResponse, toMockResponse } from '../responses/index.js';
import type { MockRequest, MockResponse } from '../types.js';
import type { Answer } from './answer.js';
import type { DocumentRuntime } from './document-runtime.js';

/** A request under the base path, as the engine and Prism see it once it is read. */
interface ReadRequest {
  /** Its path under the base path (`/pets/1`). */
  path: string;
  /** Its path as the engine was given it, base path included (`/v1/pets/1`). */
  typedPath: string;
  prismRequest: IHttpRequest;
  context: RequestContext;
  /** Its body, decoded only once something reads it (a request refused for its credentials never is). */
  body: BodyOnUse;
  /** What it is identical to earlier requests by, whose verdicts Prism remembers (the `request` one also keys remembered answers). */
  identities: RequestIdentities;
}

/**
 * A request under the document's base path, along its way (REQUEST_WAY): read (session header,
 * controls, body, the request Prism is handed and its identities), an answer remembered for an
 * identical request, Prism's pipeline (route → security → validation → the responder's stages →
 * output), and the check of what came out (a route error, a response the document forbids). The
 * request's context is handed from stage to stage as an argument. The answer comes at once, in this
 * task, unless the request waits for its operation's first preparation or for Prism's mocker: a
 * promise then (each `await` of an answer that was already there cost the request a turn of the
 * microtask queue, ~3% of the engine's time under mixed traffic).
 */
export function answerApiRequest(runtime: DocumentRuntime, services: EngineServices, request: MockRequest, method: string, typedPath: string, search: string, headers: Record<string, string>): Answer | Promise<Answer> {
  const read = readApiRequest(runtime, services, request, method, typedPath, search, headers);
  if ('answer' in read) return read.answer;
  const { context } = read;
  const remembered = runtime.answers.recall(read.identities.request, context);
  if (remembered !== undefined) return { response: remembered, control: null, body: NO_BODY, ...(context.session && { session: context.session }), ...identityOf(read) };
  // The operation's first request waits here for its big schemas' validators, compiled off the event loop, and its
  // collections' records, made a slice at a time; other clients do not.
  const preparing = runtime.pipeline.prepare(read.prismRequest);
  if (preparing !== undefined) return preparing.then(() => answerWithMocker(runtime, services, request, method, read));
  return answerWithMocker(runtime, services, request, method, read);
}

/**
 * Prism's mocker answers forced, scripted and document-answered responses: loaded by the first request that
 * needs it (an override added while this one waited included), never by a request the store answers.
 */
function answerWithMocker(runtime: DocumentRuntime, services: EngineServices, request: MockRequest, method: string, read: ReadRequest): Answer | Promise<Answer> {
  const { context } = read;
  const loaded = loadedPrismMocker();
  if (loaded !== undefined) context.mocker = loaded;
  else if (isForced(context.controls) || services.state.overrides.size > 0 || runtime.answeredFromDocument(read.prismRequest, read.identities)) {
    return loadPrismMocker().then(mocker => {
      context.mocker = mocker;
      return answerPrepared(runtime, services, request, method, read);
    });
  }
  return answerPrepared(runtime, services, request, method, read);
}

/** The request through Prism's pipeline and the check of what came out, once its operation is prepared and the mocker it needs loaded. */
function answerPrepared(runtime: DocumentRuntime, services: EngineServices, request: MockRequest, method: string, read: ReadRequest): Answer {
  const { context } = read;
  let checked: ReturnType<typeof checkOutput>;
  try {
    checked = checkOutput(runtime, services, runtime.pipeline.run(read.prismRequest, context, read.identities), read, method, request.basePath);
  } catch (error) {
    context.changes?.undo();
    throw error;
  }
  const { response, problems } = checked;
  // A write refused (a create of many whose third is refused, after the first replaced a record) or whose
  // answer failed after it (a response the document forbids) changes nothing, in any store it wrote.
  if (response.status >= 400) context.changes?.undo();
  else context.changes?.keep();
  runtime.answers.keep(read.identities.request, context, response);
  response.delay = context.delay;
  const opened = context.session?.opened;
  if (opened) response.headers[SESSION_OPENED_HEADER] = opened;
  return {
    response,
    problems,
    control: context.control,
    body: bodyForJournal(read.body),
    ...(context.session && { session: context.session }),
    ...(context.limit !== undefined && { limit: context.limit }),
    ...identityOf(read),
  };
}

/**
 * The first stage: the request's session header and controls checked, its body decoded, and the
 * request Prism is handed. The session is entered by the responder, once the credentials passed;
 * until then the delay is the one the request names, or the lower bound of `--delay`.
 */
function readApiRequest(runtime: DocumentRuntime, services: EngineServices, request: MockRequest, method: string, typedPath: string, search: string, headers: Record<string, string>): ReadRequest | { answer: Answer } {
  const path = typedPath.slice(runtime.document.basePath.length) || '/';
  const sessionId = headers[SESSION_HEADER];
  const sessionProblem = findSessionIdProblem(sessionId);
  if (sessionProblem) return { answer: { response: toMockResponse(runtime.shapeError(errorResponse('invalid_request', sessionProblem), { method, path })) } };
  const query = parseQuery(search);
  const read = readControls(headers['prefer'], query);
  if ('problem' in read) return { answer: { response: toMockResponse(runtime.shapeError(errorResponse('invalid_request', read.problem), { method, path })) } };
  const { controls } = read;
  const body = decodeBodyOnUse(request.body, headers['content-type'], request.bodyTooLarge === true);
  if (parsableContentType(headers['content-type']) === undefined) delete headers['content-type'];
  // A HEAD the document declares is its own operation; any other is answered as the GET it stands for, without the body.
  const prismMethod = method === 'HEAD' && !runtime.declaresHead(path) ? 'GET' : method;
  const escaped = escapeUndecodableSegments(path);
  const prismRequest: IHttpRequest = {
    method: prismMethod.toLowerCase() as HttpMethod,
    // With the fragment of the operation it is for, where the document tells operations at one path apart so (`/#X-Amz-Target=…`).
    url: { path: runtime.fragmentRouter?.(prismMethod, escaped, query, headers) ?? escaped, query },
    headers,
  };
  // Read by Prism's validator and the responder, after the route and the credentials: only then is it parsed.
  if (body.kind === 'some') Object.defineProperty(prismRequest, 'body', { enumerable: true, configurable: true, get: () => prismBodyOf(body.decoded()) });
  if (body.kind !== 'none' && headers['content-length'] === undefined) {
    // Prism looks at Content-Length to tell whether a body came; MSW requests may lack it.
    headers['content-length'] = String(typeof request.body === 'string' ? utf8Length(request.body) : request.body?.byteLength ?? 1);
  }
  const { sessions } = services.state;
  const { latency } = services.settings;
  const context: RequestContext = {
    body,
    sessionId,
    // Once: a remembered answer enters it before the responder would.
    enterSession: () => (context.session ??= sessionId === undefined ? { session: sessions.default } : sessions.enter(sessionId)),
    controls,
    delay: controls.delay ?? latency?.min ?? 0,
    control: null,
    problems: [],
  };
  const origin = originOf(request.url, headers['host']) ?? serverOriginOf(runtime.document);
  if (origin !== undefined) context.origin = origin;
  const identities = requestIdentities(prismMethod, prismRequest.url.path, search, headers, body.kind !== 'none', runtime.credentialNames);
  return { path, typedPath, prismRequest, context, body, identities };
}

const serverOrigins = new WeakMap<DocumentRuntime['document'], string | null>();

/** The origin of the document's first server, where it names one: where a request without a `Host` (an engine called directly) was meant to go. */
function serverOriginOf(document: DocumentRuntime['document']): string | undefined {
  let origin = serverOrigins.get(document);
  if (origin === undefined) serverOrigins.set(document, (origin = readServerOrigin(document.source) ?? null));
  return origin ?? undefined;
}

/** The origin a request was sent to: its URL's, where absolute (MSW), else `http://` and its `Host` (a host and port, nothing else). */
function originOf(url: string, host: string | undefined): string | undefined {
  if (/^https?:\/\//i.test(url)) return /^(https?:\/\/[^/?#]+)/i.exec(url)?.[1];
  return host !== undefined && /^[\w.-]+(?::\d+)?$|^\[[\d:a-fA-F.]+\](?::\d+)?$/.test(host) ? `http://${host}` : undefined;
}

/**
 * The last stage: a request Prism could not route is a 404 or 405, its path named under `basePath` (the
 * one the client used: MockRequest.basePath, else the document's); a response the document forbids (`--validate-responses`) a 500 that says why.
 */
function checkOutput(
  runtime: DocumentRuntime,
  services: EngineServices,
  result: PrismResult,
  read: ReadRequest,
  method: string,
  basePath = runtime.document.basePath,
): { response: MockResponse; problems: JournalProblem[] } {
  const { context, path } = read;
  if (result._tag === 'Left') {
    const status = (result.left as { status?: number }).status;
    if (status === 405) {
      const allow = runtime.allowedMethods(path);
      const message = `${method} is not allowed on ${basePath}${path}; use ${allow.join(' or ')}.`;
      return { response: toMockResponse(errorResponse('method_not_allowed', message, { allow: allow.join(', ') })), problems: context.problems };
    }
    if (status === 404) return { response: runtime.notFound(`${basePath}${read.typedPath.slice(runtime.document.basePath.length)}`, basePath), problems: context.problems };
    return { response: services.report.failure(`[petstore-mock] Prism could not route ${method} ${path}.`, result.left), problems: context.problems };
  }
  const { output, validations } = result.right;
  // A 204 or 304 has no body (RFC 9110), whatever content the document declares for it (ShipEngine's 204s declare an
  // empty string): its body is not checked, and a DELETE so answered is not refused as a 500.
  const bodyless = NULL_BODY_STATUSES.has(output.statusCode);
  const violations = validations.output.filter(violation => isError(violation) && !(bodyless && violation.path?.[0] === 'body'));
  if (violations.length === 0) return { response: toMockResponse(output, context.operationId), problems: context.problems };
  const message = `${method} ${path} answered ${output.statusCode}, which the document does not allow: ${violations.map(v => `${(v.path ?? []).join('.')} ${v.message}`).join('; ')}.`;
  services.report.onError(`[petstore-mock] ${message}`);
  return {
    response: toMockResponse(runtime.shapeError(errorResponse('invalid_response', message), { operationId: context.operationId }), context.operationId),
    problems: [...context.problems, ...violations.map(v => ({ path: ['response', ...(v.path ?? [])].join('.'), message: v.message }))],
  };
}

/** What Prism is handed as the body: parsed JSON, or the text of another kind (a form's as it came: Prism reads it by the operation's encodings). */
function prismBodyOf(decoded: DecodedBody): unknown {
  switch (decoded.kind) {
    case 'json':
      return decoded.value;
    case 'invalid-json':
    case 'invalid-multipart':
    case 'not-json':
    case 'form':
      return decoded.text;
    case 'too-large':
    case 'none':
      return undefined;
  }
}

/**
 * The body as the journal keeps it: parsed JSON, or the text of another kind. A body longer than the
 * journal keeps is cut without being decoded (a stranger's megabyte, refused for its credentials, is
 * never parsed); a shorter one is decoded here if nothing did.
 */
function bodyForJournal(body: BodyOnUse): Pick<JournalEntry, 'body' | 'bodyCut'> {
  if (body.kind === 'too-large') return { body: null, bodyCut: true };
  if (body.kind === 'none') return NO_BODY;
  if (body.text.length > JOURNAL_BODY_LIMIT) return journalBody(body.text, undefined);
  const decoded = body.decoded();
  return decoded.kind === 'json' || decoded.kind === 'form' ? journalBody(decoded.text, { value: decoded.value }) : journalBody(body.text, undefined);
}

/** The request's identity for the journal: the one Prism's verdicts are remembered by. */
function identityOf(read: ReadRequest): Pick<Answer, 'identity'> {
  return read.identities.request === undefined ? {} : { identity: read.identities.request };
}
