/**
 * `npm run bench`: cold start and throughput of petstore-mock beside stock Prism and a bare
 * node:http server, in one run, printed with ratios against the targets. Loopback only, bounded.
 * Cold starts are medians of 5, throughputs medians of 3 runs of BENCH_SECONDS (default 8) each,
 * interleaved across contenders; the peak resident memory of each server under that load beside them.
 * A test file's fresh process (import petstore-mock/msw, setupServer, first answer) is timed from
 * spawn to exit beside the same with one plain MSW handler, in 7 interleaved rounds.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildPets } from '../src/fixtures/index.js';
import { resolve } from 'node:path';
import { measureBrowser, ROUNDS as BROWSER_ROUNDS, type BrowserPageFigures } from './browser.js';
import { IMAGE as DOCKER_IMAGE, measureDocker } from './docker.js';
import { buildBaseline } from './baseline.js';
import { measureJournalMemory } from './journal.js';
import { describeBigDocument, describeBigDocumentSurfaces, describeHostileFuzz, measureBigDocuments } from './big-document.js';
import { describeReloads, measureReloads } from './reloads.js';
import { runMixedBench } from './mixed-bench.js';
import { recordRatios } from './ratio-record.js';
import { CEILING_TARGET_MIB, measureMemoryCeiling } from './memory-ceiling.js';
import { measureSessions, measureWorstCaseMemory } from './sessions.js';
import { freePort, measureRequestsPerSecond, median, startProcess, waitForOk, type StartedProcess } from './support.js';

const AUTH = { authorization: 'Bearer bench' };
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
const COLD_STARTS = 5;
const THROUGHPUT_ROUNDS = 3;
const TEST_FILE_ROUNDS = 7;
const run = promisify(execFile);

/** Runs bench/msw-probe.mjs in a fresh process and returns the milliseconds it measured; `mode@path` imports another build's msw.js. */
async function probe(mode: string): Promise<number> {
  const [name = mode, module] = mode.split('@');
  const { stdout } = await run(process.execPath, ['bench/msw-probe.mjs', name, '1000', ...(module === undefined ? [] : [module])], { timeout: 120_000 });
  return Number(stdout.trim());
}

/** Medians of each probe mode, the modes taking turns in every round. */
function probeMedians(rounds: number, modes: readonly string[]): Promise<number[]> {
  return interleavedModes(rounds, modes, probe);
}

/** Spawn to exit of a fresh msw-probe process in `mode`: what a test file's own process pays, Node's start included. */
async function testFileProcess(mode: string): Promise<number> {
  const started = performance.now();
  await run(process.execPath, ['bench/msw-probe.mjs', mode, '1'], { timeout: 120_000 });
  return performance.now() - started;
}

/** Medians of `measure` for each mode, the modes taking turns in every round. */
async function interleavedModes(rounds: number, modes: readonly string[], measure: (mode: string) => Promise<number>): Promise<number[]> {
  const samples = modes.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, mode] of modes.entries()) samples[index]?.push(await measure(mode));
  }
  return samples.map(values => median(values));
}

/** The peak resident set size of process `pid` so far (Linux's VmHWM), in bytes; NaN elsewhere. */
function peakResidentBytes(pid: number | undefined): number {
  try {
    const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? NaN : Number(kilobytes) * 1024;
  } catch {
    return NaN;
  }
}

interface Contender {
  name: string;
  /** Stock Prism serves the document's paths without the servers' `/v1`. */
  path: string;
  start(port: number): StartedProcess;
}

mkdirSync('.bench', { recursive: true });
writeFileSync('.bench/pets.json', JSON.stringify(buildPets(20, { seed: 1 })));

const contenders: Contender[] = [
  { name: 'petstore-mock', path: '/v1/pets', start: port => startProcess(process.execPath, ['dist/cli.js', '--port', String(port), '--log-level', 'silent']) },
  { name: 'petstore-mock, verdicts not remembered', path: '/v1/pets', start: port => startProcess(process.execPath, ['bench/server-without-memory.mjs', String(port)]) },
  { name: 'stock Prism', path: '/pets', start: port => startProcess(process.execPath, ['node_modules/@stoplight/prism-cli/dist/index.js', 'mock', 'openapi/petstore.yaml', '--port', String(port)]) },
  { name: 'bare node:http', path: '/v1/pets', start: port => startProcess(process.execPath, ['bench/bare-server.mjs', '.bench/pets.json', String(port)]) },
];

