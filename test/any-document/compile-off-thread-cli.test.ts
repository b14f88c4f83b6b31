import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneCollectionDocument } from '../support/one-collection-document.js';
import { freePort, waitUntilAnswering } from '../support/ports.js';
import { startCli, type RunningCli } from '../support/run-cli.js';

// Issue 31, row 15 of the independent check (test/documents/hostile-independent/FINDINGS.md): Ajv
// compiled a big body schema on the event loop on its operation's first request, and every other
// client waited for it. Through the built CLI, whose edit of Prism's validator records the schemas
// a request would compile and has a worker thread compile the big ones (src/engine/schema/compile-off-thread.ts).

const folder = mkdtempSync(join(tmpdir(), 'petstore-compile-off-thread-'));

/** A record whose `kind` picks one of `branches` object schemas, each with three patterns: Ajv writes code for every branch. */
function manyBranchesDocument(branches: number): object {
  const oneOf = Array.from({ length: branches }, (_, index) => ({
    type: 'object',
    required: ['kind'],
    properties: {
      kind: { type: 'string', enum: [`k${index}`] },
      [`v${index}`]: { type: 'string', pattern: `^v${index}$` },
      [`w${index}`]: { type: 'string', pattern: `^w${index}$`, maxLength: 10 },
      [`x${index}`]: { type: 'array', items: { type: 'string', pattern: `^x${index}$` } },
    },
  }));
  return oneCollectionDocument({
    title: 'Shapes',
    collection: 'shapes',
    record: 'Shape',
    schema: { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', maxLength: 20 }, shape: { oneOf } } },
  });
}

function create(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}/shapes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const delay = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms));

