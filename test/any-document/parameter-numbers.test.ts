import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';

const AUTH = { authorization: 'Bearer k' };
const PET = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' }, weight: { type: 'number' } } };
const answer = (schema: object): object => ({ description: 'ok', content: { 'application/json': { schema } } });

/** A document whose list takes an integer `page` and a number `minWeight` besides `limit`: every numeric query parameter is read strictly, not only `limit`. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Numbers', version: '1.0.0' },
  servers: [{ url: 'http://localhost/v1' }],
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 0 } },
          { name: 'minWeight', in: 'query', schema: { type: 'number' } },
          { name: 'ids', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'tag', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'weights', in: 'query', style: 'pipeDelimited', explode: false, schema: { type: 'array', items: { type: 'number' } } },
        ],
        responses: { '200': answer({ type: 'array', items: PET }), '400': answer({ type: 'object' }), '401': answer({ type: 'object' }) },
      },
      post: {
        operationId: 'createPet',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
        responses: { '201': answer(PET), '400': answer({ type: 'object' }), '401': answer({ type: 'object' }) },
      },
    },
  },
};

describe('numeric query parameters of another document', () => {
  it.each([
    ['page=', /query parameter page must be an integer written in decimal, got ""/],
    ['page=0x10', /query parameter page must be an integer written in decimal, got "0x10"/],
    ['page=%201', /query parameter page must be an integer written in decimal, got " 1"/],
    ['page=1e1', /query parameter page must be an integer written in decimal, got "1e1"/],
    ['page=%2B1', /query parameter page must be an integer written in decimal, got "\+1"/],
    ['page=9007199254740993', /query parameter page is 9007199254740993, which a JavaScript number cannot hold exactly/],
    ['minWeight=0x10', /query parameter minWeight must be a number written in decimal, got "0x10"/],
    ['minWeight=', /query parameter minWeight must be a number written in decimal, got ""/],
    ['ids=1,0x3', /query parameter ids must be an integer written in decimal, got "0x3"/],
    ['ids=1e0', /query parameter ids must be an integer written in decimal, got "1e0"/],
    ['ids=1,99999999999999999999', /query parameter ids is 99999999999999999999, which a JavaScript number cannot hold exactly/],
    ['tag=1&tag=%201', /query parameter tag must be an integer written in decimal, got " 1"/],
    ['weights=1.5|0x10', /query parameter weights must be a number written in decimal, got "0x10"/],
  ])('answers 400 naming the parameter given %s', async (query, message) => {
    const engine = await createEngine({ document: DOCUMENT, pets: 2 });
    const response = await engine.handle({ method: 'GET', url: `/v1/pets?${query}`, headers: AUTH });
    expect(response.status, response.body).toBe(400);
    expect(JSON.parse(response.body ?? '{}')).toMatchObject({ code: 'invalid_request', status: 400, message: expect.stringMatching(message) as string });
  });

  it.each(['page=0&minWeight=2.5', 'page=3&minWeight=1e1', 'minWeight=-0.5', 'ids=1,2,3', 'tag=1&tag=2', 'weights=1.5|2'])('answers 200 given numbers written as JSON writes them: %s', async query => {
    const engine = await createEngine({ document: DOCUMENT, pets: 2 });
    expect((await engine.handle({ method: 'GET', url: `/v1/pets?${query}`, headers: AUTH })).status).toBe(200);
  });
});
