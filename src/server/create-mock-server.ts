import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createEngine, readBody, type Engine, type EngineOptions, type MockRequest } from '../engine/index.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export interface MockServerOptions extends EngineOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1; `0.0.0.0` inside containers. */
  host?: string;
  /** Called once per answered request, e.g. to log it. */
  onRequest?: (entry: RequestLogEntry) => void;
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
  /** Stops accepting requests and closes open connections. */
  close(): Promise<void>;
}

/** The engine behind `node:http`: the local mock and the container run this. */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const engine = await createEngine(options);
  const server = createServer((request, response) => {
    void answer(engine, request, response, options.onRequest);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, options.host ?? DEFAULT_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address, family } = server.address() as AddressInfo;
  const origin = `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
  return {
    origin,
    url: `${origin}${engine.document.basePath}`,
    port,
    engine,
    server,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(engine: Engine, request: IncomingMessage, response: ServerResponse, onRequest: MockServerOptions['onRequest']): Promise<void> {
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
    const mockResponse = await engine.handle(mockRequest);
    if (mockResponse.delay !== undefined && mockResponse.delay > 0) await sleep(mockResponse.delay);
    if (mockResponse.body !== undefined) mockResponse.headers['content-length'] = String(Buffer.byteLength(mockResponse.body));
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
    console.error(`[petstore-mock] ${method} ${url} could not be answered.`, error);
    if (!response.headersSent) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'internal_error', message: 'The mock failed unexpectedly; see its log.', status: 500 }));
    } else response.destroy();
  }
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
