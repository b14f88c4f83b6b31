import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type JournalEntry, type MockServer, type MockServerOptions } from '../../src/index.js';
import { requestsReceived } from '../support/server-events.js';
import { journalToHar } from '../../src/engine/journal/index.js';

const AUTH = { authorization: 'Bearer limits' };

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Every answer in `raw`, in order: a connection's pipelined answers follow each other. */
function parseAnswers(raw: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map(line => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.slice(end + 4, end + 4 + length);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: body === '' ? undefined : (JSON.parse(body) as unknown) });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

/** A raw connection: what it sent is up to the test, what it received is collected until it closes. */
function openRaw(port: number): { socket: Socket; received: () => string; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', chunk => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<string>(resolve => socket.on('close', () => resolve(received)));
  return { socket, received: () => received, closed };
}

/** Resolves once the server has `count` connections open. */
async function connectionsOpen(mock: MockServer, count: number): Promise<void> {
  for (;;) {
    const open = await new Promise<number>((resolve, reject) => mock.server.getConnections((error, value) => (error ? reject(error) : resolve(value))));
    if (open >= count) return;
    await new Promise(resolve => setTimeout(resolve, 10));
  }
}

function postHead(port: number, length: number, extra = ''): string {
  return `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer limits\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;
}

/** A valid createPet body of exactly `bytes` bytes: the name and a field `Pet` does not declare (dropped). */
function petBody(name: string, bytes: number): string {
  const start = `{"name":"${name}","categoryId":1,"notes":"`;
  return `${start}${'n'.repeat(bytes - start.length - 2)}"}`;
}

let server: MockServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close({ drainMs: 0 });
  server = undefined;
});

async function start(options: MockServerOptions): Promise<MockServer> {
  server = await createMockServer({ port: 0, onError: () => undefined, ...options });
  return server;
}

function raw(port: number): ReturnType<typeof openRaw> {
  const opened = openRaw(port);
  sockets.push(opened.socket);
  return opened;
}

describe('the bodies in flight, counted across all connections', () => {
  it('answers 503 with Retry-After, unread, to a body that does not fit beside those being received, and closes its connection', async () => {
    const mock = await start({ maxInflightBytes: 64 * 1024 });
    const slow = raw(mock.port);
    slow.socket.write(`${postHead(mock.port, 50_000)}{"name":"Slow"`);
    await requestsReceived(mock, 1);
    const refused = raw(mock.port);
    refused.socket.write(postHead(mock.port, 15_000));
    const [answer] = parseAnswers(await refused.closed);
    expect(answer?.status).toBe(503);
    expect(answer?.headers['retry-after']).toBe('1');
    expect(answer?.headers['connection']).toBe('close');
    expect(answer?.body).toEqual({ code: 'service_unavailable', status: 503, message: expect.stringMatching(/5\d{4} bytes of requests and answers in flight and may hold 65536 \(maxInflightBytes, --max-inflight-bytes\).*Nothing of this request was carried out/) as string });
    // A body that fits is read and answered meanwhile.
    const fits = await fetch(`${mock.url}/pets`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: petBody('Fits', 4_000) });
    expect(fits.status).toBe(201);
    expect(mock.engine.store.size).toBe(21);
  });

  it('gives the bytes back once the answer is sent, so the same body is then taken', async () => {
    const mock = await start({ maxInflightBytes: 64 * 1024 });
    const slow = raw(mock.port);
    const body = petBody('Slow', 60_000);
    slow.socket.write(`${postHead(mock.port, body.length)}${body.slice(0, 100)}`);
    await requestsReceived(mock, 1);
    const headers = { ...AUTH, 'content-type': 'application/json' };
    expect((await fetch(`${mock.url}/pets`, { method: 'POST', headers, body: petBody('Second', 10_000) })).status).toBe(503);
    slow.socket.write(body.slice(100));
    await expect.poll(() => parseAnswers(slow.received())[0]?.status).toBe(201);
    expect((await fetch(`${mock.url}/pets`, { method: 'POST', headers, body: petBody('Second', 10_000) })).status).toBe(201);
  });

  it('counts a body while its answer waits for Prefer: delay, and refuses even a GET once the budget is spent, but never health', async () => {
    const mock = await start({ maxInflightBytes: 64 * 1024 });
    const headers = { ...AUTH, 'content-type': 'application/json' };
    const delayed = fetch(`${mock.url}/pets`, { method: 'POST', headers: { ...headers, prefer: 'delay=1500' }, body: petBody('Waiting', 60_000) });
    await requestsReceived(mock, 1);
    await new Promise(resolve => setTimeout(resolve, 200));
    const refused = await fetch(`${mock.url}/pets`, { headers: AUTH });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/--max-inflight-bytes/) as string });
    expect((await fetch(`${mock.origin}/__admin/health`)).status).toBe(200);
    expect((await delayed).status).toBe(201);
    expect((await fetch(`${mock.url}/pets`, { headers: AUTH })).status).toBe(200);
  });
});

