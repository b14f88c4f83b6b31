/**
 * Big documents in `npm run bench`: the CLI started on generated documents of the sizes teams have
 * (test/support/big-document.ts: Stripe's counts, 8.5 MB; and 20 levels of shared references), spawn
 * to ready, the first create and read, later ones (median of 20), resident memory. Each start is
 * bounded (BIG_DOCUMENT_START_MS, default 60 s): a document that does not start in time is reported
 * as such, not waited on. One start each (a shared machine: noisy, read them as orders of magnitude).
 * Then the Stripe-sized document on every other surface that takes a document (issue 31 §5):
 * `verify` against the CLI's mock of it (all 900 operations and 150 scenarios), MSW in Node
 * (`documentPath`, a fresh process: bench/big-document-msw-probe.mjs), MSW in headless Chromium (the
 * packed test app, the parsed document handed to the page) and the image run with it mounted.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
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
  /** The longest a second client's health read waited while the first creates of `firstUses` collections were answered. */
  readonly heldMs?: number;
  readonly healthReads?: number;
  readonly firstUses?: number;
}

/** A second client reading health in a loop until `stop` is called: how long each read took. */
function readHealthMeanwhile(base: string): { stop: () => Promise<number[]> } {
  let going = true;
  const waits: number[] = [];
  const reading = (async () => {
    while (going) {
      const started = performance.now();
      await fetch(`${base}/__admin/health`).then(response => response.arrayBuffer(), () => undefined);
      waits.push(performance.now() - started);
      await new Promise(resolve => setTimeout(resolve, 2));
    }
  })();
  return {
    stop: async () => {
      going = false;
      await reading;
      return waits;
    },
  };
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

async function measure(name: string, text: string, collection: string, body: object, otherCollections: readonly string[] = []): Promise<BigDocumentFigures> {
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
    const createIn = (path: string) => (): Promise<Response> => fetch(`${base}${path}`, { method: 'POST', headers: AUTH, body: JSON.stringify(body) });
    const create = createIn(collection);
    // A second client reads health throughout the first creates (the first, then one in each other collection).
    const health = readHealthMeanwhile(base);
    const firstCreateMs = await timed(create);
    const firstReadMs = await timed(() => fetch(`${base}${collection}`, { headers: AUTH }));
    for (const other of otherCollections) await timed(createIn(other));
    const waits = await health.stop();
    const later: number[] = [];
    for (let index = 0; index < 20; index += 1) later.push(await timed(create));
    return { name, megabytes, startMs, firstCreateMs, firstReadMs, laterCreateMs: median(later), rssMiB: residentMiB(server.child.pid), heldMs: Math.max(...waits), healthReads: waits.length, firstUses: 1 + otherCollections.length };
  } finally {
    await server.stop();
  }
}

export async function measureBigDocuments(): Promise<BigDocumentFigures[]> {
  return [
    await measure('shared references, 20 levels', sharedReferences(20), '/v1/pets', { name: 'Rex', categoryId: 1 }),
    await measure('Stripe-sized (generated)', readFileSync(stripeSizedPath(), 'utf8'), STRIPE_COLLECTION, STRIPE_CREATE, STRIPE_OTHER_COLLECTIONS),
  ];
}

const run = promisify(execFile);
const STRIPE_COLLECTION = '/v1/resource_0s';
const STRIPE_CREATE = { description: 'bench' };
/** Collections whose first create follows the first one's, a second client reading health meanwhile. */
const STRIPE_OTHER_COLLECTIONS = ['/v1/resource_1s', '/v1/resource_7s', '/v1/resource_12s', '/v1/resource_33s', '/v1/resource_90s'];

/** The Stripe-sized document written once under .bench/, and its path. */
function stripeSizedPath(): string {
  mkdirSync('.bench', { recursive: true });
  const path = '.bench/stripe-sized.json';
  if (!existsSync(path)) writeFileSync(path, JSON.stringify(bigDocument()));
  return path;
}

/** One line per surface besides the CLI: each figure, or why it could not be taken. */
export async function describeBigDocumentSurfaces(dockerImage: string | undefined): Promise<string[]> {
  const path = stripeSizedPath();
  const lines: string[] = [];
  const guarded = async (name: string, measureOne: () => Promise<string>): Promise<void> => {
    lines.push(await measureOne().catch((error: unknown) => `Big document, ${name}: failed, ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`));
  };
  await guarded('verify', () => describeVerify(path));
  await guarded('MSW in Node', () => describeMswInNode(path));
  await guarded('MSW in Chromium', () => describePage(path));
  await guarded('container', () => describeContainer(path, dockerImage));
  return lines;
}

const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/**
 * `petstore-mock verify` against the CLI's mock of the Stripe-sized document: every one of its 600
 * operations and 150 collections' scenarios, the in-process mock compared; wall time, CPU time, verdict.
 */
