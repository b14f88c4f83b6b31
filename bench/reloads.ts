/**
 * Reloads under `--watch` in `npm run bench`: the CLI started with a generated document of several
 * collections (test/support/big-document.ts), the file rewritten under a new version (saved as editors
 * save: a new file renamed over the old) and each reload waited for, a create in the next collection
 * after each (every collection's store opened and its validators compiled), while a second client
 * reads health every 5 ms over a kept-alive connection (every collection's store opened first). Reported: the median reload (write to the
 * "reloaded" line, 150 ms of it the watcher's debounce), health p50/p99/max and connections reset,
 * creates that failed, the heap after a last-resort collection (a preloaded probe, SIGUSR2) after the
 * first tenth of the reloads and after the last, and the resident memory before that last probe. The
 * probe stops the mock (on Node 20 it writes a heap snapshot to nowhere: seconds, and native memory
 * that stays resident): health reads that overlap a probe are not counted. RELOAD_BENCH_RELOADS
 * scales the count (500 for the figures of docs/memory.md, about 4 minutes).
 */
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bigDocument, STRIPE_SIZED } from '../test/support/big-document.js';
import { startCli, type RunningCli } from '../test/support/run-cli.js';
import { median } from './support.js';

const PROBE = pathToFileURL(fileURLToPath(new URL('../test/support/heap-after-gc-probe.mjs', import.meta.url))).href;
const SCALE = Number(process.env['RELOAD_BENCH_RELOADS'] ?? 0);
const MIB = 1024 * 1024;

export interface ReloadFigures {
  readonly name: string;
  readonly kilobytes: number;
  readonly reloads: number;
  readonly reloadMs: number;
  readonly health: { readonly reads: number; readonly p50: number; readonly p99: number; readonly max: number; readonly resets: number };
  readonly failedCreates: number;
  readonly heapEarlyMiB: number;
  readonly heapLastMiB: number;
  /** Resident after the first tenth of the reloads, before any heap probe. */
  readonly rssEarlyMiB: number;
  /** Resident after the last reload; after a heap probe where the row takes them (Node 20's snapshot stays resident). */
  readonly rssMiB: number;
}

async function waitForError(cli: RunningCli, pattern: RegExp, from: number): Promise<string> {
  for (let waited = 0; waited < 60_000; waited += 5) {
    const match = pattern.exec(cli.errors().slice(from));
    if (match) return match[0];
    if (cli.child.exitCode !== null) break;
    await new Promise(resolve => setTimeout(resolve, 5));
  }
  throw new Error(`No ${String(pattern)} on standard error. It holds:\n${cli.errors().slice(-2_000)}`);
}

async function heapAfterGcMiB(cli: RunningCli): Promise<number> {
  const from = cli.errors().length;
  cli.child.kill('SIGUSR2');
  return Number(/\d+/.exec(await waitForError(cli, /heap after gc: \d+/, from))?.[0]) / MIB;
}

function residentMiB(pid: number | undefined): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

