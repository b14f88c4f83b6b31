// The hand-written contender of the mixed-traffic bench (bench/mixed-traffic.ts): a stateful
// node:http server for the default document's routes, written the way a team would write one by
// hand, with no schema engine. It keeps what petstore-mock's answers keep: the same routes under
// /v1, an in-memory store in ascending id order with a bound on its size, the same bounds on
// `limit`, `status`, `petId` and a new pet's fields, `Error` bodies ({code, message, status}), a
// bearer check (401 with WWW-Authenticate), 413 and 415 on a create, getPet's deprecation headers,
// CORS headers, and each answer written at once with its length.
//
// node bench/stateful-server.mjs <pets.json> <port> [maxPets]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// Stopped by SIGINT or SIGTERM, it exits at once (a profile taken with --cpu-prof is written then).
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));

const pets = new Map(JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')).map(pet => [pet.id, pet]));
const port = Number(process.argv[3] ?? 4010);
const maxPets = Number(process.argv[4] ?? 10_000);
const BODY_LIMIT = 1024 * 1024;
const STATUSES = new Set(['available', 'pending', 'sold']);
const NEW_PET_FIELDS = ['name', 'categoryId', 'status'];
let nextId = Math.max(0, ...pets.keys()) + 1;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Deprecation, Sunset, Link, Location, WWW-Authenticate, Allow, Retry-After, X-Petstore-Session-Opened',
  vary: 'Origin',
};
const DEPRECATION = { deprecation: '@1764892800', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT', link: '</v1/pets>; rel="successor-version"' };

function send(response, status, body, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers, ...CORS, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

function error(response, status, code, message, headers) {
  send(response, status, JSON.stringify({ code, message, status }), headers);
}

function isWholeNumber(text) {
  return /^-?\d+$/.test(text);
}

function listPets(response, query) {
  const limitText = query.get('limit');
  const status = query.get('status');
  if (limitText !== null && (!isWholeNumber(limitText) || Number(limitText) < 1 || Number(limitText) > 100)) {
    return error(response, 400, 'invalid_request', 'Request query parameter limit must be a whole number from 1 to 100.');
  }
  if (status !== null && !STATUSES.has(status)) return error(response, 400, 'invalid_request', 'Request query parameter status must be one of available, pending, sold.');
  const limit = limitText === null ? 20 : Number(limitText);
  const page = [];
  for (const pet of pets.values()) {
    if (page.length >= limit) break;
    if (status === null || pet.status === status) page.push(pet);
  }
  send(response, 200, JSON.stringify(page));
}

function getPet(response, idText) {
  if (!isWholeNumber(idText) || Number(idText) < 1) return error(response, 400, 'invalid_request', 'Request path parameter petId must be a whole number of at least 1.', DEPRECATION);
  const pet = pets.get(Number(idText));
  if (pet === undefined) return error(response, 404, 'pet_not_found', `No pet has id ${idText}.`, DEPRECATION);
  send(response, 200, JSON.stringify(pet), DEPRECATION);
}

function newPetProblem(body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body must be object';
  if (typeof body.name !== 'string') return "body must have required property 'name' of type string";
  if (body.name.length > 255) return 'body/name must NOT have more than 255 characters';
  if (!Number.isInteger(body.categoryId)) return "body must have required property 'categoryId' of type integer";
  if (body.status !== undefined && !STATUSES.has(body.status)) return 'body/status must be one of available, pending, sold';
  return undefined;
}

function createPet(request, response) {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    request.resume();
    return error(response, 415, 'unsupported_media_type', `Content-Type must be application/json, not ${JSON.stringify(type)}.`);
  }
  const chunks = [];
  let size = 0;
  let tooLarge = false;
  request.on('data', chunk => {
    size += chunk.length;
    if (size > BODY_LIMIT) tooLarge = true;
    else chunks.push(chunk);
  });
  request.on('end', () => {
    if (tooLarge) return error(response, 413, 'payload_too_large', `The request body is larger than ${BODY_LIMIT} bytes.`);
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return error(response, 400, 'invalid_request', 'Request body is not valid JSON.');
    }
    const problem = newPetProblem(body);
    if (problem !== undefined) return error(response, 400, 'invalid_request', `Request ${problem}.`);
    if (pets.size >= maxPets) return error(response, 507, 'store_full', `The store holds ${pets.size} pets, as many as it allows.`);
    const pet = { id: nextId++ };
    for (const field of NEW_PET_FIELDS) if (body[field] !== undefined) pet[field] = body[field];
    pet.status ??= 'available';
    pets.set(pet.id, pet);
    send(response, 201, JSON.stringify(pet), { location: `/v1/pets/${pet.id}` });
  });
}

createServer((request, response) => {
  const authorization = request.headers.authorization;
  if (authorization === undefined || !/^Bearer \S/.test(authorization)) {
    request.resume();
    return error(response, 401, 'unauthorized', 'Send the header "Authorization: Bearer <API_KEY>".', { 'www-authenticate': 'Bearer realm="petstore-mock"' });
  }
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
  if (path === '/v1/pets') {
    if (request.method === 'GET') return listPets(response, query);
    if (request.method === 'POST') return createPet(request, response);
    request.resume();
    return error(response, 405, 'method_not_allowed', `${request.method} is not allowed on /v1/pets; use GET or POST.`, { allow: 'GET, POST' });
  }
  if (path.startsWith('/v1/pets/') && path.indexOf('/', 9) === -1) {
    if (request.method === 'GET') return getPet(response, path.slice(9));
    request.resume();
    return error(response, 405, 'method_not_allowed', `${request.method} is not allowed on ${path}; use GET.`, { allow: 'GET' });
  }
  request.resume();
  if (path === '/v1/store/orders' && request.method === 'GET') return error(response, 501, 'not_implemented', 'GET /store/orders is named by the specification but its shape is not shown.');
  error(response, 404, 'route_not_found', `No operation is at ${path}.`);
}).listen(port, '127.0.0.1');
