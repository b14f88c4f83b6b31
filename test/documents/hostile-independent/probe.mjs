// A probe for the independent check of issue 31 (not a test): starts the built CLI (dist/cli.js) on a
// document with default flags on loopback, samples its resident memory every 50 ms, keeps a second
// client reading `/__admin/health` and a list while an attack runs, and prints what it saw as JSON.
//
//   node test/documents/hostile-independent/probe.mjs <document> <attack.mjs|none> [list path] [-- extra CLI flags]
//
// The attack is `attacks.mjs#name` (an exported `async function ({ base, origin, log })`); `base` is the
// API's URL (http://127.0.0.1:<port>/v1 or the document's own base), `origin` the server's.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [documentPath, attackPath = 'none', listPath = '/pets?limit=5', ...rest] = process.argv.slice(2);
const extra = rest[0] === '--' ? rest.slice(1) : rest;
const cli = new URL('../../../dist/cli.js', import.meta.url).pathname;
const started = performance.now();
const child = spawn(process.execPath, [cli, '--document', documentPath, '--port', '0', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
let err = '';
let lines = 0;
let longestLine = 0;
child.stdout.on('data', chunk => {
  const text = String(chunk);
  for (const line of text.split('\n')) longestLine = Math.max(longestLine, line.length);
  lines += text.split('\n').length - 1;
  if (out.length < 20_000) out += text;
});
child.stderr.on('data', chunk => {
  const text = String(chunk);
  for (const line of text.split('\n')) longestLine = Math.max(longestLine, line.length);
  if (err.length < 20_000) err += text;
});
let peakRss = 0;
const sampler = setInterval(() => {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peakRss = Math.max(peakRss, kb / 1024);
  } catch {
    /* gone */
  }
}, 50);
let exit;
process.on('exit', () => child.kill('SIGKILL'));
process.on('SIGTERM', () => process.exit(1));
const exited = new Promise(done => child.on('exit', (code, signal) => { exit = { code, signal, atMs: Math.round(performance.now() - started) }; done(); }));

const ready = await Promise.race([
  new Promise(done => {
    const timer = setInterval(() => {
      const match = /ready on (\S+)/.exec(out + err);
      if (match) { clearInterval(timer); done(match[1]); }
    }, 20);
  }),
  exited.then(() => undefined),
  new Promise(done => setTimeout(() => done(undefined), 120_000)),
]);
const readyMs = Math.round(performance.now() - started);
const report = { document: documentPath, attack: attackPath, readyMs, ready: ready !== undefined };
if (ready === undefined) {
  child.kill('SIGTERM');
  await exited;
  clearInterval(sampler);
  console.log(JSON.stringify({ ...report, exit, peakRssMiB: Math.round(peakRss), stderr: err.slice(0, 2000), stdout: out.slice(0, 1000) }, null, 1));
  process.exit(0);
}
const base = ready;
const origin = new URL(base).origin;
const AUTH = { authorization: 'Bearer probe' };
const latencies = { health: [], list: [] };
const failures = [];
let reading = true;
const reader = (async () => {
  while (reading) {
    for (const [kind, url] of [['health', `${origin}/__admin/health`], ['list', `${base}${listPath}`]]) {
      const at = performance.now();
      try {
        const response = await fetch(url, { headers: AUTH, signal: AbortSignal.timeout(60_000) });
        await response.arrayBuffer();
        if (response.status >= 300) failures.push(`${kind} ${response.status}`);
      } catch (error) {
        failures.push(`${kind} ${error.cause?.code ?? error.message}`);
      }
      latencies[kind].push(performance.now() - at);
    }
    await new Promise(done => setTimeout(done, 5));
  }
})();
await new Promise(done => setTimeout(done, 300));
const baseline = { health: latencies.health.length };
const attackStarted = performance.now();
let attackResult;
if (attackPath !== 'none') {
  const [modulePath, name = 'default'] = attackPath.split('#');
  const attack = (await import(pathToFileURL(resolve(modulePath)).href))[name];
  try {
    attackResult = await attack({ base, origin, documentPath, log: message => process.stderr.write(`${message}\n`) });
  } catch (error) {
    attackResult = { threw: String(error?.stack ?? error).slice(0, 500) };
  }
} else await new Promise(done => setTimeout(done, 2000));
const attackMs = Math.round(performance.now() - attackStarted);
await new Promise(done => setTimeout(done, 300));
reading = false;
await reader;
clearInterval(sampler);
const stats = values => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = share => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] * 10) / 10;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round((sorted.at(-1) ?? 0) * 10) / 10 };
};
const alive = exit === undefined;
child.kill('SIGTERM');
// A mock whose event loop is held cannot run its SIGTERM handler: say so, and end it.
const stopped = await Promise.race([exited.then(() => true), new Promise(done => setTimeout(() => done(false), 3_000))]);
if (!stopped) { child.kill('SIGKILL'); await exited; }
console.log(JSON.stringify({
  ...report, attackMs, alive, stoppedBySigterm: stopped, exit, peakRssMiB: Math.round(peakRss),
  health: stats(latencies.health.slice(baseline.health)), list: stats(latencies.list.slice(baseline.health)),
  failures: failures.slice(0, 10), failureCount: failures.length, stdoutLines: lines, longestLogLine: longestLine,
  attackResult, stderrTail: err.slice(-1500),
}, null, 1));
process.exit(0);