async function describeVerify(path: string): Promise<string> {
  const port = await freePort();
  const server = startProcess(process.execPath, ['dist/cli.js', '--port', String(port), '--log-level', 'silent', '--document', path]);
  try {
    const started = performance.now();
    while (!(await fetch(`http://127.0.0.1:${port}/__admin/health`).then(response => response.ok, () => false))) {
      if (performance.now() - started > START_MS || server.child.exitCode !== null) throw new Error('the mock did not start');
      await new Promise(resolve => setTimeout(resolve, 20));
    }
    const report = '.bench/verify-stripe-sized.json';
    const verifyStarted = performance.now();
    const { stderr } = await run('/usr/bin/time', ['-f', 'cpu %U %S rss %M', process.execPath, 'dist/cli.js', 'verify', `http://127.0.0.1:${port}`, '--document', path, '--token', 'bench', '--format', 'json', '--output', report], { timeout: 10 * 60_000 }).catch((error: unknown) => ({ stderr: (error as { stderr?: string }).stderr ?? '' }));
    const wallMs = performance.now() - verifyStarted;
    const [, user = 'NaN', system = 'NaN', rssKiB = 'NaN'] = /cpu (\S+) (\S+) rss (\d+)/.exec(stderr) ?? [];
    const result = JSON.parse(readFileSync(report, 'utf8')) as { exitCode: number; summary: { checks: number; requests: number }; coverage: unknown[]; findings: unknown[] };
    return `Big document, verify (Stripe-sized, against the CLI's mock of it): ${result.coverage.length} operations, ${result.summary.requests} requests, ${result.summary.checks} checks in ${(wallMs / 1000).toFixed(1)} s (CPU ${(Number(user) + Number(system)).toFixed(1)} s, peak resident ${(Number(rssKiB) / 1024).toFixed(0)} MiB); exit ${result.exitCode}, ${result.findings.length} findings`;
  } finally {
    await server.stop();
  }
}

/** `createPetstoreMock({ documentPath })` with MSW's setupServer in a fresh process (bench/big-document-msw-probe.mjs). */
async function describeMswInNode(path: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['bench/big-document-msw-probe.mjs', path, STRIPE_COLLECTION, JSON.stringify(STRIPE_CREATE)], { timeout: START_MS * 2 });
  const figures = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { readyMs: number; firstCreateMs: number; firstReadMs: number; laterCreateMs: number; cpuMs: number; rssMiB: number; errors: number };
  return `Big document, MSW in Node (Stripe-sized, documentPath): engine ready in ${ms(figures.readyMs)}, first create ${ms(figures.firstCreateMs)}, first read ${ms(figures.firstReadMs)}, later creates ${ms(figures.laterCreateMs)} (median of 20); CPU ${ms(figures.cpuMs)} in all, resident ${figures.rssMiB.toFixed(0)} MiB, ${figures.errors} errors reported`;
}