describe('requests waiting in line and answers not yet written, counted with the bodies', () => {
  const get = (path: string, extra = ''): string => `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer limits\r\n${extra}\r\n`;

  it('counts the headers of requests pipelined behind a delayed answer: the one past the budget is refused 503, those before it are still answered', async () => {
    const mock = await start({ maxInflightBytes: 64 * 1024 });
    const pipelined = raw(mock.port);
    // Each queued request holds its 7,000-byte header and what a parsed request costs: the sixth does not fit.
    const padded = get('/v1/pets/1', `X-Pad: ${'p'.repeat(7_000)}\r\n`);
    pipelined.socket.write(get('/v1/pets/1', 'Prefer: delay=300\r\n') + padded.repeat(10));
    const answers = parseAnswers(await pipelined.closed);
    expect(answers.map(answer => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 503]);
    expect(answers.at(-1)?.body).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/--max-inflight-bytes/) as string });
    expect(answers.at(-1)?.headers['connection']).toBe('close');
  });

  it('refuses a queued request, without carrying it out, when its turn comes while the answers held are past the budget', async () => {
    const mock = await start({ maxInflightBytes: 64 * 1024 });
    const headers = { ...AUTH, 'content-type': 'application/json' };
    for (let index = 0; index < 100; index++) {
      await fetch(`${mock.url}/pets`, { method: 'POST', headers, body: JSON.stringify({ name: 'n'.repeat(255), categoryId: 1 }) });
    }
    // Both requests arrive while they fit; the second's turn comes after the delayed pages below are made.
    const pipelined = raw(mock.port);
    const body = JSON.stringify({ name: 'Queued', categoryId: 1 });
    const received = requestsReceived(mock, 2);
    pipelined.socket.write(get('/v1/pets/1', 'Prefer: delay=800\r\n') + `${postHead(mock.port, body.length)}${body}`);
    await received;
    // Two pages of 100 pets of 255-character names, each held for its delay: together past 64 KiB.
    const pages = [0, 1].map(() => fetch(`${mock.url}/pets?limit=100`, { headers: { ...AUTH, prefer: 'delay=1500' } }));
    const answers = parseAnswers(await pipelined.closed);
    expect(answers.map(answer => answer.status)).toEqual([200, 503]);
    expect(mock.engine.store.list({ limit: 1_000 }).map(pet => pet.name)).not.toContain('Queued');
    expect((await Promise.all(pages)).map(page => page.status)).toEqual([200, 200]);
  });
});

