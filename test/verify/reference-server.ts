// A small Animal Store deployment, faithful to openapi/petstore.yaml, and variants of it that each
// drift from the document in one way: what `petstore-mock verify` runs against in these tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One kind of drift from the document. */
export type Drift =
  | 'renamed-field'
  | 'error-without-status'
  | 'created-200'
  | 'filter-ignored'
  | 'limit-unbounded'
  | 'no-www-authenticate'
  | 'no-deprecation-headers'
  | 'extra-property'
  | 'undeclared-status'
  | 'wrong-content-type';

/** A transport misbehaviour of GET /pets/{petId} with credentials. */
export type Fault = 'timeout' | 'redirect' | 'non-json' | 'reset' | 'huge-body';

export interface ReferenceServerOptions {
  drift?: Drift;
  fault?: Fault;
  /** Accept only this token; default any non-empty one. */
  token?: string;
  /**
   * Echo the request's credentials back, as a careless deployment might: in the message of a 404
   * (as sent, and base64 of `verify:<token>`), at the end of a long 401 message (a report cuts it
   * short), or URL-encoded in the `Location` of a 302 for GET /pets/{petId}.
   */
  echoCredentials?: 'not-found' | 'unauthorized' | 'redirect';
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface ReferenceServer {
  /** The base URL, ending in /v1. */
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

const STATUSES = ['available', 'pending', 'sold'] as const;
const DEPRECATION = '@1764892800';
const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';

interface StoredPet {
  id: number;
  name: string;
  categoryId: number;
  status?: string;
}

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const { drift, fault } = options;
  const pets: StoredPet[] = [
    { id: 1, name: 'Bella', categoryId: 1, status: 'available' },
    { id: 2, name: 'Milo', categoryId: 2, status: 'sold' },
    { id: 3, name: 'Luna', categoryId: 1, status: 'pending' },
    { id: 4, name: 'Coco', categoryId: 3, status: 'available' },
    { id: 5, name: 'Max', categoryId: 2 },
  ];
  const requests: SeenRequest[] = [];

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    response.writeHead(status, { 'content-type': drift === 'wrong-content-type' ? 'text/plain' : 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const fail = (response: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void =>
    send(response, status, drift === 'error-without-status' ? { code, message } : { code, message, status }, headers);
  const present = (pet: StoredPet): Record<string, unknown> => {
    const { categoryId, ...rest } = pet;
    const shown: Record<string, unknown> = drift === 'renamed-field' ? { ...rest, category_id: categoryId } : { ...pet };
    if (drift === 'extra-property') shown['nickname'] = `${pet.name}y`;
    return shown;
  };
  const deprecation = (): Record<string, string> => (drift === 'no-deprecation-headers' ? {} : { deprecation: DEPRECATION, sunset: SUNSET, link: '</v1/pets>; rel="successor-version"' });

  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    response.on('error', () => undefined);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://reference');
      const path = url.pathname;
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || (options.token !== undefined && token !== options.token)) {
        // The deprecated getPet carries its deprecation headers on every answer, its 401 included (the document requires them there).
        const getPet = request.method === 'GET' && /^\/v1\/pets\/[^/]+$/.test(path);
        const challenge = drift === 'no-www-authenticate' ? {} : { 'www-authenticate': 'Bearer realm="animal-store"' };
        const message = options.echoCredentials === 'unauthorized' ? `Not a key this deployment knows (${'-'.repeat(47)}): ${request.headers.authorization ?? ''}` : 'Send the header "Authorization: Bearer <API_KEY>".';
        fail(response, 401, 'unauthorized', message, { ...challenge, ...(getPet ? deprecation() : {}) });
        return;
      }
      if (request.method === 'GET' && path === '/v1/pets') {
        const limitText = url.searchParams.get('limit');
        const limit = limitText === null ? 20 : Number(limitText);
        const ceiling = drift === 'limit-unbounded' ? Infinity : 100;
        if (!Number.isInteger(limit) || limit < 1 || limit > ceiling) return fail(response, 400, 'invalid_request', `limit must be from 1 to 100, got ${limitText ?? ''}.`);
        const status = url.searchParams.get('status');
        if (status !== null && !(STATUSES as readonly string[]).includes(status)) return fail(response, 400, 'invalid_request', 'status must be available, pending or sold.');
        const kept = status === null || drift === 'filter-ignored' ? pets : pets.filter(pet => pet.status === status);
        return send(response, 200, kept.slice(0, limit).map(present));
      }
      if (request.method === 'POST' && path === '/v1/pets') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return fail(response, 400, 'invalid_request', 'The body is not JSON.');
        }
        const { name, categoryId, status } = body;
        if (typeof name !== 'string' || name.length > 255) return fail(response, 400, 'invalid_request', 'name is required.');
        if (typeof categoryId !== 'number' || !Number.isInteger(categoryId)) return fail(response, 400, 'invalid_request', 'categoryId is required.');
        if (status !== undefined && !(STATUSES as readonly unknown[]).includes(status)) return fail(response, 400, 'invalid_request', 'status is not one of the values.');
        const pet: StoredPet = { id: pets.length + 1, name, categoryId, ...(typeof status === 'string' && { status }) };
        pets.push(pet);
        return send(response, drift === 'created-200' ? 200 : 201, present(pet), { location: `/v1/pets/${pet.id}` });
      }
      const item = /^\/v1\/pets\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && item) {
        if (fault) return misbehave(fault, response);
        if (options.echoCredentials === 'redirect') {
          response.writeHead(302, { location: `https://sso.invalid/login?next=${encodeURIComponent(path)}&bearer=${encodeURIComponent(token)}` });
          return void response.end();
        }
        const id = item[1] ?? '';
        if (!/^\d+$/.test(id)) return fail(response, 400, 'invalid_request', 'petId must be an integer.', deprecation());
        const pet = pets.find(each => each.id === Number(id));
        if (!pet) return fail(response, drift === 'undeclared-status' ? 422 : 404, 'pet_not_found', `No pet has id ${id}${options.echoCredentials === 'not-found' ? ` (as a login ${Buffer.from(`verify:${token}`).toString('base64')}; you sent ${request.headers.authorization ?? ''})` : ''}.`, deprecation());
        return send(response, 200, present(pet), deprecation());
      }
      if (request.method === 'GET' && path === '/v1/store/orders') return fail(response, 501, 'not_implemented', 'Store orders are not implemented.');
      fail(response, 404, 'not_found', `No route for ${request.method ?? ''} ${path}.`);
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function misbehave(fault: Fault, response: ServerResponse): void {
  switch (fault) {
    case 'timeout':
      return; // Never answers; the client's timeout ends it.
    case 'redirect':
      response.writeHead(302, { location: 'https://elsewhere.invalid/v1/pets/1' });
      response.end();
      return;
    case 'non-json':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Maintenance</body></html>');
      return;
    case 'reset':
      response.socket?.destroy();
      return;
    case 'huge-body': {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = `"${'x'.repeat(64 * 1024)}",`;
      response.write('[');
      let written = 0;
      const more = (): void => {
        // 8 MiB at most, written as the client reads; it stops reading after 1 MiB.
        while (written < 128 && !response.destroyed) {
          written++;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        if (!response.destroyed) response.end('"end"]');
      };
      more();
      return;
    }
  }
}