describe('a big schema’s validator compiled off the event loop, through the built CLI', () => {
  let cli: RunningCli;
  let url: string;

  beforeAll(async () => {
    const path = join(folder, 'branches.json');
    writeFileSync(path, JSON.stringify(manyBranchesDocument(256)));
    cli = startCli(['--port', '0', '--document', path]);
    // Before it listens, the CLI checks its seeded shapes against the 256-branch schema, which Ajv
    // compiles on the main thread (0.6 s here alone; CI's other test files once stretched the start past 10 s).
    url = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/, 40_000))?.[1] ?? '';
  });

  afterAll(async () => {
    cli.child.kill('SIGTERM');
    await cli.exited;
  });

  it('answers another client’s reads while the first create of a 256-branch body waits for its validator', async () => {
    const origin = new URL(url).origin;
    let createDone = false;
    const creating = (): boolean => !createDone;
    const created = create(url, { name: 'Ring', shape: { kind: 'k7', v7: 'v7' } }).then(async answer => {
      createDone = true;
      return { status: answer.status, body: await answer.text() };
    });
    // Health reads sent once the create is under way: on the event loop, Ajv's compile (hundreds of
    // milliseconds for 256 branches) held every one of them until the create was answered.
    await delay(100);
    let answeredWhileCreating = 0;
    while (creating()) {
      const health = await fetch(`${origin}/__admin/health`);
      expect(health.status).toBe(200);
      if (creating()) answeredWhileCreating += 1;
      await delay(10);
    }
    expect(await created).toMatchObject({ status: 201 });
    expect(answeredWhileCreating).toBeGreaterThan(0);
  });

  it('gives bad bodies the same 400 as Prism’s Ajv compiling on the main thread, and a good one 201', async () => {
    const refused = await create(url, { name: 'Ring', shape: { kind: 'k7', v7: 'v8' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(EXPECTED_REFUSAL);
    const named = await create(url, { name: 'a name longer than twenty', shape: { kind: 'k255', v255: 'v255', x255: ['x255', 'x'] } });
    expect(named.status).toBe(400);
    expect(await named.json()).toEqual(EXPECTED_ITEM_REFUSAL);
    const stored = await create(url, { name: 'Ring', shape: { kind: 'k255', v255: 'v255' } });
    expect(stored.status).toBe(201);
  });
});

/** A record whose `kind` picks one of `branches` schemas, each `allOf` a base (with the discriminator) and its own part: Prism merges the allOfs before Ajv compiles. */
function allOfBranchesDocument(branches: number): object {
  const base = { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } };
  const oneOf = Array.from({ length: branches }, (_, index) => ({
    allOf: [base, { type: 'object', properties: { kind: { enum: [`k${index}`] }, [`v${index}`]: { type: 'string', pattern: `^v${index}$` } } }],
  }));
  const document = oneCollectionDocument({
    title: 'Shapes',
    collection: 'shapes',
    record: 'Shape',
    schema: { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', maxLength: 20 }, shape: { oneOf } } },
  });
  // Every operation needs a bearer token, which --api-key names.
  return { ...document, security: [{ bearer: [] }], components: { ...document.components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } };
}

describe('the check of a created record against its collection’s big schema, through the built CLI', () => {
  it('is compiled off the event loop with the body’s validator, before the first create of a collection seeded on use needs it', async () => {
    const path = join(folder, 'branches-debug.json');
    // Shapes after a first collection of notes: the first is seeded (its records checked) at start, the shapes on first use.
    const shapes = manyBranchesDocument(128) as ReturnType<typeof oneCollectionDocument>;
    const notes = oneCollectionDocument({ title: 'Notes', collection: 'notes', record: 'Note', schema: { type: 'object', required: ['text'], properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string', maxLength: 20 } } } });
    writeFileSync(path, JSON.stringify({ ...shapes, paths: { ...notes.paths, ...shapes.paths }, components: { schemas: { ...notes.components.schemas, ...shapes.components.schemas } } }));
    const debugged = startCli(['--port', '0', '--document', path], { NODE_DEBUG: 'petstore-mock' });
    try {
      const origin = /ready on (\S+)/.exec(await debugged.waitForLine(/ready on/))?.[1] ?? '';
      const offThread = (): number => debugged.errors().split('\n').filter(line => line.includes('compiled off the event loop')).length;
      expect(offThread()).toBe(0);
      const answer = await create(origin, { name: 'Ring', shape: { kind: 'k7', v7: 'v7' } });
      expect(answer.status).toBe(201);
      // The body's schema (Prism's input validation) and the record's (the engine's check of what it stores), both in the worker.
      expect(offThread()).toBe(2);
    } finally {
      debugged.child.kill('SIGTERM');
      await debugged.exited;
    }
  });
});

describe('a big body’s allOf merge and validator made off the event loop, with an API key, through the built CLI', () => {
  let cli: RunningCli;
  let url: string;

  beforeAll(async () => {
    const path = join(folder, 'all-of-branches.json');
    writeFileSync(path, JSON.stringify(allOfBranchesDocument(256)));
    cli = startCli(['--port', '0', '--document', path, '--api-key', 'key']);
    // Before it listens, the CLI checks its seeded shapes against the 256-branch schema, which Ajv
    // compiles on the main thread (0.6 s here alone; CI's other test files once stretched the start past 10 s).
    url = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/, 40_000))?.[1] ?? '';
  });

  afterAll(async () => {
    cli.child.kill('SIGTERM');
    await cli.exited;
  });

  it('answers an anonymous create 401 while the first authorized create still waits for its validator (it waited for the compile before)', async () => {
    const send = (headers: Record<string, string>, body: unknown): Promise<Response> => fetch(`${url}/shapes`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const order: string[] = [];
    const authorized = send({ authorization: 'Bearer key' }, { name: 'Ring', shape: { kind: 'k7', v7: 'v7' } }).then(answer => {
      order.push('authorized');
      return answer.status;
    });
    await delay(50);
    const anonymous = send({}, { name: 'Ring', shape: { kind: 'k7', v7: 'v7' } }).then(answer => {
      order.push('anonymous');
      return answer.status;
    });
    expect(await Promise.all([authorized, anonymous])).toEqual([201, 401]);
    expect(order).toEqual(['anonymous', 'authorized']);
    const refused = await send({ authorization: 'Bearer key' }, { name: 'Ring', shape: { kind: 'k7', v7: 'v8' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain('shape.v7 must match pattern "^v7$"');
  });
});

/**
 * A tree of records: `Node` refers to itself (so it is a shared entry, compiled when a value first
 * reaches it), with 120 patterned properties, and so does the `Tag` its optional `tags` hold.
 */
function recursiveDocument(): object {
  const patterned = Object.fromEntries(Array.from({ length: 120 }, (_, index) => [`p${index}`, { type: 'string', pattern: `^p${index}$` }]));
  const document = oneCollectionDocument({
    title: 'Trees',
    collection: 'nodes',
    record: 'Node',
    schema: {
      type: 'object',
      required: ['name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string', maxLength: 20 },
        ...patterned,
        children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
      },
    },
  });
  const tag = { type: 'object', required: ['label'], properties: { label: { type: 'string' }, ...patterned, related: { type: 'array', items: { $ref: '#/components/schemas/Tag' } } } };
  return { ...document, components: { schemas: { ...document.components.schemas, Tag: tag } } };
}

describe('a big recursive schema’s validator, through the built CLI', () => {
  let cli: RunningCli;
  let url: string;

  beforeAll(async () => {
    const path = join(folder, 'recursive.json');
    writeFileSync(path, JSON.stringify(recursiveDocument()));
    cli = startCli(['--port', '0', '--document', path], { NODE_DEBUG: 'petstore-mock' });
    // Before it listens, the CLI checks its seeded shapes against the 256-branch schema, which Ajv
    // compiles on the main thread (0.6 s here alone; CI's other test files once stretched the start past 10 s).
    url = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/, 40_000))?.[1] ?? '';
  });

  afterAll(async () => {
    cli.child.kill('SIGTERM');
    await cli.exited;
  });

  const send = (body: unknown): Promise<Response> => fetch(`${url}/nodes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('is compiled in the worker thread, where Ajv compiled it in the middle of the first create’s validation', async () => {
    const sharedOffThread = (): number => cli.errors().split('\n').filter(line => line.includes('validator of a shared schema')).length;
    expect(sharedOffThread()).toBe(0);
    const answer = await send({ name: 'Root', p1: 'p1', children: [{ name: 'Leaf', p2: 'p2' }] });
    expect(answer.status).toBe(201);
    // The shared `Node`, for the body's validator (the record's check compiled its own at start, checking the seeded records).
    expect(sharedOffThread()).toBe(1);
  });

  it('is compiled in the worker thread for a later create, whose body reaches a shared schema the first create’s did not', async () => {
    const sharedOffThread = (): number => cli.errors().split('\n').filter(line => line.includes('validator of a shared schema')).length;
    expect((await send({ name: 'First' })).status).toBe(201);
    const before = sharedOffThread();
    // Only the operation's first request was prepared: the `Tag` it never reached was compiled in the middle of this one's validation.
    const refused = await send({ name: 'Root', tags: [{ label: 'a', related: [{ label: 'b', p3: 'p4' }] }] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(refusal(['tags.0.related.0.p3 must match pattern "^p3$"']));
    expect(sharedOffThread()).toBe(before + 1);
    const stored = await send({ name: 'Root', tags: [{ label: 'a', related: [{ label: 'b', p3: 'p3' }] }] });
    expect(stored.status).toBe(201);
    expect(sharedOffThread()).toBe(before + 1);
  });

  it('refuses what breaks the schema at any depth with Ajv’s own errors, and stores what fits', async () => {
    const refused = await send({ name: 'Root', children: [{ name: 'Leaf', children: [{ name: 'Deep', p5: 'p6' }] }] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(refusal(['children.0.children.0.p5 must match pattern "^p5$"']));
    const tooLong = await send({ name: 'Root', children: [{ name: 'a name longer than twenty' }] });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual(refusal(['children.0.name must NOT have more than 20 characters']));
    const stored = await send({ name: 'Root', children: [{ name: 'Leaf', children: [{ name: 'Deep', p5: 'p5' }] }] });
    expect(stored.status).toBe(201);
  });
});

/** A tree whose `Bad` part (a shared, recursive entry of 110 patterned properties) holds a type Ajv cannot compile. */
function uncompilableEntryDocument(): object {
  const patterned = Object.fromEntries(Array.from({ length: 110 }, (_, index) => [`p${index}`, { type: 'string', pattern: `^p${index}$` }]));
  const document = oneCollectionDocument({
    title: 'Trees',
    collection: 'nodes',
    record: 'Node',
    schema: { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } }, bad: { $ref: '#/components/schemas/Bad' } } },
  });
  const bad = { type: 'object', properties: { ...patterned, weird: { type: 'strin' }, again: { $ref: '#/components/schemas/Bad' } } };
  return { ...document, components: { schemas: { ...document.components.schemas, Bad: bad } } };
}

describe('shared schemas compiled in the worker thread, once each, through the built CLI', () => {
  const sharedOffThread = (cli: RunningCli): number => cli.errors().split('\n').filter(line => line.includes('validator of a shared schema')).length;

  it('compiles an entry once for concurrent requests that reach it, and one whose compile fails is not sent to the worker again', async () => {
    const path = join(folder, 'uncompilable.json');
    writeFileSync(path, JSON.stringify(uncompilableEntryDocument()));
    const cli = startCli(['--port', '0', '--document', path], { NODE_DEBUG: 'petstore-mock' });
    try {
      const origin = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/))?.[1] ?? '';
      const post = (body: unknown): Promise<number> => fetch(`${origin}/nodes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(answer => answer.status);
      expect(await post({ name: 'First' })).toBe(201);
      // Six at once, each reaching `Bad` (the operation prepared already): one compile in the worker, shared.
      await Promise.all(Array.from({ length: 6 }, (_, index) => post({ name: `n${String(index)}`, bad: { p1: 'nope' } })));
      expect(sharedOffThread(cli)).toBe(1);
      // Its compile failed (in the worker, then here): later requests meet the error as ever, without another compile elsewhere.
      for (let index = 0; index < 3; index++) await post({ name: `later${String(index)}`, bad: { p1: 'nope' } });
      expect(sharedOffThread(cli)).toBe(1);
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
  });
});

describe('the check of the document’s response examples, through the built CLI', () => {
  it('runs only where its warnings are shown (--log-level info or debug), not under error or silent', async () => {
    // A report whose example is checked against a schema big enough to be compiled in the worker, which NODE_DEBUG says.
    const properties = Object.fromEntries(Array.from({ length: 120 }, (_, index) => [`p${index}`, { type: 'string', pattern: `^p${index}$` }]));
    const document = {
      openapi: '3.0.3',
      info: { title: 'Reports', version: '1' },
      paths: { '/report': { get: { operationId: 'getReport', responses: { '200': { description: 'The report.', content: { 'application/json': { schema: { type: 'object', properties }, example: { p1: 'p1' } } } } } } } },
    };
    const path = join(folder, 'report.json');
    writeFileSync(path, JSON.stringify(document));
    const ports: number[] = [];
    for (let count = 0; count < 3; count++) ports.push(await freePort());
    const started = (['info', 'error', 'silent'] as const).map((level, index) => startCli(['--port', String(ports[index]), '--document', path, '--log-level', level], { NODE_DEBUG: 'petstore-mock' }));
    try {
      const [info, ...quiet] = started as [RunningCli, ...RunningCli[]];
      // Under error and silent no `ready on` line is printed: each is ready once its health answers.
      await Promise.all(ports.map(port => waitUntilAnswering(`http://127.0.0.1:${String(port)}/__admin/health`)));
      for (let wait = 0; wait < 400 && !info.errors().includes('compiled off the event loop'); wait++) await delay(25);
      expect(info.errors()).toContain('compiled off the event loop');
      for (const cli of quiet) expect(cli.errors()).not.toContain('compiled off the event loop');
    } finally {
      for (const cli of started) cli.child.kill('SIGTERM');
      await Promise.all(started.map(cli => cli.exited));
    }
  });
});

function refusal(problems: string[]): { code: string; message: string; status: number } {
  return { code: 'invalid_request', message: `${problems.map(problem => `Request body property ${problem}`).join('; ')}.`, status: 400 };
}

const kindNot = (index: number): string => `shape.kind must be equal to one of the allowed values: k${index}`;

/**
 * The 400s Prism gave with Ajv compiling the schema on the main thread (the build before this change,
 * checked against it): Ajv's errors for every branch (allErrors), in order.
 */
const EXPECTED_REFUSAL = refusal([...Array.from({ length: 256 }, (_, index) => (index === 7 ? 'shape.v7 must match pattern "^v7$"' : kindNot(index))), 'shape must match exactly one schema in oneOf']);
const EXPECTED_ITEM_REFUSAL = refusal([
  'name must NOT have more than 20 characters',
  ...Array.from({ length: 255 }, (_, index) => kindNot(index)),
  'shape.x255.1 must match pattern "^x255$"',
  'shape must match exactly one schema in oneOf',
]);

/** The shapes collection, and two reports the store does not keep, answered from the document: one's example fits its 128-branch schema, the other's does not. */
function answeredReportsDocument(): object {
  const shapes = manyBranchesDocument(128) as ReturnType<typeof oneCollectionDocument>;
  const report = { type: 'object', required: ['title', 'shape'], properties: { title: { type: 'string' }, shape: { $ref: '#/components/schemas/Shape/properties/shape' } } };
  const fitting = { title: 'Weekly', shape: { kind: 'k7', v7: 'v7' } };
  const unfit = { title: 'Monthly', shape: { kind: 'k7', v7: 'not v7' } };
  const answered = (operationId: string, example: unknown): object => ({
    get: { operationId, responses: { '200': { description: 'A report.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Report' }, example } } } } },
  });
  return {
    ...shapes,
    paths: { ...shapes.paths, '/reports/weekly': answered('getWeeklyReport', fitting), '/reports/monthly': answered('getMonthlyReport', unfit) },
    components: { schemas: { ...shapes.components.schemas, Report: report } },
  };
}

