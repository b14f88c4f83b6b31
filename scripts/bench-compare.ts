/**
 * `npm run bench:compare -- <commitA> [commitB]` (B defaults to HEAD): both commits built in
 * worktrees of their own (bench/build-commit.ts), then measured side by side in one interleaved
 * run on this machine, so that a noisy moment falls on both alike: the mixed traffic of
 * bench/mixed-traffic.ts at 1, 10 and 50 connections (with the hand-written server beside them,
 * for scale) and the repeated read (`GET /v1/pets`, 10 connections). Prints B against A for each
 * figure and flags a change that costs 10% or more: throughput down to 0.90× or less, p99 at 10
 * connections, the server's CPU time per request or peak memory up to 1.10× or more. On a busy
 * machine the CPU per request is the steadiest of them: it counts no time spent waiting for a core. Exits 1 when one is flagged. Writes the figures
 * to `.bench/compare/<A>-<B>.json`.
 *
 * BENCH_COMPARE_ROUNDS (default 3) rounds; BENCH_MIXED_SECONDS (default 1.5) a mixed level;
 * BENCH_SECONDS (default 5) the repeated read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCommit, resolveCommit } from '../bench/build-commit.js';
import { buildPets } from '../src/fixtures/index.js';
import { describe } from '../bench/mixed-bench.js';
import { CONNECTION_LEVELS, handWritten, measureMixedTraffic, peakResidentBytes, petstoreMock, type MixedFigures } from '../bench/mixed-traffic.js';
import { freePort, measureLoad, median, startProcess, waitForOk } from '../bench/support.js';

const ROUNDS = Number(process.env['BENCH_COMPARE_ROUNDS'] ?? 3);
const MIXED_SECONDS = Number(process.env['BENCH_MIXED_SECONDS'] ?? 1.5);
const READ_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
/** A change costing this share or more is flagged. */
const COST = 0.1;
const AUTH = { authorization: 'Bearer bench' };

const [refA, refB = 'HEAD'] = process.argv.slice(2);
if (refA === undefined) {
  console.error('Usage: npm run bench:compare -- <commitA> [commitB, default HEAD]');
  process.exit(2);
}
const [shaA, shaB] = await Promise.all([resolveCommit(refA), resolveCommit(refB)]);
const short = (sha: string): string => sha.slice(0, 9);
console.log(`Building ${short(shaA)} (${refA}) and ${short(shaB)} (${refB}) in .bench/commits/ …`);
const cliA = await buildCommit(shaA);
const cliB = await buildCommit(shaB);
const nameA = `A ${short(shaA)}`;
const nameB = `B ${short(shaB)}`;

mkdirSync('.bench', { recursive: true });
writeFileSync('.bench/pets.json', JSON.stringify(buildPets(20, { seed: 1 })));

/** The repeated read of one build, once: requests per second, the server's CPU per answer and its peak memory. */
async function repeatedRead(cli: string): Promise<{ requestsPerSecond: number; cpuMicroseconds: number; peakRssBytes: number }> {
  const port = await freePort();
  const server = startProcess(process.execPath, [cli, '--port', String(port), '--log-level', 'silent']);
  try {
    const url = `http://127.0.0.1:${port}/v1/pets`;
    await waitForOk(url, AUTH);
    const { requestsPerSecond, cpuMicroseconds } = await measureLoad(cli, url, READ_SECONDS, { headers: AUTH }, server.child.pid);
    return { requestsPerSecond, cpuMicroseconds, peakRssBytes: peakResidentBytes(server.child.pid) };
  } finally {
    await server.stop();
  }
}

const readSamples = new Map<string, { requestsPerSecond: number; cpuMicroseconds: number; peakRssBytes: number }[]>([
  [nameA, []],
  [nameB, []],
]);
const mixedRounds = new Map<string, MixedFigures[]>();
const contenders = [petstoreMock(nameA, 'default', cliA), petstoreMock(nameB, 'default', cliB), handWritten('hand-written stateful node:http', '.bench/pets.json')];
for (let round = 0; round < ROUNDS; round++) {
  // A and B swap places every round, so that neither always goes first.
  const order = round % 2 === 0 ? contenders : [contenders[1], contenders[0], contenders[2]].filter(contender => contender !== undefined);
  const figures = await measureMixedTraffic(order, { rounds: 1, seconds: MIXED_SECONDS });
  for (const [name, each] of figures) mixedRounds.set(name, [...(mixedRounds.get(name) ?? []), each]);
  for (const [name, cli] of round % 2 === 0 ? [[nameA, cliA], [nameB, cliB]] : [[nameB, cliB], [nameA, cliA]]) {
    readSamples.get(name ?? '')?.push(await repeatedRead(cli ?? ''));
  }
  console.log(`round ${round + 1} of ${ROUNDS} done`);
}

