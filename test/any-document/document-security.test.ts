import { describe, expect, it, vi } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';

const PET = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', format: 'int64', readOnly: true }, name: { type: 'string', minLength: 1 } },
};

/** A one-collection document whose security is `security` (global) and `operationSecurity` on the create, when given. */
function documentWith(schemes: Record<string, unknown> | undefined, security: unknown, operationSecurity?: unknown): object {
  return {
    openapi: '3.1.0',
    info: { title: 'Secured', version: '1' },
    servers: [{ url: '/api' }],
    ...(security !== undefined && { security }),
    ...(schemes && { components: { securitySchemes: schemes } }),
    paths: {
      '/things': {
        get: { operationId: 'listThings', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: PET } } } } } },
        post: {
          operationId: 'createThing',
          ...(operationSecurity !== undefined && { security: operationSecurity }),
          requestBody: { required: true, content: { 'application/json': { schema: PET } } },
          responses: { 201: { description: 'made', content: { 'application/json': { schema: PET } } } },
        },
      },
    },
  };
}

const list = (engine: Engine, headers: Record<string, string> = {}, query = ''): Promise<{ status: number; headers: Record<string, string>; body?: string }> =>
  engine.handle({ method: 'GET', url: `/api/things${query}`, headers });

describe('the document’s own security', () => {
  it('leaves an operation open when the document declares no security at all', async () => {
    const engine = await createEngine({ document: documentWith(undefined, undefined), pets: 2 });
    expect((await list(engine)).status).toBe(200);
  });

  it('leaves an operation open when it says `security: []`, while its neighbours stay closed', async () => {
    const engine = await createEngine({ document: documentWith({ bearer: { type: 'http', scheme: 'bearer' } }, [{ bearer: [] }], []), pets: 2 });
    expect((await list(engine)).status).toBe(401);
    const created = await engine.handle({ method: 'POST', url: '/api/things', headers: { 'content-type': 'application/json' }, body: '{"name":"Rex"}' });
    expect(created.status).toBe(201);
  });

  it('takes a request with or without credentials where the document makes them optional (`- {}`), and still validates it: Prism refused a sent token', async () => {
    const engine = await createEngine({ document: documentWith({ bearer: { type: 'http', scheme: 'bearer' } }, [{ bearer: [] }], [{}, { bearer: [] }]), pets: 2 });
    const post = (headers: Record<string, string>, body: string) => engine.handle({ method: 'POST', url: '/api/things', headers: { 'content-type': 'application/json', ...headers }, body });
    expect((await post({}, '{"name":"Rex"}')).status).toBe(201);
    expect((await post({ authorization: 'Bearer mine' }, '{"name":"Rex"}')).status).toBe(201);
    expect((await post({ authorization: 'Basic bm8=' }, '{"name":"Rex"}')).status).toBe(201);
    const invalid = await post({ authorization: 'Bearer mine' }, '{"name":""}');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain('name');
    // The neighbour without `{}` still asks for its token.
    expect((await list(engine)).status).toBe(401);
    expect((await list(engine, { authorization: 'Bearer mine' })).status).toBe(200);
  });

  it('asks for an API key in the header the document names, and says which', async () => {
    const engine = await createEngine({ document: documentWith({ key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } }, [{ key: [] }]), pets: 2 });
    const refused = await list(engine, { authorization: 'Bearer not-this' });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body ?? '{}')).toMatchObject({ code: 'unauthorized', message: 'Send the header "X-Api-Key: <API_KEY>".' });
    // An API key has no standard challenge.
    expect(refused.headers['www-authenticate']).toBeUndefined();
    expect((await list(engine, { 'x-api-key': 'secret' })).status).toBe(200);
  });

  it('takes an API key in the query or a cookie where the document puts it', async () => {
    const inQuery = await createEngine({ document: documentWith({ key: { type: 'apiKey', in: 'query', name: 'api_key' } }, [{ key: [] }]), pets: 2 });
    expect((await list(inQuery)).status).toBe(401);
    expect((await list(inQuery, {}, '?api_key=abc')).status).toBe(200);
    const inCookie = await createEngine({ document: documentWith({ key: { type: 'apiKey', in: 'cookie', name: 'session' } }, [{ key: [] }]), pets: 2 });
    expect((await list(inCookie, { cookie: 'other=1' })).status).toBe(401);
    expect((await list(inCookie, { cookie: 'other=1; session=xyz' })).status).toBe(200);
  });

  it('challenges for basic credentials and checks --api-key against the password', async () => {
    const engine = await createEngine({ document: documentWith({ basic: { type: 'http', scheme: 'basic' } }, [{ basic: [] }]), pets: 2, apiKeys: ['s3cret'] });
    const missing = await list(engine);
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Basic realm="petstore-mock", charset="UTF-8"');
    expect((await list(engine, { authorization: `Basic ${btoa('ana:wrong')}` })).status).toBe(401);
    expect((await list(engine, { authorization: `Basic ${btoa('ana:s3cret')}` })).status).toBe(200);
  });

  it('accepts either of two alternatives and needs both schemes of a combination', async () => {
    const schemes = { bearer: { type: 'http', scheme: 'bearer' }, key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, tenant: { type: 'apiKey', in: 'header', name: 'X-Tenant' } };
    const either = await createEngine({ document: documentWith(schemes, [{ bearer: [] }, { key: [] }]), pets: 2 });
    expect((await list(either, { authorization: 'Bearer t' })).status).toBe(200);
    expect((await list(either, { 'x-api-key': 'k' })).status).toBe(200);
    const refused = await list(either);
    expect(JSON.parse(refused.body ?? '{}')).toMatchObject({ message: 'Send the header "Authorization: Bearer <API_KEY>" or the header "X-Api-Key: <API_KEY>".' });
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="petstore-mock"');
    const both = await createEngine({ document: documentWith(schemes, [{ key: [], tenant: [] }]), pets: 2 });
    expect((await list(both, { 'x-api-key': 'k' })).status).toBe(401);
    expect((await list(both, { 'x-api-key': 'k', 'x-tenant': 't' })).status).toBe(200);
  });

  it('takes an OAuth2 scheme as a bearer token, refusing one that is not among --api-key with invalid_token', async () => {
    const oauth = { oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://example.com/token', scopes: {} } } } };
    const engine = await createEngine({ document: documentWith(oauth, [{ oauth: [] }]), pets: 2, apiKeys: ['good'] });
    const refused = await list(engine, { authorization: 'Bearer bad' });
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
    expect((await list(engine, { authorization: 'Bearer good' })).status).toBe(200);
  });

  it('refuses a request without credentials before it validates its body, so a stranger cannot spend the mock’s CPU on it', async () => {
    const secured = documentWith({ bearer: { type: 'http', scheme: 'bearer' } }, [{ bearer: [] }]);
    const engine = await createEngine({ document: secured, pets: 2, apiKeys: ['good'] });
    for (const headers of [{}, { authorization: 'Bearer stranger' }]) {
      const refused = await engine.handle({ method: 'POST', url: '/api/things', headers: { ...headers, 'content-type': 'application/json' }, body: '{"name":5}' });
      expect(refused.status).toBe(401);
      // The journal holds no input problem: the body was never validated.
      expect(engine.journal.list().at(-1)?.problems.filter(problem => problem.path.startsWith('body'))).toEqual([]);
    }
    const validated = await engine.handle({ method: 'POST', url: '/api/things', headers: { authorization: 'Bearer good', 'content-type': 'application/json' }, body: '{"name":5}' });
    expect(validated.status).toBe(400);
    expect(engine.journal.list().at(-1)?.problems.some(problem => problem.path.startsWith('body'))).toBe(true);
  });

  it('never parses the body of a request refused for its credentials: a stranger’s large JSON costs no JSON.parse', async () => {
    const secured = documentWith({ bearer: { type: 'http', scheme: 'bearer' } }, [{ bearer: [] }]);
    const engine = await createEngine({ document: secured, pets: 2, apiKeys: ['good'] });
    const large = JSON.stringify({ name: 'Rex', tags: Array.from({ length: 20_000 }, (_, index) => [index]) });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const parsedLarge = (): number => parse.mock.calls.filter(([text]) => text === large).length;
      for (const headers of [{}, { authorization: 'Bearer stranger' }]) {
        const refused = await engine.handle({ method: 'POST', url: '/api/things', headers: { ...headers, 'content-type': 'application/json' }, body: large });
        expect(refused.status).toBe(401);
      }
      expect(parsedLarge()).toBe(0);
      // Past the journal's limit, the journal cuts it unread too; with credentials it is parsed, once.
      expect(engine.journal.list().at(-1)?.bodyCut).toBe(true);
      expect((await engine.handle({ method: 'POST', url: '/api/things', headers: { authorization: 'Bearer good', 'content-type': 'application/json' }, body: large })).status).toBe(201);
      expect(parsedLarge()).toBe(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('redacts in the journal every credential the document declares, though its name does not look like one', async () => {
    const schemes = { pass: { type: 'apiKey', in: 'header', name: 'X-Shop-Pass' }, ticket: { type: 'apiKey', in: 'query', name: 'ticket' } };
    const engine = await createEngine({ document: documentWith(schemes, [{ pass: [] }, { ticket: [] }]), pets: 2 });
    expect((await list(engine, { 'x-shop-pass': 'hunter2-secret' })).status).toBe(200);
    expect((await list(engine, {}, '?ticket=hunter3-secret')).status).toBe(200);
    const journal = JSON.stringify(engine.journal.list());
    expect(journal).not.toContain('hunter2-secret');
    expect(journal).not.toContain('hunter3-secret');
    expect(engine.journal.list().at(-2)?.headers['x-shop-pass']).toBe('[redacted]');
    expect(engine.journal.list().at(-1)?.path).toBe('/api/things?ticket=[redacted]');
  });
});
