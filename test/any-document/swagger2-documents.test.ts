import { copyFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileSource } from '../../src/document/compile-document.js';
import { fromSwagger2 } from '../../src/document/swagger2/index.js';
import { createEngine, createMockServer, type Engine, type MockResponse } from '../../src/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';
import { describeResourceCrudContract } from '../contract/resource-crud.contract.js';
import { runCliToEnd, startCli } from '../support/run-cli.js';
import { createMswSurface } from '../support/msw-surface.js';
import { createServerSurface } from '../support/server-surface.js';

const documentPath = (name: string): string => fileURLToPath(new URL(`../documents/${name}`, import.meta.url));
const KENNEL_2 = documentPath('kennel-swagger2.yaml');
const KENNEL_3 = documentPath('kennel-openapi3.yaml');
const CLASSIC = documentPath('corpus/swagger-petstore-v2.yaml');
const EXPANDED_2 = documentPath('corpus/petstore-expanded-v2.yaml');
const readYaml = (path: string): Record<string, unknown> => parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** A Swagger 2.0 document around `paths`, with the top-level sections given. */
function swagger2(paths: object, top: object = {}): Record<string, unknown> {
  return { swagger: '2.0', info: { title: 'T', version: '1' }, ...top, paths };
}

/** What the converter makes of one operation (`GET /a` unless `method` says otherwise). */
function convertedOperation(operation: object, top: object = {}, method = 'get'): Record<string, unknown> {
  const converted = fromSwagger2(swagger2({ '/a': { [method]: operation } }, top)) as { paths: Record<string, Record<string, Record<string, unknown>>> };
  return converted.paths['/a']?.[method] ?? {};
}

const OK = { description: 'ok' };

/** What a converted document holds under `keys`, read without trusting its shape. */
function at(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), value);
}

