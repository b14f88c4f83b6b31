// The mock itself, started with a document, as a deployment faithful to that document; and a proxy
// in front of it that drifts from the document in one way: what `petstore-mock verify` is checked
// against for documents other than the Animal Store's.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockServer, type MockServer } from '../../src/server/index.js';

/** One way a deployment drifts from its document. */
export type DocumentDrift =
  /** Every whole-number `id` in a JSON answer is sent as a string. */
  | 'key-as-string'
  /** A GET answered 404 is answered 200 with the last record read under the same collection. */
  | 'no-404'
  /** Every 4xx JSON body is `{"error": <the body's first string>}` instead of the document's error shape. */
  | 'own-error-shape'
  /** A request without credentials is let in: the proxy adds the ones it was given. */
  | 'open-door'
  /** A 401 loses its WWW-Authenticate. */
  | 'no-challenge';

export interface Deployment {
  /** The base URL, ending in the document's base path. */
  url: string;
  /** Paths (with query) of every request the deployment received, in order. */
  requests: { method: string; url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** The mock started with `documentPath`, answering as the deployment; with `drift`, behind a proxy that drifts. */
export async function startDeployment(documentPath: string, options: { drift?: DocumentDrift; apiKeys?: string[]; credentials?: Record<string, string> } = {}): Promise<Deployment> {
  const mock: MockServer = await createMockServer({ port: 0, dashboard: false, documentPath, onRequest: () => undefined, onWarning: () => undefined, ...(options.apiKeys && { apiKeys: options.apiKeys }) });
  const target = new URL(mock.url);
  const requests: Deployment['requests'] = [];
  const lastRecords = new Map<string, string>();
  const proxy = createServer((incoming, outgoing) => {
    requests.push({ method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers: incoming.headers });
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = { ...incoming.headers, host: target.host };
      if (options.drift === 'open-door' && headers.authorization === undefined) Object.assign(headers, options.credentials ?? {});
      const forwarded = httpRequest({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers }, answer => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          let status = answer.statusCode ?? 500;
          let text = Buffer.concat(body).toString('utf8');
          const answerHeaders = { ...answer.headers };
          const collection = (incoming.url ?? '').replace(/[?#].*$/, '').replace(/\/[^/]*$/, '');
          if (options.drift === 'no-404' && incoming.method === 'GET') {
            if (status === 200 && text.startsWith('{')) lastRecords.set(collection, text);
            const record = lastRecords.get(collection);
            if (status === 404 && record !== undefined) {
              status = 200;
              text = record;
            }
          }
          if (options.drift === 'key-as-string' && /json/.test(String(answerHeaders['content-type'])) && status < 300) text = text.replace(/"id":(\d+)/g, '"id":"$1"');
          if (options.drift === 'own-error-shape' && status >= 400 && status < 500 && text.startsWith('{')) {
            const first = Object.values(JSON.parse(text) as Record<string, unknown>).find(value => typeof value === 'string');
            text = JSON.stringify({ error: first ?? 'error' });
            answerHeaders['content-type'] = 'application/json';
          }
          if (options.drift === 'no-challenge') delete answerHeaders['www-authenticate'];
          delete answerHeaders['content-length'];
          delete answerHeaders['transfer-encoding'];
          outgoing.writeHead(status, { ...answerHeaders, 'content-length': String(Buffer.byteLength(text)) });
          outgoing.end(text);
        });
      });
      forwarded.on('error', () => {
        outgoing.writeHead(502);
        outgoing.end();
      });
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`,
    requests,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>(resolve => proxy.close(() => resolve()));
      await mock.close();
    },
  };
}