describe('the cap on open connections', () => {
  it('answers one connection more than --max-connections 503 with Retry-After before reading it, when every open one has a request in progress, closes it, and serves again once one closes', async () => {
    const mock = await start({ maxConnections: 2 });
    const held = 'GET /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer limits\r\nPrefer: delay=5000\r\n\r\n';
    const received = requestsReceived(mock, 2);
    const first = raw(mock.port);
    first.socket.write(held);
    raw(mock.port).socket.write(held);
    await received;
    const third = raw(mock.port);
    third.socket.write(`GET /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer limits\r\n\r\n`);
    const [answer, ...more] = parseAnswers(await third.closed);
    expect(more).toEqual([]);
    expect(answer?.status).toBe(503);
    expect(answer?.headers['retry-after']).toBe('1');
    expect(answer?.body).toEqual({ code: 'service_unavailable', status: 503, message: expect.stringMatching(/2 connections open, each with a request in progress, its limit \(--max-connections, maxConnections\)/) as string });
    first.socket.destroy();
    await first.closed;
    await expect.poll(async () => (await fetch(`${mock.url}/pets`, { headers: AUTH })).status).toBe(200);
  });

  it('gives a new connection at the cap the place of the one waiting longest without a request in progress: headers trickled from the same address lock nobody out', async () => {
    // 1,100 connections trickling a header line every 2 s took all 1,000 places for 10 s, and another client got 503.
    const mock = await start({ maxConnections: 3 });
    const trickling = [raw(mock.port), raw(mock.port), raw(mock.port)];
    for (const connection of trickling) connection.socket.write('GET /v1/pets HTTP/1.1\r\nHost: x\r\n');
    await connectionsOpen(mock, 3);
    // Two more clients are served in turn; the two oldest trickling connections are closed for them, unanswered.
    expect((await fetch(`${mock.url}/pets`, { headers: AUTH })).status).toBe(200);
    expect(parseAnswers(await (trickling[0] as ReturnType<typeof raw>).closed)).toEqual([]);
    const other = raw(mock.port);
    other.socket.write('GET /v1/pets?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer limits\r\n\r\n');
    await expect.poll(() => parseAnswers(other.received())[0]?.status).toBe(200);
    expect(parseAnswers(await (trickling[1] as ReturnType<typeof raw>).closed)).toEqual([]);
    expect((trickling[2] as ReturnType<typeof raw>).socket.destroyed).toBe(false);
  });

  it('gives a new connection at the cap the place of the keep-alive connection idle the longest, counted from its last answer, never one with a request in progress', async () => {
    const mock = await start({ maxConnections: 3 });
    const read = (path: string, extra = ''): string => `GET /v1${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer limits\r\n${extra}\r\n`;
    const answered = async (connection: ReturnType<typeof raw>, count: number): Promise<void> => {
      await expect.poll(() => parseAnswers(connection.received()).length).toBe(count);
    };
    const [first, second, busy] = [raw(mock.port), raw(mock.port), raw(mock.port)];
    const received = requestsReceived(mock, 1);
    busy.socket.write(read('/pets', 'Prefer: delay=5000\r\n'));
    await received;
    first.socket.write(read('/pets?limit=1'));
    await answered(first, 1);
    second.socket.write(read('/pets?limit=1'));
    await answered(second, 1);
    // The first connection asks again: the second has now waited longest since its answer.
    first.socket.write(read('/pets?limit=2'));
    await answered(first, 2);
    const newcomer = raw(mock.port);
    newcomer.socket.write(read('/pets?limit=1'));
    await answered(newcomer, 1);
    expect(parseAnswers(await second.closed)).toHaveLength(1);
    expect(first.socket.destroyed).toBe(false);
    expect(busy.socket.destroyed).toBe(false);
  });
});

describe('slow clients', () => {
  it('answers 408 to a body that stalls past --request-timeout, closes the connection and gives its bytes back', async () => {
    const mock = await start({ requestTimeout: 300, maxInflightBytes: 64 * 1024 });
    const stalled = raw(mock.port);
    stalled.socket.write(`${postHead(mock.port, 60_000)}{"name":"Stalled"`);
    const [answer] = parseAnswers(await stalled.closed);
    expect(answer?.status).toBe(408);
    expect(answer?.body).toMatchObject({ code: 'request_timeout' });
    const after = await fetch(`${mock.url}/pets`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: petBody('After', 60_000) });
    expect(after.status).toBe(201);
    expect(mock.engine.store.size).toBe(21);
  });

  it('answers 408 to a body that trickles a byte at a time past --request-timeout', async () => {
    const mock = await start({ requestTimeout: 400 });
    const trickling = raw(mock.port);
    trickling.socket.write(postHead(mock.port, 1_000));
    const drip = setInterval(() => trickling.socket.write(' '), 20);
    try {
      const [answer] = parseAnswers(await trickling.closed);
      expect(answer?.status).toBe(408);
    } finally {
      clearInterval(drip);
    }
  });
});

