import { setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkOptions } from '../options/index.js';
import { createEngine, readBody, type Engine, type EngineOptions, type MockRequest, type MockResponse } from '../engine/index.js';
// Internal helpers, imported by path: their types name Prism's, which the public declarations must not.
import { ADMIN_PREFIX } from '../engine/admin/index.js';
import { errorResponse, toMockResponse } from '../engine/responses/index.js';
import { createByteBudget, namesOfLimit, type ByteBudget } from '../budget/index.js';
import { busy, shuttingDown } from './busy-answers.js';
import { answerClientErrors } from './client-errors.js';
import { createConnectionLines, MAX_PIPELINED, type Exchange } from './connection-lines.js';
import { limitConnections } from './connection-limit.js';
import { loadDashboardScript } from './dashboard-script.js';
import { watchDocument } from './watch-document.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_MAX_CONNECTIONS = 1_000;
export const DEFAULT_MAX_INFLIGHT_BYTES = 16 * 1024 * 1024;
export const DEFAULT_REQUEST_TIMEOUT = 10_000;

export interface MockServerOptions extends EngineOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1; `0.0.0.0` inside containers. */
  host?: string;
  /** Called once per answered request, e.g. to log it. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Serve the dashboard at `/__admin/`. Default true. */
  dashboard?: boolean;
  /**
   * Follow edits of `documentPath` without a restart: a good edit is answered by within about a
   * second (pets kept where the new `Pet` takes them), a broken one is logged and the last good
   * document kept. Default false.
   */
  watch?: boolean;
  /** Most connections open at once; one more takes the place of one with no request in progress (closed), else is answered `503` and closed. Default 1,000. */
  maxConnections?: number;
  /**
   * Most bytes of requests and answers held across all connections: each request's line and headers
   * (with what a parsed request costs, about 4 KiB) from its arrival until answered, however long it
   * waits in line; its body from the first byte read (the declared length at once) until answered,
   * delayed answers' included; and answers' bodies until written. A request past it is answered `503`
   * unread and its connection closed; one whose turn comes while the answers before it are held past
   * it is refused the same way, not carried out. Default 16 MiB.
   */
  maxInflightBytes?: number;
  /** Milliseconds a request (headers and body) may take to arrive; then `408` and the connection closed. Default 10,000. */
  requestTimeout?: number;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  milliseconds: number;
  operationId?: string;
}