describe('the Swagger 2.0 converter', () => {
  it('reads the kennel document as the OpenAPI 3.0 document written by hand for it', () => {
    expect(fromSwagger2(readYaml(KENNEL_2))).toEqual(readYaml(KENNEL_3));
  });

  it('moves every $ref to definitions, parameters and responses under components, wherever a schema holds one', () => {
    const converted = fromSwagger2(
      swagger2(
        {
          '/a/{id}': {
            parameters: [{ $ref: '#/parameters/id' }],
            get: { responses: { 200: { description: 'ok', schema: { type: 'object', additionalProperties: { $ref: '#/definitions/B' } } }, 404: { $ref: '#/responses/Missing' } } },
          },
        },
        {
          parameters: { id: { name: 'id', in: 'path', required: true, type: 'string' } },
          responses: { Missing: { description: 'gone', schema: { $ref: '#/definitions/A' } } },
          definitions: {
            A: { type: 'object', properties: { b: { $ref: '#/definitions/B' }, list: { type: 'array', items: { $ref: '#/definitions/B' } }, c: { $ref: '#/definitions/B/properties/name' } } },
            B: { allOf: [{ $ref: '#/definitions/A' }], properties: { name: { type: 'string' } } },
          },
        },
      ),
    );
    const text = JSON.stringify(converted);
    expect(text).not.toMatch(/#\/(definitions|parameters|responses)\//);
    expect(converted).toMatchObject({
      paths: {
        '/a/{id}': {
          parameters: [{ $ref: '#/components/parameters/id' }],
          get: { responses: { 200: { content: { 'application/json': { schema: { additionalProperties: { $ref: '#/components/schemas/B' } } } } }, 404: { $ref: '#/components/responses/Missing' } } },
        },
      },
      components: {
        schemas: {
          A: { properties: { b: { $ref: '#/components/schemas/B' }, list: { items: { $ref: '#/components/schemas/B' } }, c: { $ref: '#/components/schemas/B/properties/name' } } },
          B: { allOf: [{ $ref: '#/components/schemas/A' }] },
        },
        parameters: { id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
        responses: { Missing: { description: 'gone', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } },
      },
    });
  });

  it('makes a body parameter the request body, under each type the operation consumes, else the document’s, else application/json', () => {
    const body = { name: 'pet', in: 'body', required: true, description: 'The pet.', schema: { $ref: '#/definitions/Pet' } };
    const pet = { $ref: '#/components/schemas/Pet' };
    expect(convertedOperation({ parameters: [body], responses: { 200: OK } }, {}, 'post')['requestBody']).toEqual({ description: 'The pet.', required: true, content: { 'application/json': { schema: pet } } });
    expect(convertedOperation({ parameters: [body], responses: { 200: OK } }, { consumes: ['application/vnd.pet+json'] }, 'post')['requestBody']).toMatchObject({ content: { 'application/vnd.pet+json': { schema: pet } } });
    const own = convertedOperation({ consumes: ['application/json', 'application/xml'], parameters: [body], responses: { 200: OK } }, { consumes: ['text/plain'] }, 'post');
    expect(Object.keys((own['requestBody'] as { content: object }).content)).toEqual(['application/json', 'application/xml']);
    expect(own['parameters']).toBeUndefined();
    // A body parameter the document shares is written where it is used: components.parameters holds none.
    const shared = fromSwagger2(swagger2({ '/a': { post: { parameters: [{ $ref: '#/parameters/pet' }], responses: { 200: OK } } } }, { parameters: { pet: body } }));
    expect(at(shared, 'paths', '/a', 'post', 'requestBody')).toEqual({ description: 'The pet.', required: true, content: { 'application/json': { schema: pet } } });
    expect(at(shared, 'components')).toBeUndefined();
  });

  it('makes formData parameters one object under the form types consumed, multipart where one is a file, the path’s merged with the operation’s', () => {
    const converted = fromSwagger2(
      swagger2({
        '/a': {
          parameters: [
            { name: 'note', in: 'formData', type: 'string' },
            { name: 'size', in: 'formData', type: 'integer' },
          ],
          post: {
            parameters: [
              { name: 'size', in: 'formData', type: 'integer', minimum: 1, required: true, description: 'How big.' },
              { name: 'picture', in: 'formData', type: 'file' },
            ],
            responses: { 200: OK },
          },
          put: {
            consumes: ['application/json', 'application/x-www-form-urlencoded'],
            parameters: [
              { name: 'ids', in: 'formData', type: 'array', items: { type: 'integer' } },
              { name: 'tags', in: 'formData', type: 'array', items: { type: 'string' }, collectionFormat: 'multi' },
            ],
            responses: { 200: OK },
          },
        },
      }),
    );
    expect(at(converted, 'paths', '/a', 'parameters')).toBeUndefined();
    expect(at(converted, 'paths', '/a', 'post', 'requestBody')).toEqual({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { note: { type: 'string' }, size: { type: 'integer', minimum: 1, description: 'How big.' }, picture: { type: 'string', format: 'binary' } },
            required: ['size'],
          },
        },
      },
    });
    expect(at(converted, 'paths', '/a', 'put', 'requestBody', 'content')).toEqual({
      'application/x-www-form-urlencoded': {
        schema: { type: 'object', properties: { note: { type: 'string' }, size: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } }, tags: { type: 'array', items: { type: 'string' } } } },
        encoding: { ids: { style: 'form', explode: false }, tags: { style: 'form', explode: true } },
      },
    });
  });

  it('puts a response’s schema under each type the operation produces, application/json by default, with its examples by media type', () => {
    const responses = {
      200: { description: 'one', schema: { type: 'string' }, examples: { 'text/plain': 'hello', 'application/json': '"hello"' }, headers: { 'X-Total': { type: 'integer', description: 'All.' } }, 'x-note': 1 },
      204: { description: 'none' },
      default: { description: 'example only', examples: { 'application/json': { code: 1 } } },
    };
    expect(convertedOperation({ responses })['responses']).toEqual({
      200: {
        description: 'one',
        headers: { 'X-Total': { description: 'All.', schema: { type: 'integer' } } },
        content: { 'application/json': { schema: { type: 'string' }, example: '"hello"' }, 'text/plain': { schema: { type: 'string' }, example: 'hello' } },
        'x-note': 1,
      },
      204: { description: 'none' },
      default: { description: 'example only', content: { 'application/json': { example: { code: 1 } } } },
    });
    const produced = convertedOperation({ produces: ['application/xml', 'application/json'], responses: { 200: { description: 'ok', schema: { type: 'string' } } } }, { produces: ['text/csv'] });
    expect(Object.keys((produced['responses'] as Record<string, { content: object }>)['200']?.content ?? {})).toEqual(['application/xml', 'application/json']);
  });

  it('keeps a shared response’s $ref where the operation produces the document’s types, and writes it out with the operation’s where not', () => {
    const top = { produces: ['application/json'], responses: { Problem: { description: 'A problem.', schema: { type: 'object' } } } };
    expect(convertedOperation({ responses: { 400: { $ref: '#/responses/Problem' } } }, top)['responses']).toEqual({ 400: { $ref: '#/components/responses/Problem' } });
    expect(convertedOperation({ produces: ['application/problem+json'], responses: { 400: { $ref: '#/responses/Problem' } } }, top)['responses']).toEqual({
      400: { description: 'A problem.', content: { 'application/problem+json': { schema: { type: 'object' } } } },
    });
  });

  it('renames security definitions: basic as HTTP basic, apiKey as it is, each OAuth2 flow under its OpenAPI 3 name', () => {
    const scopes = { read: 'Read.' };
    const converted = fromSwagger2(
      swagger2(
        { '/a': { get: { security: [{ oauthCode: ['read'] }, { key: [], basic: [] }], responses: { 200: OK } } } },
        {
          securityDefinitions: {
            basic: { type: 'basic', description: 'An account.' },
            key: { type: 'apiKey', in: 'query', name: 'api_key', 'x-rotates': true },
            oauthImplicit: { type: 'oauth2', flow: 'implicit', authorizationUrl: 'https://auth.example/authorize', scopes },
            oauthPassword: { type: 'oauth2', flow: 'password', tokenUrl: 'https://auth.example/token', scopes },
            oauthApplication: { type: 'oauth2', flow: 'application', tokenUrl: 'https://auth.example/token', scopes },
            oauthCode: { type: 'oauth2', flow: 'accessCode', authorizationUrl: 'https://auth.example/authorize', tokenUrl: 'https://auth.example/token', scopes },
          },
          security: [{ key: [] }],
        },
      ),
    );
    expect(at(converted, 'components', 'securitySchemes')).toEqual({
      basic: { type: 'http', scheme: 'basic', description: 'An account.' },
      key: { type: 'apiKey', in: 'query', name: 'api_key', 'x-rotates': true },
      oauthImplicit: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://auth.example/authorize', scopes } } },
      oauthPassword: { type: 'oauth2', flows: { password: { tokenUrl: 'https://auth.example/token', scopes } } },
      oauthApplication: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes } } },
      oauthCode: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://auth.example/authorize', tokenUrl: 'https://auth.example/token', scopes } } },
    });
    expect(at(converted, 'security')).toEqual([{ key: [] }]);
    expect(at(converted, 'paths', '/a', 'get', 'security')).toEqual([{ oauthCode: ['read'] }, { key: [], basic: [] }]);
  });

  it('writes host, basePath and schemes as servers, one per scheme', () => {
    const serversOf = (top: object): unknown => fromSwagger2(swagger2({}, top))['servers'];
    expect(serversOf({ host: 'api.example.com:8443', basePath: '/v2', schemes: ['https', 'http'] })).toEqual([{ url: 'https://api.example.com:8443/v2' }, { url: 'http://api.example.com:8443/v2' }]);
    expect(serversOf({ host: 'api.example.com', basePath: '/' })).toEqual([{ url: '//api.example.com' }]);
    expect(serversOf({ basePath: '/api/' })).toEqual([{ url: '/api' }]);
    expect(serversOf({})).toBeUndefined();
  });

  it('writes each collectionFormat of a query array as the style and explode that read it', () => {
    const styleOf = (collectionFormat?: string): unknown => {
      const parameter = { name: 'q', in: 'query', type: 'array', items: { type: 'string' }, ...(collectionFormat !== undefined && { collectionFormat }) };
      const [converted] = convertedOperation({ parameters: [parameter], responses: { 200: OK } })['parameters'] as Record<string, unknown>[];
      return { style: converted?.['style'], explode: converted?.['explode'] };
    };
    expect(styleOf()).toEqual({ style: 'form', explode: false });
    expect(styleOf('csv')).toEqual({ style: 'form', explode: false });
    expect(styleOf('multi')).toEqual({ style: 'form', explode: true });
    expect(styleOf('ssv')).toEqual({ style: 'spaceDelimited', explode: false });
    expect(styleOf('pipes')).toEqual({ style: 'pipeDelimited', explode: false });
    // A path's and a header's csv is OpenAPI 3's default there (simple).
    const inPath = fromSwagger2(swagger2({ '/a/{ids}': { get: { parameters: [{ name: 'ids', in: 'path', required: true, type: 'array', items: { type: 'integer' } }], responses: { 200: OK } } } }));
    expect(JSON.stringify(inPath['paths'])).not.toContain('style');
  });

  it('reads x-nullable as nullable and type file as a binary string, names a discriminator, and keeps operationIds, deprecated and x- extensions', () => {
    const converted = fromSwagger2(
      swagger2(
        {
          '/a': {
            'x-owner': 'team-a',
            get: {
              operationId: 'readA',
              deprecated: true,
              'x-not-implemented': true,
              'x-sunset': '2030-01-01',
              'x-deprecated-at': '2025-01-01',
              'x-successor-operation': 'readB',
              parameters: [{ name: 'q', in: 'query', type: 'string', 'x-nullable': true, 'x-example': 'cats' }],
              responses: { 200: { description: 'ok', schema: { type: 'file' } } },
            },
          },
          'x-internal': { kept: true },
        },
        { definitions: { Animal: { type: 'object', discriminator: 'kind', required: ['kind'], properties: { kind: { type: 'string' }, nickname: { type: 'string', 'x-nullable': true }, vet: { $ref: '#/definitions/Animal', 'x-nullable': true } } } }, 'x-logo': 'logo.png' },
      ),
    );
    expect(at(converted, 'paths', '/a')).toEqual({
      'x-owner': 'team-a',
      get: {
        operationId: 'readA',
        deprecated: true,
        'x-not-implemented': true,
        'x-sunset': '2030-01-01',
        'x-deprecated-at': '2025-01-01',
        'x-successor-operation': 'readB',
        parameters: [{ name: 'q', in: 'query', schema: { type: 'string', nullable: true }, example: 'cats', 'x-nullable': true, 'x-example': 'cats' }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'string', format: 'binary' } } } } },
      },
    });
    expect(at(converted, 'paths', 'x-internal')).toEqual({ kept: true });
    expect(at(converted, 'x-logo')).toBe('logo.png');
    expect(at(converted, 'components', 'schemas', 'Animal')).toEqual({
      type: 'object',
      discriminator: { propertyName: 'kind' },
      required: ['kind'],
      properties: { kind: { type: 'string' }, nickname: { type: 'string', nullable: true }, vet: { $ref: '#/components/schemas/Animal', nullable: true } },
    });
  });
});

