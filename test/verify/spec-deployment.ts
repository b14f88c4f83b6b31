// An Animal Store deployment written from the specification alone (/work/shared/animal-store-spec.md,
// kept in README's words as "the Animal Store Service Specification"), by someone who never read
// openapi/petstore.yaml: authentication answers before any operation is known (so getPet's 401
// carries no deprecation headers), the deprecation date is its own, and GET /store/orders, whose
// shape the specification does not show, does not exist (404). Faithful to the specification.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SpecDeployment {
  /** The base URL, ending in /v1. */
  url: string;
  /** Paths (with query) of every request, in order. */
  paths: string[];
  close(): Promise<void>;
}

const STATUSES = ['available', 'pending', 'sold'];

interface Animal {
  id: number;
  name: string;
  categoryId: number;
  status?: string;
}

export async function startSpecDeployment(): Promise<SpecDeployment> {
  const animals: Animal[] = [
    { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
    { id: 2, name: 'Tom', categoryId: 2, status: 'pending' },
    { id: 3, name: 'Kiki', categoryId: 3 },
  ];
  const paths: string[] = [];
  const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  // "All error responses carry an Error body (fields code, message, status)."
  const error = (response: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void => json(response, status, { code, message, status }, headers);
  // "GET /pets/{petId} is deprecated and is to be removed on 5 December 2030. The stated replacement is GET /pets" (RFC 9745, RFC 8594).
  const deprecated = { deprecation: '@1748736000', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT', link: '</v1/pets>; rel="successor-version"' };

  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://spec');
      // The authentication layer answers before any route: "when the key is missing or invalid, the response is 401 with an Error body".
      if (!/^Bearer \S+$/.test(request.headers.authorization ?? '')) {
        return error(response, 401, 'unauthorized', 'An API key is required.', { 'www-authenticate': 'Bearer' });
      }
      if (request.method === 'GET' && url.pathname === '/v1/pets') {
        const limitText = url.searchParams.get('limit') ?? '20';
        const limit = Number(limitText);
        if (!/^\d+$/.test(limitText) || limit < 1 || limit > 100) return error(response, 400, 'bad_limit', 'limit is from 1 to 100.');
        const status = url.searchParams.get('status');
        if (status !== null && !STATUSES.includes(status)) return error(response, 400, 'bad_status', 'status is available, pending or sold.');
        return json(response, 200, animals.filter(animal => status === null || animal.status === status).slice(0, limit));
      }
      if (request.method === 'POST' && url.pathname === '/v1/pets') {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return error(response, 400, 'bad_body', 'The body is not JSON.');
        }
        const { name, categoryId, status } = body;
        if (typeof name !== 'string' || !Number.isInteger(categoryId)) return error(response, 400, 'missing_fields', 'name and categoryId are required.');
        if (status !== undefined && !STATUSES.includes(status as string)) return error(response, 400, 'bad_status', 'status is available, pending or sold.');
        const animal: Animal = { id: animals.length + 1, name, categoryId: categoryId as number, ...(typeof status === 'string' && { status }) };
        animals.push(animal);
        // 201 Created names the new resource (RFC 9110, section 15.3.2).
        return json(response, 201, animal, { location: `/v1/pets/${animal.id}` });
      }
      const item = /^\/v1\/pets\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && item) {
        const id = item[1] ?? '';
        if (!/^\d+$/.test(id)) return error(response, 400, 'bad_id', 'petId is an integer.', deprecated);
        const animal = animals.find(each => each.id === Number(id));
        return animal ? json(response, 200, animal, deprecated) : error(response, 404, 'not_found', `No animal ${id}.`, deprecated);
      }
      // Anything else, GET /store/orders included ("their shape is not shown"), does not exist here.
      return error(response, 404, 'not_found', 'No such resource.');
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    paths,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