describe('the check of an answered operation’s example against its big schema, through the built CLI', () => {
  let cli: RunningCli;
  let url: string;
  const offThread = (): number => cli.errors().split('\n').filter(line => line.includes('compiled off the event loop')).length;

  beforeAll(async () => {
    const path = join(folder, 'answered-reports.json');
    writeFileSync(path, JSON.stringify(answeredReportsDocument()));
    cli = startCli(['--port', '0', '--document', path, '--validate-responses'], { NODE_DEBUG: 'petstore-mock' });
    // Before it listens, the CLI checks its seeded shapes against the 256-branch schema, which Ajv
    // compiles on the main thread (0.6 s here alone; CI's other test files once stretched the start past 10 s).
    url = /ready on (\S+)/.exec(await cli.waitForLine(/ready on/, 40_000))?.[1] ?? '';
  });

  afterAll(async () => {
    cli.child.kill('SIGTERM');
    await cli.exited;
  });

  it('is compiled in the worker thread before the first read that serves the example (GitHub’s issue events held every client 2.7 s)', async () => {
    // The start's check of every example (by the document's own schemas, not the operation's) said its word first.
    const startChecked = (): boolean => `${cli.output()}${cli.errors()}`.includes('of getMonthlyReport breaks its schema');
    for (let wait = 0; wait < 400 && !startChecked(); wait++) await delay(25);
    expect(startChecked()).toBe(true);
    const before = offThread();
    const answer = await fetch(`${url}/reports/weekly`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ title: 'Weekly', shape: { kind: 'k7', v7: 'v7' } });
    expect(offThread()).toBeGreaterThan(before);
  });

  it('still tells an example its schema refuses, and answers a body made from the schema instead', async () => {
    const answer = await fetch(`${url}/reports/monthly`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { title: unknown; shape: { kind: string } & Record<string, unknown> };
    expect(body).not.toEqual({ title: 'Monthly', shape: { kind: 'k7', v7: 'not v7' } });
    expect(typeof body.title).toBe('string');
    // Checked by --validate-responses too: a body that broke the schema would have answered 500.
    expect(body.shape.kind).toMatch(/^k\d+$/);
  });
});

