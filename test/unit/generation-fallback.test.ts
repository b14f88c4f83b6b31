import type { IHttpOperation } from '@stoplight/types';
import * as Either from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { forceResponse, loadPrismMocker } from '../../src/engine/prism/index.js';

type PrismMock = Awaited<ReturnType<typeof loadPrismMocker>>;

const operation = {
  id: 'getCode',
  iid: 'getCode',
  method: 'get',
  path: '/code',
  servers: [],
  request: {},
  responses: [{ id: 'ok', code: '200', headers: [], contents: [{ id: 'json', mediaType: 'application/json', examples: [], encodings: [], schema: { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } } } }] }],
} as unknown as IHttpOperation;

/** The pattern of `code` in the operation the mocker was handed. */
function patternOf(resource: IHttpOperation): unknown {
  const schema = resource.responses[0]?.contents?.[0]?.schema as { properties: { code: { pattern?: unknown } } };
  return schema.properties.code.pattern;
}

describe('a body the generator cannot make from the document’s patterns', () => {
  it('is made again without its patterns, rather than answered 500', async () => {
    const prismMock = await loadPrismMocker();
    const handed: unknown[] = [];
    // The real mocker, failing the first time as json-schema-faker did on a lookbehind it could not read.
    const failingOnce: PrismMock = options => {
      handed.push(patternOf(options.resource));
      if (handed.length === 1) return () => Either.left(new SyntaxError('Invalid regular expression: Invalid group'));
      return prismMock(options);
    };
    const response = forceResponse(failingOnce, operation, { method: 'get', url: { path: '/code' }, headers: {} }, { dynamic: true }, 'seed', 'Answered from the document');
    expect(handed).toEqual(['^[A-Z]{3}$', undefined]);
    expect(response.statusCode).toBe(200);
    expect(typeof (response.body as { code?: unknown }).code).toBe('string');
  });

  it('still fails where the generator fails without patterns too', async () => {
    await loadPrismMocker();
    const failing: PrismMock = () => () => Either.left(new Error('generator failed'));
    expect(() => forceResponse(failing, operation, { method: 'get', url: { path: '/code' }, headers: {} }, { dynamic: true }, 'seed', 'Answered from the document')).toThrow('generator failed');
  });
});