describe('stopping with pipelined requests', () => {
  it('answers the delayed request it carried out, and refuses those queued behind it on the connection without storing them', async () => {
    const mock = await start({});
    const pipelined = raw(mock.port);
    const body = (name: string): string => JSON.stringify({ name, categoryId: 1 });
    const request = (name: string, extra = ''): string => `${postHead(mock.port, Buffer.byteLength(body(name)), extra)}${body(name)}`;
    const received = requestsReceived(mock, 4);
    pipelined.socket.write(request('Head', 'Prefer: delay=10000\r\n') + request('Queued1') + request('Queued2') + request('Queued3'));
    await received;
    await mock.close();
    const answers = parseAnswers(await pipelined.closed);
    expect(answers.map(answer => answer.status)).toEqual([201, 503, 503, 503]);
    expect(answers[0]?.body).toMatchObject({ name: 'Head' });
    expect(answers.slice(1).map(answer => answer.body)).toEqual(
      Array.from({ length: 3 }, () => ({ code: 'service_unavailable', status: 503, message: expect.stringMatching(/had not been carried out when the mock began stopping, and nothing of it was stored/) as string })),
    );
    expect(answers.at(-1)?.headers['connection']).toBe('close');
    expect(mock.engine.store.list({ limit: 1_000 }).map(pet => pet.name)).toContain('Head');
    expect(mock.engine.store.list({ limit: 1_000 }).map(pet => String(pet.name)).filter(name => name.startsWith('Queued'))).toEqual([]);
  });

  it('carries out pipelined requests one after another, in order, when it is not stopping', async () => {
    const mock = await start({});
    const pipelined = raw(mock.port);
    const get = 'GET /v1/pets?limit=100 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer limits\r\n\r\n';
    const body = JSON.stringify({ name: 'Behind a delay', categoryId: 1 });
    pipelined.socket.write(`${postHead(mock.port, body.length, 'Prefer: delay=300\r\n')}${body}${get}`);
    await expect.poll(() => parseAnswers(pipelined.received()).length).toBe(2);
    const [created, listed] = parseAnswers(pipelined.received());
    expect(created?.status).toBe(201);
    // The GET queued behind the delayed create was carried out after it: it sees the new pet.
    expect((listed?.body as { name: string }[]).map(pet => pet.name)).toContain('Behind a delay');
  });
});

