// The worst case a client can make the mock hold in stores, overrides and the journal, measured over
// HTTP as an attacker would: `node bench/storage-worst-case.mjs [extra CLI flags]` starts
// dist/cli.js with the README's defaults (plus the flags given), then, one after another and
// keeping what each left behind:
//   1. fills every session's store (the default one and --max-sessions named ones) with pets whose
//      names are 255 characters outside the Basic Multilingual Plane, until 507 store_full;
//   2. gives every one of those sessions overrides with such pets as bodies, until 507 overrides_full;
//   3. sends 1,100 requests with 15 KiB URLs and 4 KiB nested-array bodies, for the journal.
// After each phase it prints the server's resident memory (VmRSS) and its peak (VmHWM), from
// /proc/<pid>/status, in MiB. Linux only.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const CONCURRENCY = 16;
const port = 20_000 + Math.floor(Math.random() * 30_000);
const child = spawn(process.execPath, ['dist/cli.js', '--port', String(port), '--log-level', 'silent', ...process.argv.slice(2)], { stdio: ['ignore', 'ignore', 'inherit'] });
child.once('exit', code => {
  if (code !== 0 && code !== null) throw new Error(`dist/cli.js exited with ${code}`);
});
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(method, path, headers = {}, body) {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, agent, headers: { authorization: 'Bearer attack', ...(body !== undefined && { 'content-type': 'application/json' }), ...headers } }, response => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', chunk => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, text }));
    });
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

function memory() {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const read = name => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
  return `VmRSS ${read('VmRSS').toFixed(0)} MiB, VmHWM ${read('VmHWM').toFixed(0)} MiB`;
}

/** Runs `work(index)` for every index, CONCURRENCY at a time, until one answers `stop` (or `count` ran). */
async function fill(count, work) {
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < count) {
      const index = next++;
      if ((await work(index)) === 'stop') stopped = true;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

for (;;) {
  const up = await send('GET', '/__admin/health').then(
    response => response.status === 200,
    () => false,
  );
  if (up) break;
  await new Promise(resolve => setTimeout(resolve, 50));
}
const settings = JSON.parse((await send('GET', '/__admin/settings')).text);
const sessionIds = [undefined, ...Array.from({ length: settings.maxSessions }, (_, index) => `attack-${index}`)];
const sessionHeader = id => (id === undefined ? {} : { 'x-petstore-session': id });
const longName = index => String.fromCodePoint(0x1f400 + (index % 64)).repeat(255);
const started = Date.now();
console.log(`started: ${memory()}`);

// 1. Stores: pets with the longest names the document allows, across every session, until 507.
let created = 0;
let lastStore;
for (const id of sessionIds) {
  await fill(settings.maxPets, async index => {
    const response = await send('POST', '/v1/pets', sessionHeader(id), JSON.stringify({ name: longName(index), categoryId: index }));
    if (response.status === 201) created++;
    else {
      lastStore = response.text;
      return 'stop';
    }
    return undefined;
  });
  if (lastStore?.includes('maxStoredBytes')) break;
}
console.log(`stores: ${created} pets created, then ${lastStore?.slice(0, 160)}; ${memory()}`);

// 2. Overrides: listPets answers of such pets, in every session, until 507 (count or bytes).
const overrideBody = count => JSON.stringify({ operationId: 'listPets', status: 200, body: Array.from({ length: count }, (_, index) => ({ id: index + 1, name: longName(index), categoryId: 1 })) });
let overrides = 0;
let lastOverride;
for (const id of sessionIds) {
  for (const size of [180, 60, 20, 5, 1]) {
    for (;;) {
      const response = await send('POST', '/__admin/overrides', sessionHeader(id), overrideBody(size));
      if (response.status !== 201) {
        lastOverride = response.text;
        break;
      }
      overrides++;
    }
    if (lastOverride?.includes('maxOverrides)') || lastOverride?.includes('maxOverrides,')) break;
  }
}
console.log(`overrides: ${overrides} set, then ${lastOverride?.slice(0, 160)}; ${memory()}`);

// 3. The journal: 15 KiB URLs and 4 KiB nested-array bodies.
const nested = `${'['.repeat(2000)}${']'.repeat(2000)}`;
await fill(1100, index => send('POST', `/v1/pets?pad=${'u'.repeat(15_000)}&n=${index}`, sessionHeader(sessionIds[index % sessionIds.length]), nested));
const limits = JSON.parse((await send('GET', '/__admin/settings')).text).limits;
console.log(`journal: ${memory()}`);
console.log(`limits: ${JSON.stringify(limits)}`);
const health = await send('GET', '/__admin/health');
console.log(`health ${health.status} after ${((Date.now() - started) / 1000).toFixed(0)} s; ${memory()}`);
agent.destroy();
child.kill('SIGTERM');
