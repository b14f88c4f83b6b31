import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, createMockServer, createRequestJournal, type Engine, type EngineOptions, type JournalEntry, type MockRequest, type MockServer } from '../../src/index.js';
import { loadPrismMocker } from '../../src/engine/prism/index.js';
import { createPetstoreMock } from '../../src/msw/index.js';
import { carriesCredentials, createAnswerChecks, readPathRecords } from '../support/document-fuzz-checks.js';
import { createDocumentRequests, DOCUMENT_FUZZ_ADMIN_TOKEN, DOCUMENT_FUZZ_KEY } from '../support/document-fuzz-requests.js';
import { FUZZED_DOCUMENTS, recordsState } from '../support/fuzzed-documents.js';
import { toFetchCall } from '../support/fuzz-requests.js';
import { createRandom } from '../support/random.js';

/** A mock that checks the document's credentials against one key, guards the admin endpoints, keeps three sessions of small stores and injects a few faults. */
const STRICT: EngineOptions = { apiKeys: [DOCUMENT_FUZZ_KEY], adminToken: DOCUMENT_FUZZ_ADMIN_TOKEN, maxSessions: 3, maxPets: 25, faultRate: 0.05, validateResponses: true, onWarning: () => undefined };
/**
 * Longer than any answer takes: a request still unanswered then hangs. Prism's mocker is loaded before
 * the first request: the first forced answer waits for it, and from source it brings every Faker locale
 * (~1.7 s alone, over 5 s beside the other test files; the build loads English only, ~0.6 s).
 */
const HANG_MS = 5_000;

/** A journal that remembers the last entry, so a test can read which control made an answer. */
function watchedJournal(): { journal: ReturnType<typeof createRequestJournal>; take(): Omit<JournalEntry, 'seq'> | undefined } {
  const journal = createRequestJournal(10);
  let last: Omit<JournalEntry, 'seq'> | undefined;
  const record = journal.record.bind(journal);
  journal.record = entry => {
    last = entry;
    record(entry);
  };
  return { journal, take: () => [last, (last = undefined)][0] };
}

