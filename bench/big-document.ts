/**
 * Big documents in `npm run bench`: the CLI started on generated documents of the sizes teams have
 * (test/support/big-document.ts: Stripe's counts, 8.5 MB; and 20 levels of shared references), spawn
 * to ready, the first create and read, later ones (median of 20), resident memory. Each start is
 * bounded (BIG_DOCUMENT_START_MS, default 60 s): a document that does not start in time is reported
 * as such, not waited on. One start each (a shared machine: noisy, read them as orders of magnitude).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { bigDocument } from '../test/support/big-document.js';
import { sharedReferences } from '../test/support/hostile-documents.js';
import { freePort, median, startProcess } from './support.js';

const START_MS = Number(process.env['BIG_DOCUMENT_START_MS'] ?? 60_000);
const AUTH = { authorization: 'Bearer bench', 'content-type': 'application/json' };

export interface BigDocumentFigures {
  readonly name: string;
  readonly megabytes: number;
  readonly startMs: number | undefined;
  readonly firstCreateMs?: number;
  readonly firstReadMs?: number;
  readonly laterCreateMs?: number;
  readonly rssMiB?: number;
}

function residentMiB(pid: number | undefined): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  if (response.status >= 500) throw new Error(`answered ${response.status}`);
  return performance.now() - started;
}

async function measure(name: string, text: string, collection: string, body: object): Promise<BigDocumentFigures> {
  mkdirSync('.bench', { recursive: true });
  const path = `.bench/${name.replace(/\W+/g, '-')}.json`;
  writeFileSync(path, text);
  const port = await freePort();
  const started = performance.now();
  const server = startProcess(process.execPath, ['dist/cli.js', '--port', String(port), '--log-level', 'silent', '--document', path]);
  const base = `http://127.0.0.1:${port}`;
  const megabytes = text.length / 1024 / 1024;
  try {
    let ready = false;
    while (!ready && performance.now() - started < START_MS && server.child.exitCode === null) {
      ready = await fetch(`${base}/__admin/health`).then(response => response.ok, () => false);
      if (!ready) await new Promise(resolve => setTimeout(resolve, 20));
    }
    if (!ready) return { name, megabytes, startMs: undefined };
    const startMs = performance.now() - started;
    const create = (): Promise<Response> => fetch(`${base}${collection}`, { method: 'POST', headers: AUTH, body: JSON.stringify(body) });
    const firstCreateMs = await timed(create);
    const firstReadMs = await timed(() => fetch(`${base}${collection}`, { headers: AUTH }));
    const later: number[] = [];
    for (let index = 0; index < 20; index += 1) later.push(await timed(create));
    return { name, megabytes, startMs, firstCreateMs, firstReadMs, laterCreateMs: median(later), rssMiB: residentMiB(server.child.pid) };
  } finally {
    await server.stop();
  }
}

export async function measureBigDocuments(): Promise<BigDocumentFigures[]> {
  return [
    await measure('shared references, 20 levels', sharedReferences(20), '/v1/pets', { name: 'Rex', categoryId: 1 }),
    await measure('Stripe-sized (generated)', JSON.stringify(bigDocument()), '/v1/resource_0s', { description: 'bench' }),
  ];
}

export function describeBigDocument(figures: BigDocumentFigures): string {
  const ms = (value: number | undefined): string => (value === undefined ? '-' : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
  if (figures.startMs === undefined) return `Big document: ${figures.name} (${figures.megabytes.toFixed(1)} MB) did not start within ${START_MS / 1000} s`;
  return `Big document: ${figures.name} (${figures.megabytes.toFixed(1)} MB): ready in ${ms(figures.startMs)}, first create ${ms(figures.firstCreateMs)}, first read ${ms(figures.firstReadMs)}, later creates ${ms(figures.laterCreateMs)} (median of 20), resident ${figures.rssMiB?.toFixed(0) ?? '-'} MiB`;
}

/**
 * The seeded fuzzer of hostile requests against hostile documents (test/support/hostile-fuzz.ts), at
 * the bench's size: what a second client reading health and a list, and creating a pet, waited meanwhile.
 */
export async function describeHostileFuzz(): Promise<string> {
  const { runHostileFuzz } = await import('../test/support/hostile-fuzz.js');
  const result = await runHostileFuzz({ seed: 31, requests: Number(process.env['HOSTILE_FUZZ_REQUESTS'] ?? 400) });
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const at = (share: number): string => `${(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN).toFixed(1)} ms`;
  return `Hostile fuzz: ${result.hostileRequests} hostile requests over 6 hostile documents; a second client's ${sorted.length} requests p50 ${at(0.5)}, p99 ${at(0.99)}, max ${at(1)}; ${result.problems.length === 0 ? 'nothing lost, no 500' : `${result.problems.length} problems: ${result.problems.slice(0, 3).join('; ')}`}`;
}
