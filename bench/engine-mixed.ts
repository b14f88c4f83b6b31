/**
 * `node --import tsx bench/engine-mixed.ts [requests] [dist] [petclinic]`: the engine alone, in this
 * process, under the mixed traffic of bench/mixed-traffic.ts (the same seeded stream), no HTTP:
 * `engine.handle` in a loop, one request after the other. Prints the CPU time per request, and the
 * CPU time per request of each kind (process.cpuUsage around each: in microseconds of 1, and what other threads, the GC's, spent meanwhile) (lists, lists with a filter, reads, creates), which on a shared
 * machine is steadier than requests per second over HTTP. `dist` is the build to load (this one's by
 * default; another commit's, `.bench/commits/<sha>/dist`, to compare). The heap is kept as the CLI
 * keeps it (src/cli.ts). With `BENCH_ENGINE_PROFILE=<file>`, the measured requests (not the start or
 * the warm-up) are profiled into that .cpuprofile. `BENCH_ENGINE_WARM_UP` requests (10,000 by
 * default: about what the HTTP bench's warm-up and first load send) come first, from another stream.
 * `BENCH_ENGINE_ONLY=create|read|list` measures (and profiles) only the requests of that kind of the stream.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import type * as Package from '../src/index.js';
import { MIXED_MAX_PETS, mixedTraffic, TRAFFIC_SEED, type Traffic } from './mixed-traffic.js';

const requests = Number(process.argv[2] ?? 100_000);
const dist = resolve(process.argv[3] ?? 'dist');
const document = process.argv[4] === 'petclinic' ? 'petclinic' : 'default';
const { createEngine } = (await import(pathToFileURL(`${dist}/index.js`).href)) as typeof Package;

const engine = await createEngine({
  maxPets: MIXED_MAX_PETS,
  onWarning: () => undefined,
  ...(document === 'petclinic' && { documentPath: 'test/documents/corpus/spring-petclinic-rest.yaml' }),
});
engine.warmUp();
v8.setFlagsFromString('--semi-space-growth-factor=1');
v8.setFlagsFromString('--heap-growing-percent=50');
const basePath = engine.document.basePath;
const host = '127.0.0.1:3000';

type Kind = 'list' | 'list filtered' | 'read' | 'create';
function kindOf(method: string, path: string): Kind {
  if (method === 'POST') return 'create';
  if (!path.includes('?')) return 'read';
  return /[?&](status|lastName)=/.test(path) ? 'list filtered' : 'list';
}

async function clinicRecords(): Promise<Parameters<typeof mixedTraffic>[2]> {
  if (document !== 'petclinic') return undefined;
  const response = await engine.handle({ method: 'GET', url: `${basePath}/v2/owners?page=0&size=100`, headers: { host, authorization: 'Bearer bench' } });
  const page = JSON.parse(response.body ?? '{}') as { content: { id: number; pets: { id: number; visits: { id: number }[] }[] }[] };
  const records = { owners: [] as number[], pets: [] as [number, number][], visits: [] as number[] };
  for (const owner of page.content) {
    records.owners.push(owner.id);
    for (const pet of owner.pets) {
      records.pets.push([owner.id, pet.id]);
      for (const visit of pet.visits) records.visits.push(visit.id);
    }
  }
  return records;
}

const records = await clinicRecords();
const traffic = (seed: number): Traffic => mixedTraffic({ document, basePath: document === 'petclinic' ? '' : basePath }, seed, records);

interface Tally {
  count: number;
  micros: number;
}
async function run(stream: Traffic, count: number, tallies?: Map<Kind, Tally>, only?: string): Promise<void> {
  for (let index = 0; index < count; index++) {
    const request = stream.next();
    const method = request.method ?? 'GET';
    const path = request.path ?? '/';
    if (only !== undefined && !kindOf(method, path).startsWith(only)) {
      index--;
      continue;
    }
    const url = document === 'petclinic' && !path.startsWith(basePath) ? `${basePath}${path}` : path;
    const body = typeof request.body === 'string' ? Buffer.from(request.body) : undefined;
    const headers: Record<string, string> = { host, connection: 'keep-alive', ...(request.headers as Record<string, string>), ...(body && { 'content-length': String(body.byteLength) }) };
    const started = process.cpuUsage();
    const response = await engine.handle({ method, url, headers, ...(body && { body }) });
    const spent = process.cpuUsage(started);
    const micros = spent.user + spent.system;
    if (response.status === 201) stream.created(response.body ?? '{}');
    else if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}: ${response.body ?? ''}`);
    if (tallies) {
      const kind = kindOf(method, path);
      const tally = tallies.get(kind) ?? { count: 0, micros: 0 };
      tally.count += 1;
      tally.micros += micros;
      tallies.set(kind, tally);
    }
  }
}

// Warmed up with another stream of the same traffic, as the HTTP bench warms each server up.
await run(traffic(TRAFFIC_SEED - 1), Number(process.env['BENCH_ENGINE_WARM_UP'] ?? 10_000));
const profileFile = process.env['BENCH_ENGINE_PROFILE'];
const profiler = profileFile === undefined ? undefined : new Session();
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const tallies = new Map<Kind, Tally>();
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
await run(traffic(TRAFFIC_SEED + 10), requests, tallies, process.env['BENCH_ENGINE_ONLY']);
const cpu = process.cpuUsage(cpuBefore);
const wall = (performance.now() - wallBefore) * 1000;
if (profiler && profileFile !== undefined) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
}
const kinds = [...tallies].map(([kind, tally]) => `${kind} ${(tally.micros / tally.count).toFixed(1)}`).join(', ');
console.log(
  JSON.stringify({
    dist,
    requests,
    cpuMicrosPerRequest: Number(((cpu.user + cpu.system) / requests).toFixed(2)),
    wallMicrosPerRequest: Number((wall / requests).toFixed(2)),
    kinds: Object.fromEntries([...tallies].map(([kind, tally]) => [kind, Number((tally.micros / tally.count).toFixed(2))])),
    shares: Object.fromEntries([...tallies].map(([kind, tally]) => [kind, Number(((100 * tally.micros) / [...tallies.values()].reduce((sum, each) => sum + each.micros, 0)).toFixed(1))])),
  }),
);
console.error(`${requests} requests: ${((cpu.user + cpu.system) / requests).toFixed(1)} µs CPU each; CPU µs by kind: ${kinds}`);
