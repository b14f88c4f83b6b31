import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { requestsReceived } from '../support/server-events.js';

const AUTH = { authorization: 'Bearer lifecycle' };

/** Sends `text` on a raw socket and resolves with everything the server wrote before it closed. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', chunk => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(text);
  });
}

function parseRawResponse(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body: JSON.parse(body) as unknown };
}

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close({ drainMs: 0 });
  server = undefined;
});

describe('the HTTP server’s answers to what Node refuses before the engine sees it', () => {
  it.each([
    ['a 64 KB header', `GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(65_536)}\r\n\r\n`, 431, 'headers_too_large', /larger than the \d+ bytes/],
    ['a 100 KB URL', `GET /v1/pets?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'headers_too_large', /shorter URL/],
    ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n', 400, 'invalid_request', /not valid HTTP\/1\.1/],
    ['Content-Length: abc', 'POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, 'invalid_request', /Content-Length must be a whole number/],
    ['both Content-Length and Transfer-Encoding', 'POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n', 400, 'invalid_request', /Transfer-Encoding/],
  ])('answers %s with an Error body and closes the connection', async (_, request, status, code, message) => {
    server = await createMockServer({ port: 0, onError: () => undefined });
    const response = parseRawResponse(await rawExchange(server.port, request));
    expect(response.status).toBe(status);
    expect(response.headers).toContain('connection: close');
    expect(response.body).toEqual({ code, status, message: expect.stringMatching(message) as string });
    expect((await fetch(`${server.url}/pets`, { headers: AUTH })).status).toBe(200);
  });

  it('answers 408 with an Error body when Node times a request out', async () => {
    server = await createMockServer({ port: 0, onError: () => undefined });
    // Node checks request timeouts every 30 s by default; the handler is driven as Node drives it.
    const socket = new PassThrough();
    let written = '';
    socket.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const ended = new Promise(resolve => socket.on('end', resolve));
    server.server.emit('clientError', Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    await ended;
    const response = parseRawResponse(written);
    expect(response.status).toBe(408);
    expect(response.headers).toContain('connection: close');
    expect(response.body).toEqual({ code: 'request_timeout', status: 408, message: expect.stringMatching(/did not arrive in full in time/) as string });
  });
});

describe('closing the HTTP server', () => {
  it('sends every delayed answer at once, closing its connection, and stops accepting', async () => {
    server = await createMockServer({ port: 0, delay: 10_000 });
    const received = requestsReceived(server, 20);
    const inFlight = Array.from({ length: 20 }, () => fetch(`${server?.url}/pets?limit=1`, { headers: AUTH }));
    await received;
    const started = performance.now();
    await server.close();
    const responses = await Promise.all(inFlight);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(responses.map(response => [response.status, response.headers.get('connection')])).toEqual(Array.from({ length: 20 }, () => [200, 'close']));
    await expect(fetch(`${server.url}/pets`, { headers: AUTH })).rejects.toThrow();
  });

  it('answers a request whose body never finishes 503 within the drain time, and stores nothing of it', async () => {
    server = await createMockServer({ port: 0 });
    const halfSent = rawExchange(
      server.port,
      'POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"Half',
    );
    await requestsReceived(server, 1);
    const started = performance.now();
    await server.close({ drainMs: 300 });
    expect(performance.now() - started).toBeLessThan(1_000);
    const response = parseRawResponse(await halfSent);
    expect(response.status).toBe(503);
    expect(response.headers).toContain('connection: close');
    expect(response.body).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/shutting down.*nothing of it was stored/) as string });
    expect(server.engine.store.size).toBe(20);
  });
});
