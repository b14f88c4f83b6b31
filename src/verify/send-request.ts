import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** A request to send: the method, the full URL, headers (lower-case) and a serialized body. */
export interface OutgoingRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** Why no answer came: each is a finding (or, on the first request, a reason not to go on). */
export type FailureKind = 'timeout' | 'reset' | 'refused' | 'dns' | 'tls' | 'other';

/** What came back: an answer, or the reason none did. Never thrown. */
export type Exchange =
  | {
      kind: 'answer';
      status: number;
      /** Lower-case names; repeated headers joined with `, `. */
      headers: Record<string, string>;
      /** The body as text, at most the read limit. */
      text: string;
      /** True when the body was longer than the limit and reading stopped. */
      tooLarge: boolean;
      durationMs: number;
    }
  | { kind: 'failure'; failure: FailureKind; message: string; durationMs: number };

export interface SendOptions {
  timeoutMs: number;
  maxBodyBytes: number;
}

/**
 * Sends one request with Node's http client: no redirect is followed, the whole exchange (answer
 * and body) is bounded by `timeoutMs`, and at most `maxBodyBytes` of the body are read.
 */
export function sendRequest(outgoing: OutgoingRequest, options: SendOptions): Promise<Exchange> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  return new Promise(resolve => {
    let settled = false;
    const finish = (exchange: Exchange): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(exchange);
    };
    const fail = (error: unknown): void => finish({ kind: 'failure', ...classify(error), durationMs: elapsed() });
    const send = outgoing.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = { ...outgoing.headers, ...(outgoing.body !== undefined && { 'content-length': String(Buffer.byteLength(outgoing.body)) }) };
    let request: ReturnType<typeof send>;
    try {
      request = send(outgoing.url, { method: outgoing.method, headers, agent: false });
    } catch (error) {
      fail(error);
      return;
    }
    const timer = setTimeout(() => {
      fail(Object.assign(new Error(`No complete answer within ${options.timeoutMs} ms.`), { code: 'VERIFY_TIMEOUT' }));
      request.destroy();
    }, options.timeoutMs);
    request.on('error', fail);
    request.on('response', response => {
      const chunks: Buffer[] = [];
      let length = 0;
      let tooLarge = false;
      const answer = (): void =>
        finish({ kind: 'answer', status: response.statusCode ?? 0, headers: joinHeaders(response.headers), text: Buffer.concat(chunks).toString('utf8'), tooLarge, durationMs: elapsed() });
      response.on('data', (chunk: Buffer) => {
        if (tooLarge) return;
        const room = options.maxBodyBytes - length;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          length += room;
          tooLarge = true;
          answer();
          response.destroy();
          request.destroy();
          return;
        }
        chunks.push(chunk);
        length += chunk.length;
      });
      response.on('end', answer);
      response.on('error', fail);
      response.on('aborted', () => fail(Object.assign(new Error('The connection closed before the body ended.'), { code: 'ECONNRESET' })));
    });
    request.end(outgoing.body);
  });
}

function joinHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) joined[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return joined;
}

function classify(error: unknown): { failure: FailureKind; message: string } {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'VERIFY_TIMEOUT') return { failure: 'timeout', message };
  if (code === 'ECONNREFUSED') return { failure: 'refused', message: `The connection was refused (${message}).` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { failure: 'dns', message: `The host name did not resolve (${message}).` };
  if (code === 'ECONNRESET' || code === 'EPIPE' || message === 'socket hang up') return { failure: 'reset', message: `The connection was reset (${message}).` };
  if (typeof code === 'string' && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return { failure: 'tls', message: `TLS failed (${code}: ${message}).` };
  if (/SSL|TLS|certificate/i.test(message)) return { failure: 'tls', message: `TLS failed (${message}).` };
  return { failure: 'other', message: typeof code === 'string' ? `${code}: ${message}` : message };
}
