/**
 * The mixed-traffic rows of `npm run bench` (bench/mixed-traffic.ts says what the traffic is):
 * petstore-mock beside a hand-written stateful node:http server and stock Prism on the default
 * document, and beside stock Prism on Spring PetClinic (several collections, nested), the five
 * servers taking turns, `BENCH_MIXED_ROUNDS` rounds (default 3) of `BENCH_MIXED_SECONDS` (default
 * 1.5) per connection level: about 100 seconds in all.
 */
import { CONNECTION_LEVELS, handWritten, measureMixedTraffic, petstoreMock, stockPrism, type MixedContender, type MixedFigures } from './mixed-traffic.js';

export const MIXED_ROUNDS = Number(process.env['BENCH_MIXED_ROUNDS'] ?? 3);
export const MIXED_SECONDS = Number(process.env['BENCH_MIXED_SECONDS'] ?? 1.5);

/** A row of the bench's final table: name, ratio, target, met. */
export type RatioRow = readonly [string, number, string, boolean];

export interface MixedBench {
  figures: Record<string, MixedFigures>;
  rows: RatioRow[];
}

const OURS = 'petstore-mock';
const HAND_WRITTEN = 'hand-written stateful node:http';
const PRISM = 'stock Prism';
const OURS_CLINIC = 'petstore-mock, PetClinic';
const PRISM_CLINIC = 'stock Prism, PetClinic';

/** Runs the mixed traffic, prints each server's figures, and gives the rows of the final table; `baseline` adds that build's CLI on the default document. */
export async function runMixedBench(baseline?: { name: string; cli: string }): Promise<MixedBench> {
  const clinic = petstoreMock(OURS_CLINIC, 'petclinic');
  const contenders: MixedContender[] = [
    petstoreMock(OURS, 'default'),
    ...(baseline ? [petstoreMock(baseline.name, 'default', baseline.cli)] : []),
    handWritten(HAND_WRITTEN, '.bench/pets.json'),
    stockPrism(PRISM, 'default'),
    clinic,
    stockPrism(PRISM_CLINIC, 'petclinic'),
  ];
  const measured = await measureMixedTraffic(contenders, { rounds: MIXED_ROUNDS, seconds: MIXED_SECONDS, clinicSource: clinic });
  const figures = Object.fromEntries(measured);
  console.log('');
  console.log(`Mixed traffic (60% lists, 25% reads, 15% creates, seeded; medians of ${MIXED_ROUNDS} interleaved rounds of ${MIXED_SECONDS} s a level):`);
  for (const [name, each] of measured) console.log(describe(name, each));
  const of = (name: string): MixedFigures => {
    const found = figures[name];
    if (found === undefined) throw new Error(`The mixed bench has no figures of ${name}.`);
    return found;
  };
  const ours = of(OURS);
  const hand = of(HAND_WRITTEN);
  const prism = of(PRISM);
  const rows: RatioRow[] = [];
  for (const connections of CONNECTION_LEVELS) {
    // The targets hold at 10 connections, a team's suite; 1 (latency) and 50 (saturation) are shown beside them.
    const targeted = connections === 10;
    const level = `mixed, ${connections} conn.`;
    const vsHand = ours.levels[connections].requestsPerSecond / hand.levels[connections].requestsPerSecond;
    const vsPrism = ours.levels[connections].requestsPerSecond / prism.levels[connections].requestsPerSecond;
    const p99 = ours.levels[connections].p99 / hand.levels[connections].p99;
    rows.push(
      [`${level}: throughput vs hand-written`, vsHand, targeted ? '>= 0.5' : '(information)', !targeted || vsHand >= 0.5],
      [`${level}: throughput vs stock Prism`, vsPrism, targeted ? '>= 8' : '(information)', !targeted || vsPrism >= 8],
      [`${level}: p99 vs hand-written`, p99, targeted ? '<= 2' : '(information)', !targeted || p99 <= 2],
    );
  }
  // The server's CPU per answer beside the hand-written one's: the cost of each request, less sensitive to a busy machine than requests per second.
  const cpu = ours.levels[10].cpuMicroseconds / hand.levels[10].cpuMicroseconds;
  rows.push(['mixed, 10 conn.: CPU per request vs hand-written', cpu, '(information)', true]);
  const rss = ours.peakRssBytes / hand.peakRssBytes;
  rows.push(['mixed: peak RSS vs hand-written', rss, '<= 1.5', rss <= 1.5]);
  const clinicOurs = of(OURS_CLINIC);
  const clinicPrism = of(PRISM_CLINIC);
  for (const connections of CONNECTION_LEVELS) {
    rows.push([`PetClinic mixed, ${connections} conn.: vs stock Prism`, clinicOurs.levels[connections].requestsPerSecond / clinicPrism.levels[connections].requestsPerSecond, '(information)', true]);
  }
  if (baseline) {
    const ratio = ours.levels[10].requestsPerSecond / of(baseline.name).levels[10].requestsPerSecond;
    rows.push([`mixed, 10 conn.: vs the ${baseline.name.replace(/^petstore-mock at /, '')} build`, ratio, '>= 0.9', ratio >= 0.9]);
  }
  return { figures, rows };
}

/** One server's line: each level's requests per second, p50 and p99, then its peak resident memory. */
export function describe(name: string, figures: MixedFigures): string {
  const levels = CONNECTION_LEVELS.map(connections => {
    const { requestsPerSecond, p50, p99, cpuMicroseconds } = figures.levels[connections];
    return `${String(connections).padStart(2)} conn. ${requestsPerSecond.toFixed(0).padStart(6)} req/s p50 ${p50.toFixed(2).padStart(6)} p99 ${p99.toFixed(2).padStart(6)} ms CPU ${cpuMicroseconds.toFixed(0).padStart(4)} µs/req`;
  });
  return `${name.padEnd(34)} ${levels.join(' | ')} | peak RSS ${(figures.peakRssBytes / 1024 / 1024).toFixed(1).padStart(6)} MiB`;
}
