import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ErrorCode, type MockResponse } from '../engine/index.js';

/**
 * Node refuses some requests before they reach the engine: headers (with the URL) over its limit,
 * a malformed request line or Content-Length, both Content-Length and Transfer-Encoding, a request
 * that did not arrive in time. Node's own handler answers those with empty bodies; this one answers
 * the API's `Error` body and, like Node's, closes the connection. `onTimeout` hears of each request
 * refused at the request timeout (`408`).
 */
export function answerClientErrors(server: Server, onTimeout?: (socket: Duplex, answer: MockResponse) => void): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { reason?: string }, socket: Duplex) => {
    const message = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || message?.headersSent) {
      socket.destroy();
      return;
    }
    const [code, text] = describeClientError(error, maxHeaderSize);
    const status = ERROR_CODES[code];
    const body = JSON.stringify({ code, message: text, status });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
    // A request refused at --request-timeout, for the journal.
    if (code === 'request_timeout') onTimeout?.(socket, { status, headers: { 'content-type': 'application/json' }, body });
  });
}

function describeClientError(error: NodeJS.ErrnoException & { reason?: string }, headerLimit: number): [ErrorCode, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return ['headers_too_large', `The request line and headers are larger than the ${headerLimit} bytes the mock accepts; send a shorter URL or fewer headers.`];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return ['request_timeout', 'The request did not arrive in full in time; the connection is closed.'];
    case 'HPE_INVALID_CONTENT_LENGTH':
      return ['invalid_request', 'Content-Length must be a whole number of bytes.'];
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return ['invalid_request', 'A request must not carry both Content-Length and Transfer-Encoding.'];
    default:
      return ['invalid_request', `The request is not valid HTTP/1.1: ${error.reason ?? error.message}${error.code ? ` (${error.code})` : ''}.`];
  }
}
