/**
 * The memory ceiling under attack, over HTTP: each attack of issue 18's table, and all of them at
 * once in one process (`combined`, the true worst case), runs against a fresh
 * `dist/cli.js` in a process of its own (README defaults), whose resident memory (`VmRSS` from
 * `/proc/<pid>/status`) is sampled every 50 ms for its peak; after each, `GET /__admin/health` must
 * still answer 200 and the process must still be alive. The target is the container's: under
 * 512 MiB resident with `--memory 512m`.
 *
 * `node --import tsx bench/memory-ceiling.ts` runs it alone; `MEMORY_CEILING_CLI` names another
 * build's cli.js (to measure before a change), `MEMORY_CEILING_ATTACKS=slow-1000,delayed` picks
 * attacks by name, `MEMORY_CEILING_FLAGS='--journal-bytes 4MiB'` adds flags to every mock (to
 * measure a lower default). Bounded: about four minutes in all.
 */
import { readFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { freePort, startProcess, waitForOk, type StartedProcess } from './support.js';

const AUTH = 'Bearer ceiling';
const MiB = 1024 * 1024;
export const CEILING_TARGET_MIB = 512;

export interface AttackFigures {
  name: string;
  /** What the attack does, for the printed table. */
  description: string;
  /** Highest resident memory sampled while the attack ran, MiB. */
  peakRssMiB: number;
  /** Resident memory once the attack ended and health answered, MiB. */
  afterRssMiB: number;
  /** `GET /__admin/health` after the attack: its status, or why it failed. */
  health: number | string;
  /** What the mock answered the attack, by status, or what the attack reached. */
  outcome: string;
  seconds: number;
}

export interface Attack {
  name: string;
  description: string;
  args?: readonly string[];
  /** Runs against the mock at `port`; resolves to what the mock answered. */
  run(port: number): Promise<string>;
}

/** Counts of answers by status, e.g. `503×968 408×32`, plus sockets closed with no answer. */
class Tally {
  private readonly counts = new Map<string, number>();
  add(key: string | number): void {
    this.counts.set(String(key), (this.counts.get(String(key)) ?? 0) + 1);
  }
  toString(): string {
    return [...this.counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key}×${count}`).join(' ');
  }
}

/** A raw connection that sends `head` then `body`, and records the status line of the first answer (or how it ended). */
function rawRequest(port: number, head: string, body: Buffer | undefined, tally: Tally): { socket: Socket; settled: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let counted = false;
  const count = (key: string | number): void => {
    if (counted) return;
    counted = true;
    tally.add(key);
  };
  const settled = new Promise<void>(resolve => {
    socket.on('data', chunk => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      if (status) count(status);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      count('no answer');
      resolve();
    });
  });
  socket.setNoDelay(true);
  socket.write(head);
  if (body) socket.write(body);
  return { socket, settled };
}

/** Opens `count` connections a few at a time, so that the attack is not limited by the listen backlog. */
async function openMany(count: number, open: () => { socket: Socket; settled: Promise<void> }): Promise<{ sockets: Socket[]; settled: Promise<void>[] }> {
  const sockets: Socket[] = [];
  const settled: Promise<void>[] = [];
  for (let index = 0; index < count; index++) {
    const opened = open();
    sockets.push(opened.socket);
    settled.push(opened.settled);
    if (index % 100 === 99) await new Promise(resolve => setTimeout(resolve, 20));
  }
  return { sockets, settled };
}

const sleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms));

/** Connections that each send 1 MiB − 1 bytes of a 1 MiB body to `path` and never finish; held `holdMs`, then dropped. */
export function slowBodies(connections: number, holdMs: number, path = '/v1/pets'): Attack {
  return {
    name: `slow-${connections}`,
    description: `${connections.toLocaleString('en')} connections each sending 1 MiB − 1 bytes of a body, never finishing (held ${holdMs / 1000} s)`,
    async run(port) {
      const tally = new Tally();
      const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nContent-Length: ${MiB}\r\n\r\n`;
      const body = Buffer.alloc(MiB - 1, 0x20);
      const { sockets, settled } = await openMany(connections, () => rawRequest(port, head, body, tally));
      await sleep(holdMs);
      for (const socket of sockets) socket.destroy();
      await Promise.all(settled);
      return tally.toString();
    },
  };
}