/** A recursive schema of 120 patterned properties: a shared entry, compiled when a value first reaches it, in the worker. */
function recursiveEntry(name: string): object {
  const patterned = Object.fromEntries(Array.from({ length: 120 }, (_, index) => [`p${index}`, { type: 'string', pattern: `^p${index}$` }]));
  return { type: 'object', required: ['label'], properties: { label: { type: 'string' }, ...patterned, related: { type: 'array', items: { $ref: `#/components/schemas/${name}` } } } };
}

/** Notes first (seeded at start); then nodes, which start from their list's example, and leaves, generated; each record holds a recursive entry. */
function seededOnUseDocument(): object {
  const notes = oneCollectionDocument({ title: 'Notes', collection: 'notes', record: 'Note', schema: { type: 'object', required: ['text'], properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string' } } } });
  const nodes = oneCollectionDocument({ title: 'Nodes', collection: 'nodes', record: 'Node', schema: { type: 'object', required: ['name', 'tag'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, tag: { $ref: '#/components/schemas/Tag' } } } });
  const leaves = oneCollectionDocument({ title: 'Leaves', collection: 'leaves', record: 'Leaf', schema: { type: 'object', required: ['name', 'badge'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, badge: { $ref: '#/components/schemas/Badge' } } } });
  const listed = (nodes.paths['/nodes'] as { get: { responses: { '200': { content: { 'application/json': Record<string, unknown> } } } } }).get.responses['200'].content['application/json'];
  listed['example'] = [{ id: 1, name: 'root', tag: { label: 'first', p1: 'p1' } }, { id: 2, name: 'branch', tag: { label: 'second', related: [{ label: 'third', p2: 'p2' }] } }];
  return {
    ...notes,
    paths: { ...notes.paths, ...nodes.paths, ...leaves.paths },
    components: { schemas: { ...notes.components.schemas, ...nodes.components.schemas, ...leaves.components.schemas, Tag: recursiveEntry('Tag'), Badge: recursiveEntry('Badge') } },
  };
}

describe('the check of a collection’s starting records, made on its first use, through the built CLI', () => {
  let cli: RunningCli;
  let origin: string;
  const sharedOffThread = (): number => cli.errors().split('\n').filter(line => line.includes('validator of a shared schema')).length;

  beforeAll(async () => {
    const path = join(folder, 'seeded-on-use.json');
    writeFileSync(path, JSON.stringify(seededOnUseDocument()));
    const port = await freePort();
    // Under --log-level error the start does not check the examples, whose compiles would come first.
    cli = startCli(['--port', String(port), '--document', path, '--log-level', 'error'], { NODE_DEBUG: 'petstore-mock' });
    origin = `http://127.0.0.1:${String(port)}`;
    await waitUntilAnswering(`${origin}/__admin/health`);
  });

  afterAll(async () => {
    cli.child.kill('SIGTERM');
    await cli.exited;
  });

  it('compiles the entries a list example’s records reach in the worker thread, before they are checked (DigitalOcean’s apps held every client 0.4 s)', async () => {
    const before = sharedOffThread();
    const answer = await fetch(`${origin}/nodes`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { name: string }[]).map(node => node.name)).toEqual(['root', 'branch']);
    expect(sharedOffThread()).toBe(before + 1);
  });

  it('compiles the entries generated records reach in the worker thread, before they are checked', async () => {
    const before = sharedOffThread();
    const answer = await fetch(`${origin}/leaves`);
    expect(answer.status).toBe(200);
    const leaves = (await answer.json()) as { badge: { label: unknown } }[];
    expect(leaves).toHaveLength(20);
    for (const leaf of leaves) expect(typeof leaf.badge.label).toBe('string');
    expect(sharedOffThread()).toBe(before + 1);
  });
});