const mixedMedian = (name: string): MixedFigures => {
  const rounds = mixedRounds.get(name) ?? [];
  const levels = Object.fromEntries(
    CONNECTION_LEVELS.map(connections => [
      connections,
      {
        requestsPerSecond: median(rounds.map(each => each.levels[connections].requestsPerSecond)),
        p50: median(rounds.map(each => each.levels[connections].p50)),
        p99: median(rounds.map(each => each.levels[connections].p99)),
        cpuMicroseconds: median(rounds.map(each => each.levels[connections].cpuMicroseconds)),
      },
    ]),
  ) as MixedFigures['levels'];
  return { levels, peakRssBytes: median(rounds.map(each => each.peakRssBytes)) };
};

console.log('');
for (const name of mixedRounds.keys()) console.log(describe(name, mixedMedian(name)));
const a = mixedMedian(nameA);
const b = mixedMedian(nameB);
const readA = readSamples.get(nameA) ?? [];
const readB = readSamples.get(nameB) ?? [];

interface Line {
  figure: string;
  a: number;
  b: number;
  /** 'higher' when more is better (throughput), 'lower' when less is (latency, memory); undefined shows it without a verdict. */
  better?: 'higher' | 'lower';
}
const lines: Line[] = [
  ...CONNECTION_LEVELS.flatMap((connections): Line[] => [
    { figure: `mixed, ${connections} conn.: req/s`, a: a.levels[connections].requestsPerSecond, b: b.levels[connections].requestsPerSecond, better: 'higher' },
    { figure: `mixed, ${connections} conn.: p99 ms`, a: a.levels[connections].p99, b: b.levels[connections].p99, ...(connections === 10 && { better: 'lower' as const }) },
    { figure: `mixed, ${connections} conn.: CPU µs/req`, a: a.levels[connections].cpuMicroseconds, b: b.levels[connections].cpuMicroseconds, better: 'lower' },
  ]),
  { figure: 'mixed: peak RSS MiB', a: a.peakRssBytes / 1024 / 1024, b: b.peakRssBytes / 1024 / 1024, better: 'lower' },
  { figure: 'repeated read: req/s', a: median(readA.map(each => each.requestsPerSecond)), b: median(readB.map(each => each.requestsPerSecond)), better: 'higher' },
  { figure: 'repeated read: CPU µs/req', a: median(readA.map(each => each.cpuMicroseconds)), b: median(readB.map(each => each.cpuMicroseconds)), better: 'lower' },
  { figure: 'repeated read: peak RSS MiB', a: median(readA.map(each => each.peakRssBytes)) / 1024 / 1024, b: median(readB.map(each => each.peakRssBytes)) / 1024 / 1024, better: 'lower' },
];
const costs = (line: Line): boolean => (line.better === 'higher' ? line.b / line.a <= 1 - COST : line.better === 'lower' ? line.b / line.a >= 1 + COST : false);

console.log('');
console.log(`${'figure'.padEnd(30)} ${nameA.padStart(13)} ${nameB.padStart(13)}    B/A`);
for (const line of lines) {
  const verdict = costs(line) ? `  COSTS ${Math.abs(100 * (line.b / line.a - 1)).toFixed(0)}%` : line.better === undefined ? '  (information)' : '';
  console.log(`${line.figure.padEnd(30)} ${line.a.toFixed(2).padStart(13)} ${line.b.toFixed(2).padStart(13)} ${(line.b / line.a).toFixed(3).padStart(6)}×${verdict}`);
}
const flagged = lines.filter(costs);
const directory = join('.bench', 'compare');
mkdirSync(directory, { recursive: true });
const file = join(directory, `${short(shaA)}-${short(shaB)}.json`);
writeFileSync(file, `${JSON.stringify({ a: shaA, b: shaB, rounds: ROUNDS, measuredAt: new Date().toISOString(), node: process.version, lines: lines.map(line => ({ ...line, ratio: line.b / line.a, costs: costs(line) })) }, null, 2)}\n`);
console.log('');
console.log(flagged.length === 0 ? `No figure of B costs ${100 * COST}% or more against A (${file}).` : `B costs ${100 * COST}% or more on ${flagged.map(line => line.figure).join(', ')} (${file}).`);
process.exitCode = flagged.length === 0 ? 0 : 1;