export interface MockServer {
  /** `http://host:port`, without the API's base path. */
  readonly origin: string;
  /** The API's base URL, e.g. `http://127.0.0.1:4010/v1`. */
  readonly url: string;
  readonly port: number;
  readonly engine: Engine;
  readonly server: Server;
  /** The dashboard's address, `http://host:port/__admin/`; undefined when it is off (or the package was not built). */
  readonly dashboardUrl: string | undefined;
  /**
   * Stops accepting connections and answers what is in flight: a delayed answer is sent at once,
   * the last answer on each connection closes it, a request pipelined behind another that was not
   * carried out yet gets `503 service_unavailable` without being carried out, and a request still
   * unanswered after `drainMs` (default 1,500; e.g. a body that never finishes arriving) gets the
   * same. Then every connection is closed.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

export const DEFAULT_DRAIN_MS = 1_500;

/** The server's own state while it answers: what it holds, and whether it is stopping. */
interface Transport {
  engine: Engine;
  budget: ByteBudget;
  closing: () => boolean;
  /** Aborted when the server stops: every delayed answer is sent at once. */
  hurry: AbortSignal;
  onRequest: MockServerOptions['onRequest'];
  /** Where a failure of this adapter is reported: the engine's `onError`, else the console. */
  onError: (message: string, error?: unknown) => void;
}

/** The engine behind `node:http`: the local mock and the container run this. */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  checkOptions(options);
  const dashboardScript = options.dashboard === false ? undefined : await loadDashboardScript();
  if (options.watch === true && options.documentPath === undefined) throw new TypeError('[petstore-mock] watch follows documentPath: pass the document to watch.');
  // Behind node:http the Host header is worth checking (DNS rebinding): by the names given and the listen
  // address when it is a name (an IP address is always allowed).
  const host = options.host ?? DEFAULT_HOST;
  const adminHosts = [...(options.adminHosts ?? []), ...(isIP(host) === 0 ? [host] : [])];
  const engine = await createEngine({ ...options, adminHosts, ...(dashboardScript !== undefined && { dashboardScript }) });
  const watcher =
    options.watch === true && options.documentPath !== undefined
      ? watchDocument(options.documentPath, engine, {
          info: options.onWarning ?? (message => console.warn(message)),
          error: options.onError ?? (message => console.error(message)),
        })
      : undefined;
  const lines = createConnectionLines();
  let closing = false;
  const hurry = new AbortController();
  // Every delayed answer listens to it: as many as the requests held.
  setMaxListeners(Infinity, hurry.signal);
  const transport: Transport = {
    engine,
    budget: createByteBudget('maxInflightBytes', options.maxInflightBytes ?? DEFAULT_MAX_INFLIGHT_BYTES),
    closing: () => closing,
    hurry: hurry.signal,
    onRequest: options.onRequest,
    onError: options.onError ?? ((message, error) => console.error(message, error ?? '')),
  };
  const requestTimeout = options.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT;
  const server = createServer(
    // Node checks these every connectionsCheckingInterval (30 s by default): often enough here that a stalled body is cut near its deadline.
    { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1_000, Math.ceil(requestTimeout / 4)) },
    (request, response) => {
      if (connections.isRefused(request.socket)) {
        // Answered 503 when it connected; its first request is journaled with that answer.
        const refusal = connections.takeRefusal(request.socket);
        if (refusal !== undefined) journalRefusal(engine, request, refusal, 'maxConnections');
        request.resume();
        return;
      }
      const exchange = lines.join(request, response, transport.budget);
      if (exchange === undefined) {
        const refusal = busy(`The connection already has ${MAX_PIPELINED} requests waiting for their answers, the most one connection may queue.`);
        journalRefusal(engine, request, refusal, 'maxPipelined');
        writeError(response, refusal);
        return;
      }
      void answer(transport, exchange);
    },
  );
  const connections = limitConnections(server, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS, lines);
  server.keepAliveTimeout = 5_000;
  answerClientErrors(server, (socket, refusal) => {
    // A body that stopped arriving: its request is known. Headers that never arrived in full name none, and are not journaled.
    const exchange = lines.arriving(socket);
    if (exchange !== undefined) journalRefusal(engine, exchange.request, refusal, 'requestTimeout');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, options.host ?? DEFAULT_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address, family } = server.address() as AddressInfo;
  const origin = `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
  let closed: Promise<void> | undefined;

  const close = async (drainMs: number): Promise<void> => {
    closing = true;
    watcher?.close();
    const stopped = new Promise<void>(resolve => server.close(() => resolve()));
    server.closeIdleConnections();
    hurry.abort();
    const deadline = Date.now() + drainMs;
    while (lines.exchanges.size > 0 && Date.now() < deadline) await sleep(10);
    for (const { request, response } of lines.exchanges) {
      if (response.headersSent) continue;
      const refusal = shuttingDown(`was not answered within ${drainMs} ms`);
      journalRefusal(engine, request, refusal, 'shutdown');
      writeError(response, refusal);
    }
    // Answers written a moment ago are still being flushed: give them that moment.
    for (let waited = 0; lines.exchanges.size > 0 && waited < 100; waited += 10) await sleep(10);
    server.closeAllConnections();
    await stopped;
  };

  return {
    origin,
    url: `${origin}${engine.document.basePath}`,
    port,
    engine,
    server,
    dashboardUrl: dashboardScript === undefined ? undefined : `${origin}/__admin/`,
    close: ({ drainMs = DEFAULT_DRAIN_MS } = {}) => (closed ??= close(drainMs)),
  };
}

const HEALTH_PATH = `${ADMIN_PREFIX}health`;
/** What V8 allocates for a string besides its characters. */
const STRING_OVERHEAD_BYTES = 16;
/** Whether a request says it carries a body: a Content-Length above 0, or a Transfer-Encoding. */
function declaresBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** What a parsed request, its answer's object and its place in line hold besides its headers' text, measured (see the README). */
const REQUEST_OVERHEAD_BYTES = 4 * 1024;

async function answer({ engine, budget, closing, hurry, onRequest, onError }: Transport, exchange: Exchange): Promise<void> {
  const { request, response } = exchange;
  const started = performance.now();
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  try {
    if (closing()) {
      // Refused in its turn, so that the answers before it on its connection are still sent.
      request.resume();
      if (exchange.turn) await exchange.turn;
      if (!isAnswered(response)) answerStopping(engine, exchange, shuttingDown('arrived while it was stopping'));
      return;
    }
    // Health answers whatever the load: probes must not restart a mock that is only busy.
    const isHealth = method === 'GET' && url === HEALTH_PATH;
    // Its request line and headers are held until it is answered, however long it waits in line behind a delayed answer.
    if (!isHealth && (budget.used >= budget.max || !exchange.hold(headBytes(request)))) {
      refuse(engine, exchange, overBudget(budget));
      return;
    }
    const mockRequest: MockRequest = { method, url, headers: joinHeaders(request) };
    // A GET or HEAD is read where it declares a body: a document may require one (SES's ListImportJobs, a GET with a
    // required JSON body), which went unread and was refused as missing.
    if ((method !== 'GET' && method !== 'HEAD') || declaresBody(request)) {
      const read = await readBody(request, engine.bodyLimit, { declaredLength: request.headers['content-length'], reserve: bytes => exchange.hold(bytes) });
      if (read.refused) {
        refuse(engine, exchange, overBudget(budget));
        return;
      }
      if (read.tooLarge) mockRequest.bodyTooLarge = true;
      else mockRequest.body = read.body;
    }
    // Every earlier request on this connection is answered first, as HTTP/1.1 sends the answers.
    if (exchange.turn) await exchange.turn;
    // Shutting down answered it already (the body did not arrive in time), or its connection is gone
    // or closes after an earlier answer: the engine never sees it.
    if (isAnswered(response) || request.socket.destroyed || exchange.isLineClosed()) return;
    if (closing()) {
      // The answers queued behind this one are refused too: only the last closes the connection.
      answerStopping(engine, exchange, shuttingDown('had not been carried out when the mock began stopping'));
      return;
    }
    // The answers before it may still be held, unwritten to a client that does not read them: only
    // while they fit is another answer made (a pipelined line of 32 requests for the HAR made 32 of them).
    if (!isHealth && budget.used > budget.max) {
      refuse(engine, exchange, overBudget(budget));
      return;
    }
    const mockResponse = await engine.handle(mockRequest);
    // What the request held is the answer now: its body need not be kept through a delay.
    delete mockRequest.body;
    const bodyBytes = mockResponse.body === undefined ? 0 : Buffer.byteLength(mockResponse.body);
    exchange.holdAnswer(bodyBytes);
    if (mockResponse.delay !== undefined && mockResponse.delay > 0 && !hurry.aborted) {
      await sleep(mockResponse.delay, undefined, { signal: hurry }).catch(() => undefined);
    }
    // Shutting down may have answered it while it waited.
    if (isAnswered(response)) return;
    if (mockResponse.body !== undefined) mockResponse.headers['content-length'] = String(bodyBytes);
    // Stopping, the last answer on a connection closes it; those before it keep it open for the answers queued behind them.
    if (closing() && exchange.isLastInLine()) {
      mockResponse.headers['connection'] = 'close';
      exchange.closeLine();
    }
    response.writeHead(mockResponse.status, mockResponse.headers);
    response.end(mockResponse.body);
    onRequest?.({
      method,
      path: url,
      status: mockResponse.status,
      milliseconds: performance.now() - started,
      ...(mockResponse.operationId !== undefined && { operationId: mockResponse.operationId }),
    });
  } catch (error) {
    // The engine answers every failure itself; this is a broken connection or a bug in this adapter.
    if (response.headersSent || request.destroyed) {
      response.destroy();
      return;
    }
    onError(`[petstore-mock] ${method} ${url} could not be answered.`, error);
    writeError(response, toMockResponse(errorResponse('internal_error', 'The mock failed unexpectedly; see its log.')));
  } finally {
    exchange.answered();
  }
}

function isAnswered(response: ServerResponse): boolean {
  return response.headersSent || response.destroyed;
}

/** Refuses a request whose body is left unread at `--max-inflight-bytes`: the connection closes, and nothing behind it in line is carried out. */
function refuse(engine: Engine, exchange: Exchange, answer: MockResponse): void {
  journalRefusal(engine, exchange.request, answer, 'maxInflightBytes');
  exchange.closeLine();
  writeError(exchange.response, answer);
}

/** Refuses a request, not carried out, because the mock is stopping: only the last answer on its connection closes it. */
function answerStopping(engine: Engine, exchange: Exchange, answer: MockResponse): void {
  journalRefusal(engine, exchange.request, answer, 'shutdown');
  writeError(exchange.response, answer, { close: exchange.isLastInLine() });
}

/** The journal's entry of a request the server refused itself, naming the limit (or `shutdown`); its body, never read, is not kept. */
function journalRefusal(engine: Engine, request: IncomingMessage, answer: MockResponse, limit: string): void {
  engine.recordRefusal({ method: request.method ?? 'GET', url: request.url ?? '/', headers: joinHeaders(request), response: answer, limit });
}

function overBudget(budget: ByteBudget): MockResponse {
  return busy(`The mock holds ${budget.used} bytes of requests and answers in flight and may hold ${budget.max} (${namesOfLimit(budget.limit)}).`);
}

/** An error answer; it closes the connection unless told otherwise. */
function writeError(response: ServerResponse, error: MockResponse, { close = true } = {}): void {
  const body = error.body ?? '';
  response.writeHead(error.status, { ...error.headers, 'content-length': String(Buffer.byteLength(body)), ...(close && { connection: 'close' }) });
  response.end(body);
}

/** Bytes of a request's line and headers as Node holds them (each a string), with what each string and the request itself cost. */
function headBytes(request: IncomingMessage): number {
  let bytes = REQUEST_OVERHEAD_BYTES + (request.url?.length ?? 0);
  for (const part of request.rawHeaders) bytes += part.length + STRING_OVERHEAD_BYTES;
  return bytes;
}

/** Node's headers, lower-cased already; only `set-cookie` can be an array, and is joined. */
function joinHeaders(request: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const name in request.headers) {
    const value = request.headers[name];
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