describe('the journal names the limit of each request the server refuses itself', () => {
  /** The journal's entries refused at `limit`. */
  const refusedAt = (mock: MockServer, limit: string): JournalEntry[] => mock.engine.journal.list().filter(entry => entry.limit === limit);

  it('journals a body refused at --max-inflight-bytes as maxInflightBytes, with its request and the 503, but no body', async () => {
    const mock = await start({ maxInflightBytes: 64 * 1024 });
    const slow = raw(mock.port);
    slow.socket.write(`${postHead(mock.port, 60_000)}{"name":"Slow"`);
    await requestsReceived(mock, 1);
    const refused = raw(mock.port);
    refused.socket.write(`${postHead(mock.port, 10_000, 'X-Petstore-Session: refused-one\r\n')}{"name":"Refused"`);
    await refused.closed;
    const [entry, ...more] = refusedAt(mock, 'maxInflightBytes');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ method: 'POST', path: '/v1/pets', status: 503, session: 'refused-one', body: null, operationId: null, response: { status: 503, headers: { 'retry-after': '1' } } });
    expect(entry?.reason).toMatch(/--max-inflight-bytes/);
    expect(entry?.headers['authorization']).toBe('[redacted]');
  });

  it('journals a connection refused at --max-connections as maxConnections, once, with the request it sent', async () => {
    const mock = await start({ maxConnections: 1 });
    const received = requestsReceived(mock, 1);
    raw(mock.port).socket.write('GET /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer limits\r\nPrefer: delay=5000\r\n\r\n');
    await received;
    const refused = raw(mock.port);
    const get = 'GET /v1/pets?limit=3 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer limits\r\n\r\n';
    refused.socket.write(get + get);
    await refused.closed;
    const entries = refusedAt(mock, 'maxConnections');
    expect(entries.map(entry => [entry.method, entry.path, entry.status])).toEqual([['GET', '/v1/pets?limit=3', 503]]);
    expect(entries[0]?.reason).toMatch(/1 connections open, each with a request in progress, its limit \(--max-connections/);
  });

  it('journals a body that stalls past --request-timeout as requestTimeout, with its 408', async () => {
    const mock = await start({ requestTimeout: 300 });
    const stalled = raw(mock.port);
    stalled.socket.write(`${postHead(mock.port, 60_000)}{"name":"Stalled"`);
    await stalled.closed;
    const [entry] = refusedAt(mock, 'requestTimeout');
    expect(entry).toMatchObject({ method: 'POST', path: '/v1/pets', status: 408, reason: expect.stringMatching(/did not arrive in full in time/) as string });
  });

  it('journals the request past the 32 one connection may queue as maxPipelined', async () => {
    const mock = await start({});
    const pipelined = raw(mock.port);
    const get = (extra = ''): string => `GET /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer limits\r\n${extra}\r\n`;
    const received = requestsReceived(mock, 33);
    pipelined.socket.write(get('Prefer: delay=2000\r\n') + get().repeat(32));
    await received;
    const entries = refusedAt(mock, 'maxPipelined');
    expect(entries.map(entry => [entry.method, entry.path, entry.status])).toEqual([['GET', '/v1/pets', 503]]);
    expect(entries[0]?.reason).toMatch(/32 requests waiting for their answers/);
  });

  it('journals the pipelined requests it refuses while stopping as shutdown', async () => {
    const mock = await start({});
    const pipelined = raw(mock.port);
    const body = JSON.stringify({ name: 'Queued', categoryId: 1 });
    const request = (extra = ''): string => `${postHead(mock.port, body.length, extra)}${body}`;
    const received = requestsReceived(mock, 3);
    pipelined.socket.write(request('Prefer: delay=10000\r\n') + request() + request());
    await received;
    await mock.close();
    await pipelined.closed;
    const entries = refusedAt(mock, 'shutdown');
    expect(entries.map(entry => [entry.method, entry.path, entry.status])).toEqual([
      ['POST', '/v1/pets', 503],
      ['POST', '/v1/pets', 503],
    ]);
    expect(entries[0]?.reason).toMatch(/The mock is shutting down/);
    expect(journalToHar(entries, mock.origin).log.entries[0]?.comment).toBe('Refused: the mock was stopping.');
  });

  it('keeps a flood of refusals within the journal’s bytes, dropping the oldest entries first', async () => {
    const mock = await start({ maxInflightBytes: 64 * 1024, journalBytes: 64 * 1024 });
    // Each refused request carries a 4 KiB header: far more refusals than the journal's bytes hold.
    const filler = `X-Filler: ${'f'.repeat(4_000)}\r\n`;
    for (let round = 0; round < 40; round++) {
      const refused = raw(mock.port);
      refused.socket.write(postHead(mock.port, 100_000, filler));
      await refused.closed;
    }
    expect(refusedAt(mock, 'maxInflightBytes').length).toBeGreaterThan(0);
    expect(mock.engine.journal.size).toBeLessThan(40);
    expect(mock.engine.journal.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(mock.engine.journal.list().at(-1)?.seq).toBe(40);
  });
});