/** Connections that each send a whole 1 MiB JSON body asking for its answer to wait a minute; held `holdMs`, then dropped. */
export function delayedBodies(connections: number, holdMs: number, path = '/v1/pets'): Attack {
  return {
    name: 'delayed',
    description: `${connections.toLocaleString('en')} × 1 MiB JSON bodies with Prefer: delay=60000 (held ${holdMs / 1000} s)`,
    async run(port) {
      const tally = new Tally();
      const json = Buffer.from(JSON.stringify({ name: 'Delayed', categoryId: 1, notes: 'n'.repeat(MiB - 60) }));
      const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nPrefer: delay=60000\r\nContent-Length: ${json.byteLength}\r\n\r\n`;
      const { sockets, settled } = await openMany(connections, () => rawRequest(port, head, json, tally));
      await sleep(holdMs);
      for (const socket of sockets) socket.destroy();
      await Promise.all(settled);
      return tally.toString();
    },
  };
}

/** Sends `requests` over `connections` keep-alive fetch loops; resolves to the statuses. */
async function sendAll(requests: number, connections: number, send: (index: number) => Promise<Response>, deadline = Infinity): Promise<Tally> {
  const tally = new Tally();
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < requests && performance.now() < deadline) {
        const index = next++;
        try {
          const response = await send(index);
          await response.arrayBuffer();
          tally.add(response.status);
        } catch (error) {
          tally.add((error as Error).name);
        }
      }
    }),
  );
  return tally;
}

/** 1,000 overrides of listPets, each with a ~1 MiB body of pets, through the open admin endpoints. */
function largeOverrides(count: number): Attack {
  return {
    name: 'overrides',
    description: `${count.toLocaleString('en')} overrides with ~1 MiB bodies (POST /__admin/overrides)`,
    async run(port) {
      const pets = Array.from({ length: 3_300 }, (_, index) => ({ id: index + 1, name: 'o'.repeat(255), categoryId: 1, status: 'available' }));
      const body = JSON.stringify({ operationId: 'listPets', status: 200, body: pets });
      const tally = await sendAll(count, 4, () => fetch(`http://127.0.0.1:${port}/__admin/overrides`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), performance.now() + 45_000);
      const listed = await fetch(`http://127.0.0.1:${port}/__admin/overrides`).then(response => response.status, (error: unknown) => (error as Error).message);
      return `${tally.toString()}; body ${(body.length / MiB).toFixed(2)} MiB; GET /__admin/overrides ${listed}`;
    },
  };
}

/** A journal's worth of requests with 4 KiB nested-array bodies and 15 KiB URLs. */
function heavyJournal(count: number): Attack {
  return {
    name: 'journal',
    description: `${count.toLocaleString('en')} requests with 4 KiB nested-array bodies and 15 KiB URLs (the journal)`,
    async run(port) {
      const depth = 2_000;
      const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const body = `{"name":"Nested","categoryId":1,"tags":${nested}}`;
      const query = `q=${'u'.repeat(15 * 1024)}`;
      const tally = await sendAll(count, 8, index =>
        fetch(`http://127.0.0.1:${port}/v1/pets?${query}&n=${index}`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body }),
      );
      return tally.toString();
    },
  };
}

/**
 * Sends `requests` pipelined on one keep-alive connection, `batch` at a time, each batch written at
 * once; resolves to their statuses in order.
 */
