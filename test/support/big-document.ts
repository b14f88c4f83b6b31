/**
 * A seeded OpenAPI 3.0 document of the size and shape of Stripe's published `spec3.json` (which the
 * mock cannot fetch here): 150 collections in 450 paths and 600 operations, 1,200 schemas of 10 to
 * 40 properties, about 14,000 `$ref`s sharing targets many times over, references in cycles (an
 * account's customer's account), expandable fields (`anyOf: [string, $ref]`), wrapped lists
 * (`{object, data, has_more, url}`), enums, nullable and free-form metadata, and descriptions long
 * enough to make it 7+ MB of JSON. The same seed gives the same text.
 */

export interface BigDocumentShape {
  readonly collections: number;
  readonly schemas: number;
  readonly seed: number;
}

export const STRIPE_SIZED: BigDocumentShape = { collections: 150, schemas: 1_200, seed: 31 };

/** mulberry32: a small seeded generator, the same on every platform. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WORDS = 'account balance charge customer dispute event file invoice item mandate payment payout plan price product quote refund review session setup source subscription tax token transfer usage amount currency created livemode metadata status type object description reason code'.split(' ');

type Json = Record<string, unknown>;

export function bigDocument(shape: BigDocumentShape = STRIPE_SIZED): Json {
  const next = random(shape.seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const words = (count: number): string => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const sentence = (): string => `${words(10 + Math.floor(next() * 14))}.`;
  const ref = (index: number): Json => ({ $ref: `#/components/schemas/${schemaName(index)}` });
  const schemaName = (index: number): string => (index < shape.collections ? `resource_${index}` : `object_${index}`);

  const schemas: Record<string, Json> = {};
  for (let index = 0; index < shape.schemas; index += 1) {
    const properties: Record<string, Json> = {
      id: { type: 'string', maxLength: 64, description: `Unique identifier for the object. ${sentence()}` },
      object: { type: 'string', enum: [schemaName(index)], description: 'String representing the object’s type.' },
      created: { type: 'integer', format: 'unix-time', description: `Time at which the object was created. ${sentence()}` },
      livemode: { type: 'boolean', description: sentence() },
      metadata: { type: 'object', additionalProperties: { type: 'string', maxLength: 500 }, nullable: true, description: sentence() },
    };
    const count = 5 + Math.floor(next() * 35);
    for (let property = 0; property < count; property += 1) {
      const name = `${pick(WORDS)}_${property}`;
      const kind = next();
      // References go to any schema, before or after: shared targets, and cycles among them.
      const target = Math.floor(next() * shape.schemas);
      if (kind < 0.3) properties[name] = { type: 'string', maxLength: 5000, nullable: next() < 0.3, description: sentence() };
      else if (kind < 0.4) properties[name] = { type: 'integer', description: sentence() };
      else if (kind < 0.5) properties[name] = { type: 'string', enum: Array.from({ length: 3 + Math.floor(next() * 8) }, (_, value) => `${pick(WORDS)}_${value}`), description: sentence() };
      else if (kind < 0.7) properties[name] = { anyOf: [{ type: 'string', maxLength: 5000 }, ref(target)], nullable: true, description: `${sentence()} Expandable.`, 'x-expansionResources': { oneOf: [ref(target)] } };
      else if (kind < 0.85) properties[name] = { ...ref(target), nullable: true, description: sentence() };
      else properties[name] = { type: 'array', items: ref(target), description: sentence() };
    }
    schemas[schemaName(index)] = {
      type: 'object',
      title: schemaName(index),
      description: `${sentence()} ${sentence()}`,
      required: ['id', 'object', 'created', 'livemode'],
      properties,
      'x-resourceId': schemaName(index),
    };
  }
  schemas['error'] = {
    type: 'object',
    required: ['error'],
    properties: { error: { type: 'object', required: ['message', 'type'], properties: { message: { type: 'string', maxLength: 5000 }, type: { type: 'string', enum: ['api_error', 'card_error', 'idempotency_error', 'invalid_request_error'] } } } },
  };

  const errorResponse = { description: 'Error response.', content: { 'application/json': { schema: { $ref: '#/components/schemas/error' } } } };
  const paths: Record<string, Json> = {};
  for (let index = 0; index < shape.collections; index += 1) {
    const name = schemaName(index);
    const collection = `/v1/${name}s`;
    const one = { description: 'Successful response.', content: { 'application/json': { schema: ref(index) } } };
    const body = {
      required: true,
      content: { 'application/json': { schema: { type: 'object', properties: { description: { type: 'string', maxLength: 5000 }, metadata: { type: 'object', additionalProperties: { type: 'string', maxLength: 500 } } }, additionalProperties: false } } },
    };
    paths[collection] = {
      get: {
        operationId: `Get${name}s`,
        description: sentence(),
        parameters: [
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
          { name: 'starting_after', in: 'query', required: false, schema: { type: 'string', maxLength: 5000 } },
        ],
        responses: {
          200: {
            description: 'Successful response.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['object', 'data', 'has_more', 'url'],
                  properties: { object: { type: 'string', enum: ['list'] }, data: { type: 'array', items: ref(index) }, has_more: { type: 'boolean' }, url: { type: 'string', maxLength: 5000 } },
                },
              },
            },
          },
          default: errorResponse,
        },
      },
      post: { operationId: `Post${name}s`, description: sentence(), requestBody: body, responses: { 200: one, default: errorResponse } },
    };
    const item = `${collection}/{${name}_id}`;
    const idParameter = { name: `${name}_id`, in: 'path', required: true, schema: { type: 'string', maxLength: 5000 } };
    paths[item] = {
      get: { operationId: `Get${name}sId`, description: sentence(), parameters: [idParameter], responses: { 200: one, default: errorResponse } },
      post: { operationId: `Post${name}sId`, description: sentence(), parameters: [idParameter], requestBody: body, responses: { 200: one, default: errorResponse } },
      delete: { operationId: `Delete${name}sId`, description: sentence(), parameters: [idParameter], responses: { 200: one, default: errorResponse } },
    };
    paths[`${item}/${pick(WORDS)}`] = {
      post: { operationId: `Post${name}sIdAction`, description: sentence(), parameters: [idParameter], responses: { 200: one, default: errorResponse } },
    };
  }

  return {
    openapi: '3.0.0',
    info: { title: 'Stripe-sized API', version: '2026-01-01', description: sentence() },
    servers: [{ url: 'https://api.big.example/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } }, schemas },
  };
}
