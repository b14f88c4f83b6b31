import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkOptions } from '../options/index.js';
import { createEngine, readBody, type Engine, type EngineOptions, type MockRequest, type MockResponse } from '../engine/index.js';
// Internal helpers, imported by path: their types name Prism's, which the public declarations must not.
import { FAULT_RETRY_AFTER_SECONDS } from '../engine/controls/index.js';
import { errorResponse, toMockResponse } from '../engine/responses/index.js';
import { answerClientErrors } from './client-errors.js';
import { loadDashboardScript } from './dashboard-script.js';
import { watchDocument } from './watch-document.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

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
   * every answer closes its connection, and a request still unanswered after `drainMs` (default
   * 1,500; e.g. a body that never finishes arriving) gets `503 service_unavailable`. Then every
   * connection is closed.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

export const DEFAULT_DRAIN_MS = 1_500;

/** A request being answered: its response, and the way to cut its delay short. */
interface InFlight {
  response: ServerResponse;
  hurry: AbortController;
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
  const inFlight = new Set<InFlight>();
  let closing = false;
  const server = createServer((request, response) => {
    if (closing) {
      request.resume();
      writeError(response, shuttingDown('arrived while it was stopping'));
      return;
    }
    const entry: InFlight = { response, hurry: new AbortController() };
    inFlight.add(entry);
    void answer(engine, request, entry, () => closing, options.onRequest).finally(() => inFlight.delete(entry));
  });
  server.keepAliveTimeout = 5_000;
  answerClientErrors(server);
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
    for (const entry of inFlight) entry.hurry.abort();
    const deadline = Date.now() + drainMs;
    while (inFlight.size > 0 && Date.now() < deadline) await sleep(10);
    for (const { response } of inFlight) if (!response.headersSent) writeError(response, shuttingDown(`was not answered within ${drainMs} ms`));
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

async function answer(engine: Engine, request: IncomingMessage, { response, hurry }: InFlight, closing: () => boolean, onRequest: MockServerOptions['onRequest']): Promise<void> {
  const started = performance.now();
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  try {
    const mockRequest: MockRequest = { method, url, headers: joinHeaders(request) };
    if (method !== 'GET' && method !== 'HEAD') {
      const { body, tooLarge } = await readBody(request, engine.bodyLimit, { declaredLength: request.headers['content-length'] });
      if (tooLarge) mockRequest.bodyTooLarge = true;
      else mockRequest.body = body;
    }
    // Shutting down answered it already (the body did not arrive in time): the engine never saw it.
    if (response.headersSent) return;
    const mockResponse = await engine.handle(mockRequest);
    if (mockResponse.delay !== undefined && mockResponse.delay > 0 && !hurry.signal.aborted) {
      await sleep(mockResponse.delay, undefined, { signal: hurry.signal }).catch(() => undefined);
    }
    // Shutting down may have answered it while it waited.
    if (isAnswered(response)) return;
    if (mockResponse.body !== undefined) mockResponse.headers['content-length'] = String(Buffer.byteLength(mockResponse.body));
    if (closing()) mockResponse.headers['connection'] = 'close';
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
    console.error(`[petstore-mock] ${method} ${url} could not be answered.`, error);
    writeError(response, toMockResponse(errorResponse('internal_error', 'The mock failed unexpectedly; see its log.')));
  }
}

function isAnswered(response: ServerResponse): boolean {
  return response.headersSent;
}

function shuttingDown(why: string): MockResponse {
  return toMockResponse(
    errorResponse('service_unavailable', `The mock is shutting down: this request ${why}, and nothing of it was stored.`, { 'retry-after': String(FAULT_RETRY_AFTER_SECONDS) }),
  );
}

/** An error answer that closes the connection. */
function writeError(response: ServerResponse, error: MockResponse): void {
  const body = error.body ?? '';
  response.writeHead(error.status, { ...error.headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' });
  response.end(body);
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
