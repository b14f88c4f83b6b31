import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, createMockServer, createRequestJournal, type Engine, type EngineOptions, type JournalEntry, type MockRequest, type MockResponse, type MockServer } from '../../src/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';
import { FUZZ_ADMIN_TOKEN, FUZZ_API_KEY, findAnswerProblems, hasAdminToken, hasApiKey, randomRequest, toFetchCall } from '../support/fuzz-requests.js';
import { createRandom } from '../support/random.js';

/** A mock that checks keys, the admin token and the Host of admin requests, with few sessions, small stores and faults: where state could leak. */
const STRICT: EngineOptions = { apiKeys: [FUZZ_API_KEY], adminToken: FUZZ_ADMIN_TOKEN, adminHosts: ['petstore'], maxSessions: 3, maxPets: 25, faultRate: 0.2, validateResponses: true };

/** The journal lists when each engine received a request, and every answer naming the engine's instance names its own. */
function withoutJournalTimes(response: MockResponse): MockResponse {
  if (!response.body?.startsWith('{') || !response.body.includes('"instance":')) return response;
  const answer = JSON.parse(response.body) as { requests?: { time?: string }[]; instance?: string };
  for (const entry of answer.requests ?? []) delete entry.time;
  delete answer.instance;
  return { ...response, body: JSON.stringify(answer) };
}

/** A journal that also remembers the last entry it was given, so a test can read what control made an answer. */
function watchedJournal(): { journal: ReturnType<typeof createRequestJournal>; take(): Omit<JournalEntry, 'seq'> | undefined } {
  const journal = createRequestJournal(100);
  let last: Omit<JournalEntry, 'seq'> | undefined;
  const record = journal.record.bind(journal);
  journal.record = entry => {
    last = entry;
    record(entry);
  };
  return { journal, take: () => [last, (last = undefined)][0] };
}

/** Every session and its pets, least recently used first: what a request without credentials must leave alone. */
function stateOf(engine: Engine): string {
  const ids = engine.sessions.ids();
  return JSON.stringify([ids, engine.store.list({ limit: 100_000 }), ...ids.map(id => engine.sessions.find(id)?.store.list({ limit: 100_000 }))]);
}

function label(request: MockRequest, status: number, body?: string): string {
  return `${request.method} ${request.url} ${JSON.stringify(request.headers)} → ${status} ${body ?? ''}`;
}

describe('the engine under seeded random requests', () => {
  it('answers exactly as an engine that remembers no Prism verdicts', async () => {
    const reported: string[] = [];
    const forgetful = await createEngine({ ...STRICT, rememberedVerdicts: 0, onError: message => reported.push(message), onWarning: () => undefined });
    const remembering = await createEngine({ ...STRICT, rememberedVerdicts: 16, onError: message => reported.push(message), onWarning: () => undefined });
    const random = createRandom(42);
    for (let index = 0; index < 2_000; index++) {
      const request = randomRequest(random);
      const [expected, actual] = [withoutJournalTimes(await forgetful.handle(request)), withoutJournalTimes(await remembering.handle(request))];
      expect(actual, label(request, actual.status)).toEqual(expected);
    }
    expect(reported).toEqual([]);
  });

  it.each([
    ['with the defaults', {}],
    ['with API keys, an admin token, three sessions, small stores and faults', STRICT],
  ])('answers 3,000 random requests %s with a known status, an Error body on every error and no unexpected 500', async (_, options: EngineOptions) => {
    const reported: string[] = [];
    const watched = watchedJournal();
    const engine = await createEngine({ ...options, validateResponses: true, journal: watched.journal, onError: message => reported.push(message), onWarning: () => undefined });
    const random = createRandom(20301205);
    for (let index = 0; index < 3_000; index++) {
      const request = randomRequest(random);
      const response = await engine.handle(request);
      expect(findAnswerProblems(request.method, response.status, response.body, watched.take()?.control), label(request, response.status, response.body)).toEqual([]);
    }
    expect(reported).toEqual([]);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('changes no pet and no session, nor their order, for 3,000 random requests without the API key', async () => {
    const engine = await createEngine({ ...STRICT, onError: () => undefined, onWarning: () => undefined });
    const random = createRandom(977);
    let checked = 0;
    for (let index = 0; index < 6_000; index++) {
      const request = randomRequest(random);
      const trusted = hasApiKey(request) || hasAdminToken(request);
      const before = trusted ? '' : stateOf(engine);
      const response = await engine.handle(request);
      if (trusted) continue;
      checked++;
      expect(stateOf(engine), label(request, response.status, response.body)).toBe(before);
    }
    expect(checked).toBeGreaterThan(3_000);
    // The other requests did change it: the check above could fail.
    expect(engine.sessions.ids().length).toBeGreaterThan(0);
  });
});

describe('the engine answering an evolved document under seeded random requests', () => {
  it('answers 3,000 random requests with a known status, an Error body on every error, no unexpected 500 and no response the document forbids', async () => {
    const reported: string[] = [];
    const watched = watchedJournal();
    const documentPath = fileURLToPath(new URL('../documents/evolved-pets.yaml', import.meta.url));
    const engine = await createEngine({ ...STRICT, documentPath, journal: watched.journal, onError: message => reported.push(message), onWarning: () => undefined });
    const random = createRandom(5021);
    const statuses = new Set<number>();
    for (let index = 0; index < 3_000; index++) {
      const request = randomRequest(random);
      const response = await engine.handle(request);
      statuses.add(response.status);
      expect(findAnswerProblems(request.method, response.status, response.body, watched.take()?.control), label(request, response.status, response.body)).toEqual([]);
    }
    expect(reported).toEqual([]);
    // The document's new operations were reached: a DELETE answered 204.
    expect(statuses).toContain(204);
  });
});

describe('the MSW handlers under seeded random requests', () => {
  it('answer 600 random requests with a known status, an Error body on every error and no unexpected 500', async () => {
    const reported: string[] = [];
    const mock = createPetstoreMock({ ...STRICT, onError: message => reported.push(message), onWarning: () => undefined });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const random = createRandom(31);
      for (let index = 0; index < 600; index++) {
        const request = randomRequest(random);
        const { method, url, init } = toFetchCall(request, 'https://api.animal-store.example', true);
        const response = await fetch(url, init);
        const text = await response.text();
        const control = mock.requests().at(-1)?.control;
        expect(findAnswerProblems(method, response.status, text, control), label(request, response.status, text)).toEqual([]);
      }
    } finally {
      server.close();
    }
    expect(reported).toEqual([]);
  });
});

describe('the HTTP server under seeded random requests', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await createMockServer({ ...STRICT, port: 0, validateResponses: true, onError: () => undefined, onWarning: () => undefined });
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps answering after 400 random requests over real sockets, every error an Error body', async () => {
    const random = createRandom(7);
    for (let index = 0; index < 400; index++) {
      const request = randomRequest(random);
      const { method, path, url, init } = toFetchCall(request, server.origin);
      const response = await fetch(url, init).catch((error: unknown) => error);
      expect(response, `${method} ${path}`).toBeInstanceOf(Response);
      const text = await (response as Response).text();
      const control = path.startsWith('/__admin') ? undefined : server.engine.journal.list().at(-1)?.control;
      expect(findAnswerProblems(method, (response as Response).status, text, control), label(request, (response as Response).status, text)).toEqual([]);
    }
    expect((await fetch(`${server.origin}/__admin/health`)).status).toBe(200);
  });
});