const baselineRef = process.env['BENCH_BASELINE'];
const baselineName = `petstore-mock at ${baselineRef ?? ''}`;
const baselineCli = baselineRef ? await buildBaseline(baselineRef) : undefined;
if (baselineCli) {
  contenders.splice(1, 0, { name: baselineName, path: '/v1/pets', start: port => startProcess(process.execPath, [baselineCli, '--port', String(port), '--log-level', 'silent']) });
}

/** Spawn to first answered request, once. */
async function coldStart(contender: Contender): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const process = contender.start(port);
  try {
    await waitForOk(`http://127.0.0.1:${port}${contender.path}`, AUTH);
    return performance.now() - started;
  } finally {
    await process.stop();
  }
}

/** Peak resident memory of each contender under the throughput load, by round. */
const peakRssSamples = new Map<string, number[]>();

/** Requests per second over SECONDS, after a 2 s warm-up, once; notes the server's peak resident memory. */
async function throughput(contender: Contender): Promise<number> {
  const port = await freePort();
  const process = contender.start(port);
  try {
    const url = `http://127.0.0.1:${port}${contender.path}`;
    await waitForOk(url, AUTH);
    const requestsPerSecond = await measureRequestsPerSecond(contender.name, url, SECONDS, { headers: AUTH });
    peakRssSamples.set(contender.name, [...(peakRssSamples.get(contender.name) ?? []), peakResidentBytes(process.child.pid)]);
    return requestsPerSecond;
  } finally {
    await process.stop();
  }
}

/**
 * Runs `measure` for every contender, round after round, so that a noisy moment on the shared
 * machine falls on all of them alike; returns each contender's median.
 */