function pipelined(port: number, request: string, batch: number): { send(): Promise<number[]>; close(): void } {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  let waiting: { count: number; resolve: (statuses: number[]) => void } | undefined;
  const settle = (): void => {
    if (!waiting) return;
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map(match => Number(match[1]));
    // The last answer's body may still be arriving; it is complete once the next status line, or its length, is in.
    if (statuses.length < waiting.count) return;
    const last = received.lastIndexOf('HTTP/1.1 ');
    const length = Number(/content-length: (\d+)/i.exec(received.slice(last))?.[1] ?? 0);
    const headEnd = received.indexOf('\r\n\r\n', last);
    if (headEnd === -1 || received.length < headEnd + 4 + length) return;
    received = '';
    const { resolve } = waiting;
    waiting = undefined;
    resolve(statuses);
  };
  socket.on('data', chunk => {
    received += chunk.toString('latin1');
    settle();
  });
  socket.on('close', () => waiting?.resolve([]));
  const text = request.repeat(batch);
  return {
    send: () =>
      new Promise(resolve => {
        waiting = { count: batch, resolve };
        socket.write(text);
      }),
    close: () => socket.destroy(),
  };
}

/** The default store and 100 sessions filled with pets of the longest names over HTTP (pipelined), until each refuses or `budgetMs` ends. */
function fullSessions(sessions: number, budgetMs: number): Attack {
  return {
    name: 'sessions',
    description: `${sessions} stores × --max-pets pets of 255-character names, filled over HTTP (up to ${budgetMs / 1000} s)`,
    async run(port) {
      const body = JSON.stringify({ name: '😀'.repeat(255), categoryId: 1 });
      const deadline = performance.now() + budgetMs;
      const tally = new Tally();
      let full = 0;
      let created = 0;
      await Promise.all(
        Array.from({ length: 4 }, async (_, worker) => {
          for (let session = worker; session < sessions && performance.now() < deadline; session += 4) {
            const sessionHeader = session > 0 ? `X-Petstore-Session: ceiling-${session}\r\n` : '';
            const request = `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\n${sessionHeader}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
            // Fewer than the 32 requests one connection may queue: the 33rd would be refused 503.
            const connection = pipelined(port, request, 30);
            try {
              while (performance.now() < deadline) {
                const statuses = await connection.send();
                for (const status of statuses) tally.add(status);
                created += statuses.filter(status => status === 201).length;
                if (statuses.length === 0 || statuses.some(status => status !== 201)) {
                  full++;
                  break;
                }
              }
            } finally {
              connection.close();
            }
          }
        }),
      );
      return `${tally.toString()}; ${created.toLocaleString('en')} pets created; ${full} of ${sessions} stores refused more`;
    },
  };
}

/** The session ids a full mock holds: the default one (undefined) and --max-sessions named ones. */
function sessionIds(maxSessions: number): (string | undefined)[] {
  return [undefined, ...Array.from({ length: maxSessions }, (_, index) => `ceiling-${index + 1}`)];
}

/** A name of 255 characters outside the Basic Multilingual Plane: the longest and costliest a pet may have. */
const longestName = (index: number): string => String.fromCodePoint(0x1f400 + (index % 64)).repeat(255);

/** Fills the stores, session after session, with pets of the longest names until `--max-stored-bytes` refuses: a store that refuses before its `room` (`--max-pets` less the starting pets) means the budget is spent. */
async function fillStores(port: number, sessions: readonly (string | undefined)[], room: number): Promise<string> {
  const tally = new Tally();
  let created = 0;
  let stores = 0;
  for (const session of sessions) {
    const body = JSON.stringify({ name: longestName(stores), categoryId: 1 });
    const sessionHeader = session === undefined ? '' : `X-Petstore-Session: ${session}\r\n`;
    const request = `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\n${sessionHeader}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const connection = pipelined(port, request, 30);
    let inThisStore = 0;
    try {
      for (;;) {
        const statuses = await connection.send();
        for (const status of statuses) tally.add(status);
        inThisStore += statuses.filter(status => status === 201).length;
        if (statuses.length === 0 || statuses.some(status => status !== 201)) break;
      }
    } finally {
      connection.close();
    }
    created += inThisStore;
    stores++;
    if (inThisStore < room) break;
  }
  return `stores: ${created.toLocaleString('en')} pets in ${stores} stores (${tally.toString()})`;
}

/** Gives every session overrides of listPets with bodies of such pets, largest first, until each refuses (`--max-override-bytes` or `--max-overrides`). */
async function fillOverrides(port: number, sessions: readonly (string | undefined)[]): Promise<string> {
  const tally = new Tally();
  const bodies = [180, 60, 20, 5, 1].map(count =>
    JSON.stringify({ operationId: 'listPets', status: 200, body: Array.from({ length: count }, (_, index) => ({ id: index + 1, name: longestName(index), categoryId: 1 })) }),
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < sessions.length) {
        const session = sessions[next++];
        const headers = { 'content-type': 'application/json', ...(session !== undefined && { 'x-petstore-session': session }) };
        // Past the bytes, a smaller body may still fit; past the count, none does.
        let countReached = false;
        for (const body of bodies) {
          while (!countReached) {
            const response = await fetch(`http://127.0.0.1:${port}/__admin/overrides`, { method: 'POST', headers, body });
            const text = await response.text();
            tally.add(response.status);
            if (response.status === 201) continue;
            countReached = text.includes('(maxOverrides,');
            break;
          }
        }
      }
    }),
  );
  return `overrides: ${tally.toString()}`;
}

/**
 * The worst case of all at once, in one process with the defaults: the stores filled to
 * `--max-stored-bytes` with the longest names, the overrides of every session to their bytes, the
 * journal with 15 KiB URLs and 4 KiB nested-array bodies; then, with all that held, 1,000
 * never-finished 1 MiB bodies and 1,000 delayed 1 MiB bodies at the same time.
 */
/** Every attack at once, with the bodies held `holdMs`: the worst case any client can cause with the mock's limits. */
export function combined(holdMs = 12_000): Attack {
  // Refusals are journaled with their URL: 15 KiB ones make those entries as heavy as the journal's.
  const longUrl = `/v1/pets?q=${'u'.repeat(15 * 1024)}`;
  const slow = slowBodies(1_000, holdMs, longUrl);
  const delayed = delayedBodies(1_000, holdMs, longUrl);
  const journal = heavyJournal(1_000);
  return {
    name: 'combined',
    description: 'all at once: stores to --max-stored-bytes, 101 sessions’ overrides to --max-override-bytes, a journal of 15 KiB URLs and nested-array bodies, then 1,000 slow and 1,000 delayed 1 MiB bodies (15 KiB URLs) together',
    async run(port) {
      const settings = (await (await fetch(`http://127.0.0.1:${port}/__admin/settings`)).json()) as { maxSessions: number; maxPets: number; startingPets: number };
      const sessions = sessionIds(settings.maxSessions);
      const stores = await fillStores(port, sessions, settings.maxPets - settings.startingPets);
      const overrides = await fillOverrides(port, sessions);
      const journalled = await journal.run(port);
      const [slowAnswers, delayedAnswers] = await Promise.all([slow.run(port), delayed.run(port)]);
      const { limits } = (await (await fetch(`http://127.0.0.1:${port}/__admin/settings`)).json()) as { limits: Record<string, { used: number; max: number }> };
      const full = Object.entries(limits)
        .map(([name, { used, max }]) => `${name} ${((used / max) * 100).toFixed(0)}%`)
        .join(', ');
      return `${stores}; ${overrides}; journal ${journalled}; slow ${slowAnswers}; delayed ${delayedAnswers}; limits used: ${full}`;
    },
  };
}

/**
 * Connections that each pipeline a delayed GET and 31 GETs behind it whose headers are near Node's
 * 16 KiB limit: the 31 wait in line, parsed, for the delay. Before their headers were counted
 * against `--max-inflight-bytes` 990 connections held 676 MiB.
 */
export function queuedHeaders(connections: number, holdMs: number): Attack {
  return {
    name: 'queued-headers',
    description: `${connections.toLocaleString('en')} connections each pipelining a delayed GET and 31 GETs with 16 KiB headers behind it (held ${holdMs / 1000} s)`,
    async run(port) {
      const tally = new Tally();
      const get = (extra: string): string => `GET /v1/pets/1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${AUTH}\r\n${extra}\r\n`;
      const head = get('Prefer: delay=60000\r\n') + get(`X-Pad: ${'h'.repeat(16 * 1024 - 300)}\r\n`).repeat(31);
      const { sockets, settled } = await openMany(connections, () => rawRequest(port, head, undefined, tally));
      await sleep(holdMs);
      for (const socket of sockets) socket.destroy();
      await Promise.all(settled);
      return tally.toString();
    },
  };
}

/**
 * A journal of requests with 15 KiB URLs (its HAR is 14 MB), then connections that each pipeline 32
 * `GET /__admin/requests.har` (no credentials: the admin API is open by default) and never read an
 * answer. Before a queued request's turn checked the answers held, one such connection took the mock
 * from 180 to 682 MiB.
 */
export function unreadHars(connections: number, holdMs: number): Attack {
  return {
    name: 'unread-hars',
    description: `a journal of 1,000 requests with 15 KiB URLs, then ${connections} connections each pipelining 32 GET /__admin/requests.har and reading nothing (held ${holdMs / 1000} s)`,
    async run(port) {
      const query = `q=${'u'.repeat(15 * 1024)}`;
      const filled = await sendAll(1_000, 8, index => fetch(`http://127.0.0.1:${port}/v1/pets?${query}&n=${index}`, { headers: { authorization: AUTH } }));
      const tally = new Tally();
      const head = `GET /__admin/requests.har HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`.repeat(32);
      const { sockets, settled } = await openMany(connections, () => {
        const opened = rawRequest(port, head, undefined, tally);
        // Never read: what the mock writes stays in its buffers once the socket's are full.
        opened.socket.pause();
        return opened;
      });
      await sleep(holdMs);
      for (const socket of sockets) socket.destroy();
      await Promise.all(settled);
      return `journal ${filled.toString()}; HARs: ${tally.toString()}`;
    },
  };
}

/**
 * Distinct GETs that fail Prism's input check with a diagnostic per query value (1,800 bad `status`
 * values each), then distinct GETs with 15 KiB headers: Prism's remembered verdicts. Before they kept
 * neither requests nor failures, 2,000 of the first held 133 MiB with the journal off.
 */
export function rememberedVerdicts(requests: number): Attack {
  return {
    name: 'verdicts',
    description: `${requests.toLocaleString('en')} distinct GETs of 1,800 bad status values each, then ${requests.toLocaleString('en')} with 15 KiB headers (Prism's remembered verdicts)`,
    args: ['--journal-size', '0'],
    async run(port) {
      const badQuery = Array.from({ length: 1_800 }, () => 'status=x').join('&');
      const failed = await sendAll(requests, 4, index => fetch(`http://127.0.0.1:${port}/v1/pets?${badQuery}&n=${index}`, { headers: { authorization: AUTH } }));
      const padded = await sendAll(requests, 4, index => fetch(`http://127.0.0.1:${port}/v1/pets/1`, { headers: { authorization: AUTH, 'x-pad': `${'h'.repeat(15 * 1024)}${index}` } }));
      return `bad queries ${failed.toString()}; 15 KiB headers ${padded.toString()}`;
    },
  };
}

/**
 * A journal of requests whose 15 KiB queries are 3,800 empty parameters, then its HAR fetched three
 * times (no credentials). The HAR makes an object of each parameter: before the journal counted
 * them so, it was 52 MiB, and three of them took the mock to 653 MiB.
 */
export function parameterHar(requests: number): Attack {
  return {
    name: 'parameter-har',
    description: `a journal of ${requests.toLocaleString('en')} GETs of 3,800 empty query parameters each, then its HAR three times`,
    async run(port) {
      const query = Array.from({ length: 3_800 }, () => 'a=').join('&');
      const filled = await sendAll(requests, 4, index => fetch(`http://127.0.0.1:${port}/v1/pets?${query}&n=${index}`, { headers: { authorization: AUTH } }));
      const sizes: number[] = [];
      for (let time = 0; time < 3; time++) sizes.push((await (await fetch(`http://127.0.0.1:${port}/__admin/requests.har`)).arrayBuffer()).byteLength);
      return `journal ${filled.toString()}; HAR ${(Math.max(...sizes) / MiB).toFixed(1)} MiB`;
    },
  };
}

const ATTACKS: readonly Attack[] = [
  slowBodies(1_000, 12_000),
  slowBodies(3_000, 12_000),
  delayedBodies(1_000, 10_000),
  largeOverrides(1_000),
  heavyJournal(1_000),
  fullSessions(101, 90_000),
  queuedHeaders(1_000, 8_000),
  unreadHars(20, 8_000),
  rememberedVerdicts(2_000),
  parameterHar(1_000),
  combined(),
];

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024;
}

async function health(port: number): Promise<number | string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/__admin/health`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return (error as Error).name;
  }
}

async function runAttack(cli: string, attack: Attack, flags: readonly string[]): Promise<AttackFigures> {
  const port = await freePort();
  const mock: StartedProcess = startProcess(process.execPath, [cli, '--port', String(port), '--log-level', 'silent', ...(attack.args ?? []), ...flags]);
  const pid = mock.child.pid ?? 0;
  const started = performance.now();
  try {
    await waitForOk(`http://127.0.0.1:${port}/__admin/health`, {});
    let peak = await rssMiB(pid);
    const sampler = setInterval(() => {
      rssMiB(pid).then(
        value => (peak = Math.max(peak, value)),
        () => undefined,
      );
    }, 50);
    let outcome: string;
    try {
      outcome = await attack.run(port);
    } finally {
      clearInterval(sampler);
    }
    const exited = mock.child.exitCode !== null || mock.child.signalCode !== null;
    const answer = exited ? `the mock exited (${mock.child.signalCode ?? mock.child.exitCode})` : await health(port);
    const after = exited ? NaN : await rssMiB(pid);
    return { name: attack.name, description: attack.description, peakRssMiB: Math.max(peak, after || 0), afterRssMiB: after, health: answer, outcome, seconds: (performance.now() - started) / 1000 };
  } finally {
    await mock.stop();
  }
}