describe('compiling a document', () => {
  it('compiles a Swagger 2.0 document as OpenAPI 3.0, `swagger: 2.0` unquoted too (YAML reads it as a number)', () => {
    const compiled = compileSource(parse('swagger: 2.0\ninfo: { title: T, version: "1" }\nbasePath: /api\npaths:\n  /a:\n    get:\n      responses: { 200: { description: ok } }\n'));
    expect(compiled.source.openapi).toBe('3.0.3');
    expect(compiled.basePath).toBe('/api');
    expect(compiled.prismOperations.map(operation => `${operation.method} ${operation.path} ${operation.iid}`)).toEqual(['get /a getA']);
  });

  it('refuses a document that is neither OpenAPI 3.0 or 3.1 nor Swagger 2.0, saying which version field it read', () => {
    expect(() => compileSource({ swagger: '1.2', info: {} })).toThrow('is not an OpenAPI 3.0 or 3.1 document, nor Swagger 2.0 (its "swagger" field is "1.2")');
    expect(() => compileSource({ openapi: '3.2.0' })).toThrow('is not an OpenAPI 3.0 or 3.1 document, nor Swagger 2.0 (its "openapi" field is "3.2.0")');
    expect(() => compileSource({ title: 'notes' })).toThrow('is not an OpenAPI 3.0 or 3.1 document, nor Swagger 2.0 (it has neither an "openapi" nor a "swagger" field)');
    expect(() => compileSource(swagger2({}))).toThrow('has no paths');
  });
});