/** The packed test app in headless Chromium: `createPetstoreMock({ document })` behind MSW's worker, then a create and a read through the page's fetch. */
async function describePage(path: string): Promise<string> {
  const { browserUnavailable, launchChromium } = await import('../test/support/chromium.js');
  const unavailable = browserUnavailable('the big-document page');
  if (unavailable) return `Big document, MSW in Chromium: skipped, ${unavailable}`;
  const { buildPackedBrowserApp, serveStatic } = await import('../test/support/packed-browser-app.js');
  const [site, browser] = await Promise.all([buildPackedBrowserApp(), launchChromium()]);
  const server = await serveStatic(site);
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', error => errors.push(String(error)));
    await page.goto(`${server.origin}/`);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready', undefined, { timeout: 30_000 });
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const started = performance.now();
    await page.evaluate(given => window.petstoreTest.start({ document: given as never }), parsed);
    const readyMs = performance.now() - started;
    const headers = { authorization: 'Bearer bench', 'content-type': 'application/json' };
    const timed = async (method: string, body?: string): Promise<number> =>
      page.evaluate(
        async ([m, p, h, b]) => {
          const requestStarted = performance.now();
          const seen = await window.petstoreTest.request(m, p, { headers: h, ...(b !== undefined && { body: b }) });
          if (seen.status >= 300) throw new Error(`${m} ${p} answered ${seen.status}`);
          return performance.now() - requestStarted;
        },
        [method, STRIPE_COLLECTION, headers, body] as const,
      );
    const firstCreateMs = await timed('POST', JSON.stringify(STRIPE_CREATE));
    const firstReadMs = await timed('GET');
    const later: number[] = [];
    for (let index = 0; index < 20; index++) later.push(await timed('POST', JSON.stringify(STRIPE_CREATE)));
    const reported = await page.evaluate(() => window.petstoreTest.drainReported());
    const heapMiB = await page.evaluate(() => ((performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN) / 1024 / 1024);
    return `Big document, MSW in Chromium (Stripe-sized, document passed to the page): engine ready in ${ms(readyMs)} (document handed over included), first create ${ms(firstCreateMs)}, first read ${ms(firstReadMs)}, later creates ${ms(median(later))} (median of 20); page heap ${heapMiB.toFixed(0)} MiB, ${reported.length + errors.length} errors reported`;
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The image (`npm run bench`'s Docker row builds it) run with the document mounted, as docs/docker.md says. */
async function describeContainer(path: string, image: string | undefined): Promise<string> {
  if (image === undefined) return 'Big document, container: skipped, no image was built (see the Docker row)';
  const docker = process.env['DOCKER'] ?? (existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker');
  const port = await freePort();
  const started = performance.now();
  const { stdout } = await run(docker, ['run', '-d', '--network', 'host', '-e', `PORT=${port}`, '-e', 'PETSTORE_LOG_LEVEL=error', '-e', 'PETSTORE_DOCUMENT=/documents/stripe-sized.json', '-v', `${resolve(path)}:/documents/stripe-sized.json:ro`, image]);
  const id = stdout.trim();
  try {
    for (;;) {
      const { stdout: health } = await run(docker, ['inspect', '--format', '{{.State.Health.Status}}', id]);
      if (health.trim() === 'healthy') break;
      if (performance.now() - started > START_MS) throw new Error(`the container was not healthy in ${START_MS / 1000} s`);
      await new Promise(resolve => setTimeout(resolve, 50));
    }
    const healthyMs = performance.now() - started;
    const base = `http://127.0.0.1:${port}`;
    const create = (): Promise<Response> => fetch(`${base}${STRIPE_COLLECTION}`, { method: 'POST', headers: AUTH, body: JSON.stringify(STRIPE_CREATE) });
    const firstCreateMs = await timed(create);
    const firstReadMs = await timed(() => fetch(`${base}${STRIPE_COLLECTION}`, { headers: AUTH }));
    const later: number[] = [];
    for (let index = 0; index < 20; index++) later.push(await timed(create));
    const { stdout: memory } = await run(docker, ['stats', '--no-stream', '--format', '{{.MemUsage}}', id]);
    return `Big document, container (Stripe-sized, mounted, PETSTORE_DOCUMENT): run to healthy ${ms(healthyMs)}, first create ${ms(firstCreateMs)}, first read ${ms(firstReadMs)}, later creates ${ms(median(later))} (median of 20); memory ${memory.split('/')[0]?.trim() ?? '-'}`;
  } finally {
    await run(docker, ['rm', '-f', id]);
  }
}

export function describeBigDocument(figures: BigDocumentFigures): string {
  const ms = (value: number | undefined): string => (value === undefined ? '-' : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
  if (figures.startMs === undefined) return `Big document: ${figures.name} (${figures.megabytes.toFixed(1)} MB) did not start within ${START_MS / 1000} s`;
  const held = figures.heldMs === undefined ? '' : `; a second client's health reads meanwhile (first creates of ${figures.firstUses === undefined || figures.firstUses === 1 ? 'its collection' : `${figures.firstUses} collections`}) waited at most ${ms(figures.heldMs)} (${figures.healthReads ?? 0} reads)`;
  return `Big document: ${figures.name} (${figures.megabytes.toFixed(1)} MB): ready in ${ms(figures.startMs)}, first create ${ms(figures.firstCreateMs)}, first read ${ms(figures.firstReadMs)}, later creates ${ms(figures.laterCreateMs)} (median of 20), resident ${figures.rssMiB?.toFixed(0) ?? '-'} MiB${held}`;
}

/**
 * The seeded fuzzer of hostile requests against hostile documents (test/support/hostile-fuzz.ts), at
 * the bench's size: what a second client reading health and a list, and creating a pet, waited meanwhile.
 */
export async function describeHostileFuzz(): Promise<string> {
  const { runHostileFuzz } = await import('../test/support/hostile-fuzz.js');
  const result = await runHostileFuzz({ seed: 31, requests: Number(process.env['HOSTILE_FUZZ_REQUESTS'] ?? 400) });
  const percentile = (values: readonly number[], share: number): string => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN).toFixed(1)} ms`;
  };
  const firstUse = Math.max(...result.firstUses);
  // Each document's p99 too: the row's p99 says how long clients were held, these say by which document.
  const byDocument = [...result.latenciesByDocument].map(([name, values]) => `${name} ${percentile(values, 0.99)}`).join(', ');
  return `Hostile fuzz: ${result.hostileRequests} hostile requests over 6 hostile documents; a second client's ${result.latencies.length} requests p50 ${percentile(result.latencies, 0.5)}, p99 ${percentile(result.latencies, 0.99)}, max ${percentile(result.latencies, 1)} (p99 by document: ${byDocument}), its first request of each kind on each document (its own validator compiled, its pets seeded) max ${firstUse.toFixed(0)} ms; ${result.problems.length === 0 ? 'nothing lost, no 500' : `${result.problems.length} problems: ${result.problems.slice(0, 3).join('; ')}`}`;
}