export interface CeilingFigures {
  attacks: AttackFigures[];
  /** The highest peak of all attacks, MiB. */
  worstRssMiB: number;
  /** Every attack left the mock alive and answering health 200. */
  healthy: boolean;
}

/** Runs the attacks (all, or those `names` lists) one after the other, each against a fresh mock. */
export async function measureMemoryCeiling(options: { cli?: string; names?: readonly string[]; flags?: readonly string[] } = {}): Promise<CeilingFigures> {
  const cli = options.cli ?? 'dist/cli.js';
  const chosen = options.names ? ATTACKS.filter(attack => options.names?.includes(attack.name)) : ATTACKS;
  const attacks: AttackFigures[] = [];
  for (const attack of chosen) {
    const figures = await runAttack(cli, attack, options.flags ?? []);
    attacks.push(figures);
    console.log(
      `Memory ceiling: ${figures.description}: peak ${figures.peakRssMiB.toFixed(0)} MiB, after ${figures.afterRssMiB.toFixed(0)} MiB, health ${figures.health}, ${figures.seconds.toFixed(1)} s; answers ${figures.outcome}`,
    );
  }
  return { attacks, worstRssMiB: Math.max(...attacks.map(attack => attack.peakRssMiB)), healthy: attacks.every(attack => attack.health === 200) };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const names = process.env['MEMORY_CEILING_ATTACKS']?.split(',').map(name => name.trim());
  const cli = process.env['MEMORY_CEILING_CLI'];
  const flags = process.env['MEMORY_CEILING_FLAGS']?.split(' ').filter(flag => flag !== '');
  const figures = await measureMemoryCeiling({ ...(cli !== undefined && { cli }), ...(names !== undefined && { names }), ...(flags !== undefined && { flags }) });
  const met = figures.worstRssMiB < CEILING_TARGET_MIB && figures.healthy;
  console.log(`${'worst resident memory under attack (MiB)'.padEnd(44)} ${figures.worstRssMiB.toFixed(0).padStart(7)}    target ${`< ${CEILING_TARGET_MIB}, healthy`.padEnd(14)} ${met ? 'met' : 'MISSED'}`);
}
