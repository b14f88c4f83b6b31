// A long fuzz run over real sockets: `npm run fuzz` (FUZZ_REQUESTS a target, default 100,000;
// FUZZ_SEED; FUZZ_TARGETS, default all: animal-store, petclinic, swagger-v3, evolved-pets, events, held-keys).
// Each mock checks credentials and the admin token, keeps three sessions of 25 records and injects
// faults. The Animal Store: every answer must have a known status, every error an Error body, no
// 500 that no control made. Each other document (test/support/fuzzed-documents.ts): requests
// written from it, each answer a status the operation declares or the mock documents, each error
// in the shape declared for it. No connection may drop, no answer take over 5 s, nothing be
// reported. Loopback only; bounded in count.
import { createMockServer, type MockRequest, type MockServer, type MockServerOptions } from '../src/index.js';
import { createAnswerChecks } from '../test/support/document-fuzz-checks.js';
import { createDocumentRequests, DOCUMENT_FUZZ_ADMIN_TOKEN, DOCUMENT_FUZZ_KEY } from '../test/support/document-fuzz-requests.js';
import { FUZZED_DOCUMENTS } from '../test/support/fuzzed-documents.js';
import { FUZZ_ADMIN_TOKEN, FUZZ_API_KEY, findAnswerProblems, randomRequest, toFetchCall } from '../test/support/fuzz-requests.js';
import { createRandom } from '../test/support/random.js';

type Random = ReturnType<typeof createRandom>;

/** What one target fuzzes: its mock, how it writes a request, and how it checks an answer. */
interface Target {
  id: string;
  options: MockServerOptions;
  prepare: (server: MockServer) => {
    next: (random: Random) => MockRequest;
    check: (request: MockRequest, status: number, headers: Record<string, string>, body: string | undefined, control: string | null | undefined) => string[];
  };
}

const total = Number(process.env['FUZZ_REQUESTS'] ?? 100_000);
const seed = Number(process.env['FUZZ_SEED'] ?? 20301205);
const chosen = process.env['FUZZ_TARGETS']?.split(',').map(name => name.trim());
const ANSWER_MS = 5_000;

const TARGETS: Target[] = [
  {
    id: 'animal-store',
    options: { apiKeys: [FUZZ_API_KEY], adminToken: FUZZ_ADMIN_TOKEN },
    prepare: () => ({ next: randomRequest, check: (request, status, _, body, control) => findAnswerProblems(request.method, status, body, control) }),
  },
  ...FUZZED_DOCUMENTS.map(
    (document): Target => ({
      id: document.id,
      options: { documentPath: document.documentPath, apiKeys: [DOCUMENT_FUZZ_KEY], adminToken: DOCUMENT_FUZZ_ADMIN_TOKEN },
      prepare: server => {
        const { operations, randomRequest: next } = createDocumentRequests(server.engine);
        const { check } = createAnswerChecks(server.engine.document, operations);
        return { next, check: (request, status, headers, body, control) => check(request, { status, headers, body: request.method === 'HEAD' ? undefined : body || undefined }, control) };
      },
    }),
  ),
];

let failedAll = 0;
for (const target of TARGETS.filter(candidate => chosen === undefined || chosen.includes(candidate.id))) {
  const reported: string[] = [];
  const server = await createMockServer({
    port: 0,
    maxSessions: 3,
    maxPets: 25,
    faultRate: 0.2,
    validateResponses: true,
    onError: message => reported.push(message),
    onWarning: () => undefined,
    ...target.options,
  });
  const { next, check } = target.prepare(server);
  const random = createRandom(seed);
  const problems = new Map<string, { count: number; example: string }>();
  let dropped = 0;
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const request = next(random);
    const { method, url, init } = toFetchCall(request, server.origin);
    // What the server was sent: fetch resolves dot segments and drops what it will not send.
    const sent: MockRequest = { method, url: url.slice(server.origin.length).replace(/^[^?]*/, new URL(url).pathname), headers: init.headers as Record<string, string> };
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_MS) });
      const text = await response.text();
      const control = sent.url.startsWith('/__admin') ? undefined : server.engine.journal.list().at(-1)?.control;
      const reportedBefore = reported.length;
      const found = check(sent, response.status, Object.fromEntries(response.headers), text, control);
      for (const problem of found) {
        const kind = problem.split(':')[0] ?? problem;
        const known = problems.get(kind) ?? { count: 0, example: `${method} ${sent.url} ${JSON.stringify(request.headers)} → ${problem}` };
        known.count++;
        problems.set(kind, known);
      }
      if (reported.length > reportedBefore && reported.length <= 3) console.error(`${method} ${sent.url} ${JSON.stringify(request.headers)}: ${reported.at(-1) ?? ''}`);
    } catch (error) {
      dropped++;
      if (dropped <= 3) console.error(`${method} ${sent.url}: ${String(error)}`);
    }
  }
  await server.close();
  const failed = [...problems.values()].reduce((sum, problem) => sum + problem.count, 0) + dropped + reported.length;
  failedAll += failed;
  console.log(`${target.id}: fuzzed ${total} requests over HTTP (seed ${seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s: ${dropped} dropped connections or answers over ${ANSWER_MS} ms, ${reported.length} engine failures reported.`);
  for (const [kind, { count, example }] of problems) console.log(`  ${count} × ${kind}, e.g. ${example.slice(0, 400)}`);
  console.log(`${target.id}: ${total - failed} passed, ${failed} failed`);
}
process.exitCode = failedAll === 0 ? 0 : 1;