async function measure(name: string, shape: { collections: number; schemas: number; seed?: number }, reloads: number, { heapProbes = true } = {}): Promise<ReloadFigures> {
  const document = bigDocument({ seed: 31, ...shape });
  const text = (reload: number): string => JSON.stringify({ ...document, info: { ...(document['info'] as object), version: `reload-${String(reload)}` } });
  const folder = mkdtempSync(join(tmpdir(), 'petstore-reload-bench-'));
  const path = join(folder, 'document.json');
  writeFileSync(path, text(0));
  const cli = startCli(['--port', '0', '--document', path, '--watch'], { NODE_OPTIONS: `--expose-gc --import=${PROBE}` });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = (port: number, method: string, url: string, body?: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, method, path: url, agent, headers: { authorization: 'Bearer bench', 'content-type': 'application/json' } }, response => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      sent.on('error', reject);
      sent.end(body);
    });
  try {
    const port = Number(/:(\d+)/.exec(await cli.waitForLine(/ready on /, 60_000))?.[1]);
    // Every collection's store opened (its records seeded, as on a first use after a start) before the reloads are measured.
    for (let collection = 0; collection < shape.collections; collection += 1) await call(port, 'POST', `/v1/resource_${String(collection)}s`, JSON.stringify({ description: 'first' }));
    const latencies: number[] = [];
    let resets = 0;
    let reading = true;
    // Grows when a heap probe starts and when it ends: a read that saw it change overlapped one.
    let probes = 0;
    const probedHeapMiB = async (): Promise<number> => {
      probes += 1;
      try {
        return await heapAfterGcMiB(cli);
      } finally {
        probes += 1;
      }
    };
    const health = (async () => {
      while (reading) {
        const started = performance.now();
        const probesBefore = probes;
        try {
          await call(port, 'GET', '/__admin/health');
        } catch {
          resets += 1;
        }
        if (probesBefore === probes && probes % 2 === 0) latencies.push(performance.now() - started);
        await new Promise(resolve => setTimeout(resolve, 5));
      }
    })();
    const creates = new Agent({ keepAlive: true, maxSockets: 1 });
    let failedCreates = 0;
    const reloadTimes: number[] = [];
    let heapEarlyMiB = Number.NaN;
    let rssEarlyMiB = Number.NaN;
    for (let reload = 1; reload <= reloads; reload += 1) {
      const from = cli.errors().length;
      const started = performance.now();
      writeFileSync(`${path}.next`, text(reload));
      renameSync(`${path}.next`, path);
      await waitForError(cli, new RegExp(`reloaded: now .* reload-${String(reload)}\\b|cannot`), from);
      reloadTimes.push(performance.now() - started);
      const status = await new Promise<number>(resolve => {
        const sent = request({ host: '127.0.0.1', port, method: 'POST', path: `/v1/resource_${String(reload % shape.collections)}s`, agent: creates, headers: { authorization: 'Bearer bench', 'content-type': 'application/json' } }, response => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        sent.on('error', () => resolve(0));
        sent.end(JSON.stringify({ description: `reload ${String(reload)}` }));
      });
      if (status !== 200) failedCreates += 1;
      if (reload === Math.ceil(reloads / 10)) {
        rssEarlyMiB = residentMiB(cli.child.pid);
        if (heapProbes) heapEarlyMiB = await probedHeapMiB();
      }
    }
    reading = false;
    await health;
    const rssMiB = residentMiB(cli.child.pid);
    const heapLastMiB = heapProbes ? await probedHeapMiB() : Number.NaN;
    creates.destroy();
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (share: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * share))] ?? Number.NaN;
    return {
      name,
      kilobytes: text(0).length / 1000,
      reloads,
      reloadMs: median(reloadTimes),
      health: { reads: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1), resets },
      failedCreates,
      heapEarlyMiB,
      heapLastMiB,
      rssEarlyMiB,
      rssMiB,
    };
  } finally {
    agent.destroy();
    cli.child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function measureReloads(): Promise<ReloadFigures[]> {
  return [
    // No heap probe here: on Node 20 the probe writes a heap snapshot whose native memory stays resident
    // (about 100 MiB), so this row's resident figures are the reloads' own; the next row's heap says
    // whether the reloads keep anything.
    await measure('15 collections, 40 schemas', { collections: 15, schemas: 40 }, SCALE > 0 ? SCALE : 60, { heapProbes: false }),
    await measure('15 collections, 120 schemas', { collections: 15, schemas: 120 }, SCALE > 0 ? Math.ceil(SCALE / 4) : 15),
    // Each reload of it compiles 8.5 MB of JSON in a worker thread, then checks the records of its 150 collections.
    // No heap probe: a heap snapshot of it takes longer than the run (the other rows say whether reloads are flat).
    await measure('Stripe-sized, 150 collections, 1,200 schemas', STRIPE_SIZED, SCALE > 0 ? Math.ceil(SCALE / 50) : 3, { heapProbes: false }),
  ];
}

export function describeReloads(figures: ReloadFigures): string {
  const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
  const { health } = figures;
  const early = String(Math.ceil(figures.reloads / 10));
  return (
    `Reloads under --watch: ${figures.name} (${figures.kilobytes.toFixed(0)} KB), ${String(figures.reloads)} reloads, a create after each: reload ${ms(figures.reloadMs)} (median, 150 ms of it debounce); ` +
    `health meanwhile p50 ${ms(health.p50)}, p99 ${ms(health.p99)}, max ${ms(health.max)} (${String(health.reads)} reads, ${String(health.resets)} reset); ${String(figures.failedCreates)} creates failed; ` +
    (Number.isNaN(figures.heapLastMiB)
      ? `heap not probed; resident ${figures.rssEarlyMiB.toFixed(0)} MiB after ${early} reloads, ${figures.rssMiB.toFixed(0)} MiB after ${String(figures.reloads)}`
      : `heap after GC ${figures.heapEarlyMiB.toFixed(1)} MiB after ${early} reloads, ${figures.heapLastMiB.toFixed(1)} MiB after ${String(figures.reloads)}; resident ${figures.rssEarlyMiB.toFixed(0)} MiB before the first heap probe`)
  );
}