const KEY = { 'x-kennel-key': 'k' };

/** What a client sees of an answer: its status, headers and body. */
const seen = (response: MockResponse): unknown => ({ status: response.status, headers: response.headers, body: response.body });

async function call(engine: Engine, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; headers: Record<string, string>; json: unknown }> {
  const response = await engine.handle({ method, url: `${engine.document.basePath}${path}`, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: response.status, headers: response.headers, json: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

describe('a Swagger 2.0 document in the engine', () => {
  it('is answered exactly as the OpenAPI 3.0 document that says the same: state, security, validation, deprecation, x-not-implemented', async () => {
    const options = { pets: 3, validateResponses: true, now: '2027-01-01T00:00:00Z' } as const;
    const errors: string[] = [];
    const fromSwagger = await createEngine({ ...options, document: readYaml(KENNEL_2), onError: message => errors.push(message) });
    const fromOpenApi = await createEngine({ ...options, documentPath: KENNEL_3, onError: message => errors.push(message) });
    const requests: [string, string, Record<string, string>, string?][] = [
      ['GET', '/dogs', KEY],
      ['GET', '/dogs', {}],
      ['GET', '/dogs?status=walking&limit=2', KEY],
      ['GET', '/dogs?limit=0', KEY],
      ['POST', '/dogs', { ...KEY, 'content-type': 'application/json' }, '{"name":"Fido","nickname":null,"breed":"beagle"}'],
      ['POST', '/dogs', { ...KEY, 'content-type': 'application/json' }, '{"name":""}'],
      ['GET', '/dogs?breed=beagle', KEY],
      ['GET', '/dogs/4', { authorization: `Basic ${btoa('partner:secret')}` }],
      ['POST', '/walks', { ...KEY, 'content-type': 'application/json' }, '{"dogId":4,"minutes":30}'],
      ['POST', '/dogs/4/walks', KEY],
      ['GET', '/dogs/4/record', {}],
      ['GET', '/reports/adoptions', KEY],
      ['DELETE', '/dogs/4', KEY],
      ['DELETE', '/dogs/4', { authorization: 'Bearer token' }],
      ['GET', '/dogs/4', KEY],
    ];
    for (const [method, path, headers, body] of requests) {
      const request = { method, url: `/api/v1${path}`, headers, ...(body !== undefined && { body }) };
      expect(seen(await fromSwagger.handle(request)), `${method} ${path}`).toEqual(seen(await fromOpenApi.handle(request)));
    }
    expect(errors).toEqual([]);
  });

  it('keeps state for the classic Swagger Petstore’s pets, orders and users, every answer the document declares valid', async () => {
    const errors: string[] = [];
    const engine = await createEngine({ documentPath: CLASSIC, pets: 3, validateResponses: true, onError: message => errors.push(message) });
    expect(engine.document.basePath).toBe('/v2');
    expect(engine.document.resources.resources.map(resource => resource.name)).toEqual(['pet', 'order', 'user']);
    const bearer = { authorization: 'Bearer token' };
    // `status` is an array sent as Swagger 2.0's csv: each value is checked against the enum.
    expect((await call(engine, 'GET', '/pet/findByStatus?status=available,sold', bearer)).status).toBe(200);
    const refused = await call(engine, 'GET', '/pet/findByStatus?status=available,lost', bearer);
    expect(refused.status).toBe(400);
    expect(at(refused.json, 'code')).toBe('invalid_request');
    expect(at(refused.json, 'message')).toContain('status.1 must be equal to one of the allowed values: available, pending, sold');
    // A status some seeded pet has: the filter keeps it, and only pets of that status.
    const wanted = (engine.store.list({ limit: 1 })[0] as unknown as { status: string }).status;
    const pending = (await call(engine, 'GET', `/pet/findByStatus?status=${wanted}`, bearer)).json as { id: number; status: string }[];
    expect(pending.length).toBeGreaterThan(0);
    for (const pet of pending) expect(pet.status).toBe(wanted);
    expect((await call(engine, 'GET', `/pet/${String(pending[0]?.id)}`, { api_key: 'k' })).json).toEqual(pending[0]);

    const order = await call(engine, 'POST', '/store/order', {}, { petId: 1, quantity: 2, status: 'placed' });
    expect(order).toMatchObject({ status: 200, headers: { location: '/v2/store/order/4' }, json: { id: 4, petId: 1, quantity: 2, status: 'placed' } });
    expect((await call(engine, 'GET', '/store/order/4')).json).toEqual(order.json);
    expect((await call(engine, 'POST', '/user', {}, { username: 'ana', firstName: 'Ana', email: 'ana@example.com' })).status).toBe(200);
    expect((await call(engine, 'GET', '/user/ana')).json).toEqual({ username: 'ana', firstName: 'Ana', email: 'ana@example.com' });
    expect((await call(engine, 'GET', '/store/inventory', { api_key: 'k' })).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('creates, reads back, lists and deletes the classic Swagger Petstore’s pets', async () => {
    // The classic document declares no 2xx for addPet (405 only) nor for any DELETE (4xx only): the
    // mock answers 200, which validateResponses would refuse as undeclared, as for the same OpenAPI 3 document.
    const engine = await createEngine({ documentPath: CLASSIC, pets: 3 });
    const bearer = { authorization: 'Bearer token' };
    const sent = { name: 'Rex', photoUrls: ['https://photos.example/rex'], tags: [{ id: 1, name: 'calm' }], status: 'sold' };
    const created = await call(engine, 'POST', '/pet', bearer, sent);
    expect(created.status).toBe(200);
    expect(created.headers['location']).toBe('/v2/pet/4');
    expect((await call(engine, 'GET', '/pet/4', { api_key: 'k' })).json).toEqual({ id: 4, ...sent });
    expect(((await call(engine, 'GET', '/pet/findByStatus?status=sold', bearer)).json as { id: number }[]).map(pet => pet.id)).toContain(4);
    expect(((await call(engine, 'GET', '/pet/findByStatus?status=available', bearer)).json as { id: number }[]).map(pet => pet.id)).not.toContain(4);
    expect((await call(engine, 'DELETE', '/pet/4', bearer)).status).toBe(200);
    expect((await call(engine, 'GET', '/pet/4', { api_key: 'k' })).status).toBe(404);
  });

  it('asks for the classic Swagger Petstore’s api_key header and OAuth2 token where the document puts them', async () => {
    const engine = await createEngine({ documentPath: CLASSIC, pets: 3, apiKeys: ['special-key'] });
    const withoutKey = await call(engine, 'GET', '/pet/1');
    expect(withoutKey).toMatchObject({ status: 401, json: { code: 'unauthorized', message: 'Send the header "api_key: <API_KEY>".' } });
    expect((await call(engine, 'GET', '/pet/1', { api_key: 'wrong' })).status).toBe(401);
    expect((await call(engine, 'GET', '/pet/1', { api_key: 'special-key' })).status).toBe(200);
    // petstore_auth (OAuth2, implicit) guards the list: a bearer token, an API key is not one.
    const withKeyOnly = await call(engine, 'GET', '/pet/findByStatus?status=sold', { api_key: 'special-key' });
    expect(withKeyOnly.status).toBe(401);
    expect(withKeyOnly.headers['www-authenticate']).toBe('Bearer realm="petstore-mock"');
    expect((await call(engine, 'GET', '/pet/findByStatus?status=sold', { authorization: 'Bearer special-key' })).status).toBe(200);
    // Orders and users declare no security.
    expect((await call(engine, 'GET', '/store/order/1')).status).toBe(200);
  });

  it('follows an edit of a Swagger 2.0 document under watch, keeping the records', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'petstore-swagger2-')), 'kennel.yaml');
    copyFileSync(KENNEL_2, path);
    const logged: string[] = [];
    const server = await createMockServer({ port: 0, documentPath: path, watch: true, onWarning: message => logged.push(message), onError: message => logged.push(message) });
    try {
      const headers = { ...KEY, 'content-type': 'application/json' };
      expect((await fetch(`${server.url}/dogs`, { method: 'POST', headers, body: JSON.stringify({ name: 'Kept' }) })).status).toBe(201);
      const vets = "  /vets:\n    get:\n      operationId: listVets\n      responses:\n        '200':\n          description: The vets.\n          schema: { type: array, items: { type: string } }\n";
      writeFileSync(`${path}.tmp`, readFileSync(KENNEL_2, 'utf8').replace('paths:\n', `paths:\n${vets}`));
      renameSync(`${path}.tmp`, path);
      const deadline = Date.now() + 8_000;
      while ((await fetch(`${server.url}/vets`, { headers: KEY })).status !== 200) {
        if (Date.now() > deadline) throw new Error(`The edit was not followed: ${logged.join('\n')}`);
        await new Promise(resolve => setTimeout(resolve, 50));
      }
      expect(logged.join('\n')).toMatch(/reloaded: now Kennel 1\.2\.0; added .*listVets/);
      expect(await (await fetch(`${server.url}/dogs/21`, { headers: KEY })).json()).toMatchObject({ id: 21, name: 'Kept' });
    } finally {
      await server.close();
    }
  });

  it('serves a Swagger 2.0 document given to createPetstoreMock as an object', async () => {
    const mock = createPetstoreMock({ document: readYaml(KENNEL_2), pets: 2 });
    const engine = await mock.engine();
    expect(engine.document.source.openapi).toBe('3.0.3');
    expect(((await call(engine, 'GET', '/dogs', KEY)).json as unknown[]).length).toBe(2);
    // The state names each collection: the kennel's first is its dogs.
    expect((mock.getState() as unknown as Record<string, unknown[]>)['dogs']).toHaveLength(2);
  });
});

// OAI's Swagger 2.0 petstore-expanded (test/documents/corpus/README.md) through the same round trip as the OpenAPI 3 corpus, every answer checked against the document.
const EXPANDED_CORPUS = {
  name: 'the OAI petstore-expanded example, Swagger 2.0',
  documentPath: EXPANDED_2,
  origin: 'http://petstore.swagger.io',
  basePath: '/api',
  headers: {},
  cases: [{ collection: 'pets', create: { path: '/pets', body: { name: 'Rex', tag: 'calm' } }, key: 'id', item: (key: string) => `/pets/${key}`, list: { path: '/pets', keeps: 'tags=calm', drops: 'tags=grumpy' }, remove: true }],
};
describeResourceCrudContract('the HTTP server', options => createServerSurface({ ...options, documentPath: EXPANDED_2 }), EXPANDED_CORPUS);
describeResourceCrudContract('the MSW handlers', options => createMswSurface({ ...options, documentPath: EXPANDED_2 }, EXPANDED_CORPUS.origin), EXPANDED_CORPUS);

describe('the CLI with a Swagger 2.0 document', () => {
  it('starts on the classic Swagger Petstore, says what it keeps state for and which credentials it takes, and asks for them', async () => {
    const cli = startCli(['--port', '0', '--document', CLASSIC]);
    try {
      const ready = await cli.waitForLine(/ready on/);
      expect(ready).toContain('any bearer token or any API key in api_key (some operations open), Swagger Petstore 1.0.0 from');
      expect(await cli.waitForLine(/^state kept for/)).toBe('state kept for 3 collection(s): pet (/pet, /pet/{petId}), order (/store/order, /store/order/{orderId}), user (/user, /user/{username})');
      const url = /ready on (\S+)/.exec(ready)?.[1] ?? '';
      expect(url).toMatch(/\/v2$/);
      expect((await fetch(`${url}/pet/1`)).status).toBe(401);
      const pet = await fetch(`${url}/pet/1`, { headers: { api_key: 'k' } });
      expect(pet.status).toBe(200);
      const body: unknown = await pet.json();
      expect(at(body, 'id')).toBe(1);
      expect(Array.isArray(at(body, 'photoUrls'))).toBe(true);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('exits 2 on a document of another Swagger version, saying what it read', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'petstore-swagger2-')), 'old.yaml');
    writeFileSync(path, 'swaggerVersion: "1.2"\nswagger: "1.2"\napis: []\n');
    const run = await runCliToEnd(['--port', '0', '--document', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${path} is not an OpenAPI 3.0 or 3.1 document, nor Swagger 2.0 (its "swagger" field is "1.2").`);
  });
});