async function answerOf(engine: Engine, request: MockRequest): Promise<Awaited<ReturnType<Engine['handle']>>> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms`)), HANG_MS)));
  try {
    return await Promise.race([engine.handle(request), hang]);
  } finally {
    clearTimeout(timer);
  }
}

function label(request: MockRequest, status: number, body?: string): string {
  const sent = typeof request.body === 'string' ? request.body : request.body === undefined ? '' : `<${request.body.byteLength} bytes>`;
  return `${request.method} ${request.url} ${JSON.stringify(request.headers)} ${sent.slice(0, 300)} → ${status} ${(body ?? '').slice(0, 600)}`;
}

/**
 * Thousands of requests through the engine, CPU-bound: ~4–10 s alone on the 2-core machine, over 20 s
 * (the suite's default bound) with every other test file running beside it. Not a speed check.
 */
const FUZZ_TIMEOUT_MS = 90_000;

describe.each(FUZZED_DOCUMENTS)('the engine answering $name under seeded random requests', ({ documentPath, seed }) => {
  it('answers 3,000 requests written from the document, and hostile ones, with a status it declares or the mock documents, each error in the shape declared for it, no success under parents that do not belong together nor 404 for records that exist, no unexpected 500 and nothing reported', async () => {
    const reported: string[] = [];
    const watched = watchedJournal();
    const engine = await createEngine({ ...STRICT, documentPath, journal: watched.journal, onError: message => reported.push(message) });
    const { operations, randomRequest } = createDocumentRequests(engine);
    const { check, operationOf } = createAnswerChecks(engine.document, operations);
    const random = createRandom(seed);
    await loadPrismMocker();
    const reached = new Set<string>();
    for (let index = 0; index < 3_000; index++) {
      const request = randomRequest(random);
      const named = readPathRecords(engine, operationOf(request), request);
      const response = await answerOf(engine, request);
      if (response.status < 300 && response.operationId !== undefined) reached.add(response.operationId);
      const control = watched.take()?.control;
      const problems = check(request, { status: response.status, headers: response.headers, body: response.body }, control);
      if (named && (control ?? null) === null) {
        if (named.misplaced !== undefined && response.status < 300) problems.push(`a success for a path whose parents do not belong together: ${named.misplaced}`);
        if (named.allExist && named.misplaced === undefined && response.status === 404) problems.push('a 404 for records that exist, under parents they belong to');
      }
      expect(problems, label(request, response.status, response.body)).toEqual([]);
      expect(reported, label(request, response.status, response.body)).toEqual([]);
    }
    // The requests reach the operations, not only their refusals: most answered a success.
    expect(reached.size).toBeGreaterThan(operations.length * 0.75);
  }, FUZZ_TIMEOUT_MS);

  it('changes no record and no session for requests without a credential, but where the operation asks for none', async () => {
    const engine = await createEngine({ ...STRICT, faultRate: 0, documentPath, onError: () => undefined });
    const { operations, randomRequest } = createDocumentRequests(engine);
    const { operationOf } = createAnswerChecks(engine.document, operations);
    const random = createRandom(seed + 1);
    let checked = 0;
    for (let index = 0; index < 3_000; index++) {
      const request = randomRequest(random);
      const open = operationOf(request)?.security.length === 0;
      const before = carriesCredentials(request) || open ? undefined : recordsState(engine);
      const response = await answerOf(engine, request);
      if (before === undefined) continue;
      checked++;
      expect(recordsState(engine), label(request, response.status, response.body)).toBe(before);
    }
    expect(checked).toBeGreaterThan(150);
    // The other requests did change it: the check above could fail.
    expect(engine.sessions.ids().length).toBeGreaterThan(0);
  }, FUZZ_TIMEOUT_MS);
});

describe.each(FUZZED_DOCUMENTS)('the HTTP server answering $name under seeded random requests', ({ documentPath, seed }) => {
  let server: MockServer;
  beforeAll(async () => {
    server = await createMockServer({ ...STRICT, documentPath, port: 0, onError: () => undefined });
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps answering 300 requests over real sockets, each answer passing the same checks', async () => {
    const { operations, randomRequest } = createDocumentRequests(server.engine);
    const { check } = createAnswerChecks(server.engine.document, operations);
    const random = createRandom(seed + 2);
    for (let index = 0; index < 300; index++) {
      const { method, url, init } = toFetchCall(randomRequest(random), server.origin);
      // What the server was sent: fetch resolves dot segments (`/events/..`) and drops a body it will not send.
      const sent: MockRequest = { method, url: url.slice(server.origin.length).replace(/^[^?]*/, new URL(url).pathname), headers: init.headers as Record<string, string> };
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS) }).catch((error: unknown) => error);
      expect(response, `${method} ${url}`).toBeInstanceOf(Response);
      const answer = response as Response;
      const body = await answer.text();
      const control = sent.url.startsWith('/__admin') ? undefined : server.engine.journal.list().at(-1)?.control;
      expect(check(sent, { status: answer.status, headers: Object.fromEntries(answer.headers), body: method === 'HEAD' ? undefined : body || undefined }, control), label(sent, answer.status, body)).toEqual([]);
    }
    expect((await fetch(`${server.origin}/__admin/health`)).status).toBe(200);
  });
});

describe.each(FUZZED_DOCUMENTS)('the MSW handlers answering $name under seeded random requests', ({ documentPath, origin, seed }) => {
  it('answer 300 requests under the document’s base path, each answer passing the same checks, nothing reported', async () => {
    const reported: string[] = [];
    const mock = createPetstoreMock({ ...STRICT, documentPath, onError: message => reported.push(message) });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const engine = await mock.engine();
      const { operations, randomRequest } = createDocumentRequests(engine);
      const { check } = createAnswerChecks(engine.document, operations);
      const random = createRandom(seed + 3);
      for (let sent = 0; sent < 300; ) {
        const { method, url, init } = toFetchCall(randomRequest(random), origin);
        // The handlers answer the document's paths only (once fetch has resolved `..`).
        if (!new URL(url).pathname.startsWith(`${engine.document.basePath}/`)) continue;
        sent++;
        const asSent: MockRequest = { method, url: url.slice(origin.length).replace(/^[^?]*/, new URL(url).pathname), headers: init.headers as Record<string, string> };
        const response = await fetch(url, init);
        const body = await response.text();
        const control = mock.requests().at(-1)?.control;
        expect(check(asSent, { status: response.status, headers: Object.fromEntries(response.headers), body: method === 'HEAD' ? undefined : body || undefined }, control), label(asSent, response.status, body)).toEqual([]);
      }
    } finally {
      server.close();
    }
    expect(reported).toEqual([]);
  });
});