async function interleaved(rounds: number, measure: (contender: Contender) => Promise<number>): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(contenders.map(contender => [contender.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const contender of contenders) samples.get(contender.name)?.push(await measure(contender));
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

const coldStarts = await interleaved(COLD_STARTS, coldStart);
const throughputs = await interleaved(THROUGHPUT_ROUNDS, throughput);
const results: Record<string, { coldStartMs: number; requestsPerSecond: number; peakRssBytes: number }> = {};
for (const contender of contenders) {
  const coldStartMs = coldStarts.get(contender.name) ?? NaN;
  const requestsPerSecond = throughputs.get(contender.name) ?? NaN;
  const peakRssBytes = median(peakRssSamples.get(contender.name) ?? []);
  results[contender.name] = { coldStartMs, requestsPerSecond, peakRssBytes };
  console.log(
    `${contender.name.padEnd(40)} cold start ${coldStartMs.toFixed(0).padStart(6)} ms   throughput ${requestsPerSecond.toFixed(0).padStart(7)} req/s   peak RSS under load ${(peakRssBytes / 1024 / 1024).toFixed(1).padStart(6)} MiB`,
  );
}

const ours = results['petstore-mock'];
const prism = results['stock Prism'];
const bare = results['bare node:http'];
if (!ours || !prism || !bare) throw new Error('A contender is missing.');
console.log('');
const baselineMsw = baselineRef ? resolve('.bench/baseline/dist/msw.js') : undefined;
const [mswImport = NaN, petstoreImport = NaN, baselineImport = NaN] = await probeMedians(5, ['import-msw', 'import-petstore', ...(baselineMsw ? [`import-petstore@${baselineMsw}`] : [])]);
const [petstoreRequests = NaN, trivialRequests = NaN] = await probeMedians(3, ['requests-petstore', 'requests-trivial']);
const [petstoreTestFile = NaN, trivialTestFile = NaN] = await interleavedModes(TEST_FILE_ROUNDS, ['import-petstore', 'first-trivial'], testFileProcess);
console.log(`MSW: a test file's fresh process, spawn to exit: import petstore-mock/msw, setupServer, first answer ${petstoreTestFile.toFixed(0)} ms; the same with one plain MSW handler ${trivialTestFile.toFixed(0)} ms (medians of ${TEST_FILE_ROUNDS})`);
console.log(`MSW: import msw/node ${mswImport.toFixed(0)} ms; import petstore-mock/msw + first response ${petstoreImport.toFixed(0)} ms`);
console.log(`MSW: 1,000 sequential requests: petstore-mock handlers ${petstoreRequests.toFixed(0)} ms, trivial handler ${trivialRequests.toFixed(0)} ms`);
if (baselineMsw) console.log(`MSW: import petstore-mock/msw + first response, the ${baselineRef ?? ''} build: ${baselineImport.toFixed(0)} ms`);
const persisted = JSON.parse((await run(process.execPath, ['bench/persist-probe.mjs'], { timeout: 120_000 })).stdout) as { getMs: number; postMs: number };
console.log(`MSW persist: 21 stores of 10,000 pets kept in localStorage (in memory): ${persisted.getMs.toFixed(2)} ms per GET that changes nothing, ${persisted.postMs.toFixed(2)} ms per POST to one store`);

const browserFigures = await measureBrowser();
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;
if (typeof browserFigures === 'string') console.log(`Browser: skipped, ${browserFigures}.`);
else {
  const { petstore, strictCsp, trivial } = browserFigures;
  console.log(`Browser: navigation to first answer ${petstore.firstAnswerMs.toFixed(0)} ms (trivial handler page ${trivial.firstAnswerMs.toFixed(0)} ms, medians of ${BROWSER_ROUNDS}); later requests ${petstore.laterRequestMs.toFixed(2)} ms (trivial ${trivial.laterRequestMs.toFixed(2)} ms)`);
  console.log(
    typeof strictCsp === 'string'
      ? `Browser: the page under script-src 'self' (no 'unsafe-eval'): ${strictCsp}`
      : `Browser: the page under script-src 'self' (no 'unsafe-eval'): navigation to first answer ${strictCsp.firstAnswerMs.toFixed(0)} ms${strictCsp.failedStatuses.length > 0 ? `, first answers not 200: ${strictCsp.failedStatuses.join(', ')}` : ''}`,
  );
  console.log(
    `Browser: JavaScript before the first answer ${kb(petstore.javascriptGzipBytes)} gzip (the trivial page, MSW alone: ${kb(trivial.javascriptGzipBytes)}; petstore-mock's share ${kb(petstore.javascriptGzipBytes - trivial.javascriptGzipBytes)}); Prism's mocker chunk ${petstore.mockerLoaded ? 'LOADED' : 'not loaded'}, Ajv's compiler chunk ${petstore.ajvCompilerLoaded ? 'LOADED' : 'not loaded'}`,
  );
}

const mixed = await runMixedBench(baselineCli ? { name: baselineName, cli: baselineCli } : undefined);

const sessions = await measureSessions(THROUGHPUT_ROUNDS, SECONDS);
console.log(`Sessions: throughput over 1 session ${sessions.oneSession.toFixed(0)} req/s, over 100 sessions ${sessions.hundredSessions.toFixed(0)} req/s`);
console.log(`Sessions: resident memory ${(sessions.idleRss / 1024 / 1024).toFixed(1)} MiB at start, ${(sessions.fullRss / 1024 / 1024).toFixed(1)} MiB with 100 sessions of 1,000 pets`);
const worstCase = await measureWorstCaseMemory();
const journalMemory = await measureJournalMemory();
console.log(`Worst case: resident memory ${(worstCase.rss / 1024 / 1024).toFixed(1)} MiB with the default store and 100 sessions each full (10,000 pets of 255-character names); largest page ${(worstCase.largestPage / 1024).toFixed(1)} KiB`);

for (const figures of await measureBigDocuments()) console.log(describeBigDocument(figures));
console.log(await describeHostileFuzz());
for (const figures of await measureReloads()) console.log(describeReloads(figures));
const ceiling = await measureMemoryCeiling();
const dockerFigures = await measureDocker();
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(
  `Journal: heap in use after GC ${mb(journalMemory.start.heapUsed)} at start, ${mb(journalMemory.full.heapUsed)} with the journal full of ~1 KB bodies (1,000), ${mb(journalMemory.afterMore.heapUsed)} after 2,000 more; resident ${mb(journalMemory.full.rss)}, then ${mb(journalMemory.afterMore.rss)}`,
);
if (typeof dockerFigures === 'string') console.log(`Docker: skipped, ${dockerFigures}.`);
else {
  console.log(`Docker: run to healthy ${dockerFigures.healthyMs.toFixed(0)} ms (median of 3); the Testcontainers module's start() ${typeof dockerFigures.moduleReadyMs === 'number' ? `${dockerFigures.moduleReadyMs.toFixed(0)} ms (median of 3, ready on its health endpoint)` : dockerFigures.moduleReadyMs}; our layers ${mb(dockerFigures.ownLayersBytes)} on a ${mb(dockerFigures.baseImageBytes)} base; idle memory ${mb(dockerFigures.idleMemoryBytes)}`);
}
// The Stripe-sized document on every other surface that takes a document: verify, MSW in Node and in a page, the container (its image built just above).
for (const line of await describeBigDocumentSurfaces(typeof dockerFigures === 'string' ? undefined : DOCKER_IMAGE)) console.log(line);

const dockerRatios =
  typeof dockerFigures === 'string'
    ? []
    : ([
        ['docker run to healthy (ms)', dockerFigures.healthyMs, '< 1500', dockerFigures.healthyMs < 1_500],
        ['our image layers (MiB)', dockerFigures.ownLayersBytes / 1024 / 1024, '< 40', dockerFigures.ownLayersBytes < 40 * 1024 * 1024],
        ['idle container memory (MiB)', dockerFigures.idleMemoryBytes / 1024 / 1024, '< 120', dockerFigures.idleMemoryBytes < 120 * 1024 * 1024],
      ] as const);

const browserRatios =
  typeof browserFigures === 'string'
    ? []
    : ([
        ['browser first answer vs trivial page', browserFigures.petstore.firstAnswerMs / browserFigures.trivial.firstAnswerMs, '<= 1.5', browserFigures.petstore.firstAnswerMs / browserFigures.trivial.firstAnswerMs <= 1.5],
        strictCspRow(browserFigures.strictCsp, browserFigures.trivial.firstAnswerMs),
        ['browser later requests vs trivial', browserFigures.petstore.laterRequestMs / browserFigures.trivial.laterRequestMs, '<= 3', browserFigures.petstore.laterRequestMs / browserFigures.trivial.laterRequestMs <= 3],
      ] as const);
/**
 * The strict-CSP page's first answer beside the trivial page's (same target as the page without the
 * policy); MISSED with the reason when a visit answered other than 200 or gave no figures at all.
 */
function strictCspRow(strictCsp: BrowserPageFigures | string, trivialMs: number): readonly [string, number, string, boolean] {
  const name = "browser first answer, script-src 'self' page, vs trivial";
  if (typeof strictCsp === 'string') return [name, NaN, `<= 1.5 (${strictCsp})`, false];
  if (strictCsp.failedStatuses.length > 0) return [name, NaN, `<= 1.5 (answered ${strictCsp.failedStatuses.join(', ')}, not 200)`, false];
  const ratio = strictCsp.firstAnswerMs / trivialMs;
  return [name, ratio, '<= 1.5', ratio <= 1.5];
}
const browserImportKB = typeof browserFigures === 'string' ? NaN : (browserFigures.petstore.javascriptGzipBytes - browserFigures.trivial.javascriptGzipBytes) / 1024;

const ratios = [
  ['throughput vs stock Prism', ours.requestsPerSecond / prism.requestsPerSecond, '>= 2', ours.requestsPerSecond / prism.requestsPerSecond >= 2],
  ['throughput vs bare node:http', ours.requestsPerSecond / bare.requestsPerSecond, '>= 0.5', ours.requestsPerSecond / bare.requestsPerSecond >= 0.5],
  ['peak RSS under load vs bare node:http', ours.peakRssBytes / bare.peakRssBytes, '<= 1.6', ours.peakRssBytes / bare.peakRssBytes <= 1.6],
  ['CLI spawn to first answer vs bare node:http', ours.coldStartMs / bare.coldStartMs, '<= 1.5', ours.coldStartMs / bare.coldStartMs <= 1.5],
  ['cold start vs stock Prism', ours.coldStartMs / prism.coldStartMs, '(information)', true],
  ['throughput, verdicts not remembered, vs bare', (results['petstore-mock, verdicts not remembered']?.requestsPerSecond ?? NaN) / bare.requestsPerSecond, '(information)', true],
  ['MSW test file process vs one plain handler', petstoreTestFile / trivialTestFile, '<= 1.25', petstoreTestFile / trivialTestFile <= 1.25],
  ['MSW import+first vs msw/node', petstoreImport / mswImport, '<= 3', petstoreImport / mswImport <= 3],
  ['MSW per request vs trivial', petstoreRequests / trivialRequests, '<= 3', petstoreRequests / trivialRequests <= 3],
  ...(baselineMsw ? ([[`MSW import+first vs the ${baselineRef ?? ''} build`, petstoreImport / baselineImport, '<= 1.10', petstoreImport / baselineImport <= 1.1]] as const) : []),
  ...browserRatios,
  ['throughput, 100 sessions vs 1', sessions.hundredSessions / sessions.oneSession, '>= 0.9', sessions.hundredSessions / sessions.oneSession >= 0.9],
  ...mixed.rows,
] as const;
const sessionMemoryMiB = sessions.fullRss / 1024 / 1024;
console.log('');
console.log(`${'RSS, 100 sessions of 1,000 pets (MiB)'.padEnd(44)} ${sessionMemoryMiB.toFixed(1).padStart(7)}    target ${'< 300'.padEnd(14)} ${sessionMemoryMiB < 300 ? 'met' : 'MISSED'}`);
const ceilingMet = ceiling.worstRssMiB < CEILING_TARGET_MIB && ceiling.healthy;
console.log(`${'worst resident memory under attack (MiB)'.padEnd(44)} ${ceiling.worstRssMiB.toFixed(0).padStart(7)}    target ${`< ${CEILING_TARGET_MIB}, healthy`.padEnd(14)} ${ceilingMet ? 'met' : 'MISSED'}`);
if (!Number.isNaN(browserImportKB)) console.log(`${'browser: petstore-mock/msw at import (KB gzip)'.padEnd(44)} ${browserImportKB.toFixed(0).padStart(7)}    target ${'<= 250'.padEnd(14)} ${browserImportKB <= 250 ? 'met' : 'MISSED'}`);
for (const [name, value, target, met] of dockerRatios) console.log(`${name.padEnd(44)} ${value.toFixed(1).padStart(7)}    target ${target.padEnd(14)} ${met ? 'met' : 'MISSED'}`);
for (const [name, ratio, target, met] of ratios) console.log(`${name.padEnd(44)} ${ratio.toFixed(2).padStart(6)}×   target ${target.padEnd(14)} ${met ? 'met' : 'MISSED'}`);
const baselineRows: (readonly [string, number, string, boolean])[] = [];
if (baselineRef) {
  const ratio = (results['petstore-mock']?.requestsPerSecond ?? NaN) / (results[baselineName]?.requestsPerSecond ?? NaN);
  console.log(`${`throughput vs the ${baselineRef} build`.padEnd(44)} ${ratio.toFixed(2).padStart(6)}×   target ${'>= 0.95'.padEnd(14)} ${ratio >= 0.95 ? 'met' : 'MISSED'}`);
  baselineRows.push([`throughput vs the ${baselineRef} build`, ratio, '>= 0.95', ratio >= 0.95]);
}
writeFileSync('.bench/results.json', `${JSON.stringify({ node: process.version, seconds: SECONDS, baseline: baselineRef ?? null, results, msw: { mswImport, petstoreImport, baselineImport, petstoreRequests, trivialRequests, petstoreTestFile, trivialTestFile }, browser: browserFigures, sessions, worstCase, journalMemory, memoryCeiling: ceiling, docker: dockerFigures, mixed: mixed.figures, ratios }, null, 2)}\n`);
console.log(`Ratios recorded in ${recordRatios([...ratios, ...baselineRows])}`);
