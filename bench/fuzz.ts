// A long fuzz run over real sockets: `npm run fuzz` (FUZZ_REQUESTS, default 100,000; FUZZ_SEED).
// The mock checks API keys and the admin token, keeps three sessions of 25 pets and injects faults:
// every answer must have a known status, every error an Error body, no 500 that no control made,
// and no connection may drop. Loopback only; bounded in count.
import { createMockServer } from '../src/index.js';
import { FUZZ_ADMIN_TOKEN, FUZZ_API_KEY, findAnswerProblems, randomRequest, toFetchCall } from '../test/support/fuzz-requests.js';
import { createRandom } from '../test/support/random.js';

const total = Number(process.env['FUZZ_REQUESTS'] ?? 100_000);
const seed = Number(process.env['FUZZ_SEED'] ?? 20301205);
const reported: string[] = [];
const server = await createMockServer({
  port: 0,
  apiKeys: [FUZZ_API_KEY],
  adminToken: FUZZ_ADMIN_TOKEN,
  maxSessions: 3,
  maxPets: 25,
  faultRate: 0.2,
  validateResponses: true,
  onError: message => reported.push(message),
  onWarning: () => undefined,
});
const random = createRandom(seed);
const problems = new Map<string, { count: number; example: string }>();
let dropped = 0;
const started = performance.now();
for (let index = 0; index < total; index++) {
  const request = randomRequest(random);
  const { method, path, url, init } = toFetchCall(request, server.origin);
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    const control = path.startsWith('/__admin') ? undefined : server.engine.journal.list().at(-1)?.control;
    for (const problem of findAnswerProblems(method, response.status, text, control)) {
      const kind = problem.split(':')[0] ?? problem;
      const known = problems.get(kind) ?? { count: 0, example: `${method} ${path} ${JSON.stringify(request.headers)} → ${problem}` };
      known.count++;
      problems.set(kind, known);
    }
  } catch (error) {
    dropped++;
    if (dropped <= 3) console.error(`${method} ${path}: ${String(error)}`);
  }
}
await server.close();
const failed = [...problems.values()].reduce((sum, problem) => sum + problem.count, 0) + dropped + reported.length;
console.log(`Fuzzed ${total} requests over HTTP (seed ${seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s: ${dropped} dropped connections, ${reported.length} engine failures reported.`);
for (const [kind, { count, example }] of problems) console.log(`  ${count} × ${kind}, e.g. ${example.slice(0, 400)}`);
console.log(`fuzz: ${total - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
