/**
 * Sessions in `npm run bench`: throughput with 100 live sessions against one, and the resident
 * memory of a server holding 100 sessions of 1,000 pets each, and with every store full.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { freePort, measureRequestsPerSecond, median, startProcess, waitForOk } from './support.js';

const AUTH = { authorization: 'Bearer bench' };
const SESSION_COUNT = 100;
const PETS_PER_SESSION = 1_000;

function sessionHeaders(index: number): Record<string, string> {
  return { ...AUTH, 'x-petstore-session': `bench-${index}` };
}

/** Requests per second of `GET /v1/pets` spread over `sessions` sessions (each touched first), in a fresh server. */
async function sessionThroughput(sessions: number, seconds: number): Promise<number> {
  const port = await freePort();
  const server = startProcess(process.execPath, ['dist/cli.js', '--port', String(port), '--log-level', 'silent']);
  try {
    const url = `http://127.0.0.1:${port}/v1/pets`;
    await waitForOk(url, AUTH);
    for (let index = 0; index < sessions; index++) await waitForOk(url, sessionHeaders(index));
    // Each connection cycles through the list: every session is asked in turn. Both sides send a
    // list of SESSION_COUNT requests, so autocannon does the same work (it rebuilds each request
    // as it moves along a list) and only the number of distinct sessions differs.
    const requests = Array.from({ length: SESSION_COUNT }, (_, index) => ({ method: 'GET' as const, headers: sessionHeaders(index % sessions) }));
    return await measureRequestsPerSecond(`${sessions} sessions`, url, seconds, { requests });
  } finally {
    await server.stop();
  }
}

export interface SessionFigures {
  oneSession: number;
  hundredSessions: number;
  /** Resident memory of the server process, bytes. */
  idleRss: number;
  fullRss: number;
}

/** The ratio's two sides in alternating rounds, then the memory of 100 sessions of 1,000 pets. */
export async function measureSessions(rounds: number, seconds: number): Promise<SessionFigures> {
  const one: number[] = [];
  const hundred: number[] = [];
  for (let round = 0; round < rounds; round++) {
    one.push(await sessionThroughput(1, seconds));
    hundred.push(await sessionThroughput(SESSION_COUNT, seconds));
  }
  const { idleRss, fullRss } = await sessionMemory();
  return { oneSession: median(one), hundredSessions: median(hundred), idleRss, fullRss };
}

async function sessionMemory(): Promise<{ idleRss: number; fullRss: number }> {
  const port = await freePort();
  const args = ['dist/cli.js', '--port', String(port), '--log-level', 'silent', '--pets', String(PETS_PER_SESSION), '--max-sessions', String(SESSION_COUNT)];
  const server = startProcess(process.execPath, args);
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForOk(`${origin}/v1/pets`, AUTH);
    const idleRss = await settledRss(server.child.pid);
    for (let index = 0; index < SESSION_COUNT; index++) {
      const headers = { ...sessionHeaders(index), 'content-type': 'application/json' };
      const response = await fetch(`${origin}/v1/pets`, { method: 'POST', headers, body: JSON.stringify({ name: `Bench ${index}`, categoryId: 1 }) });
      if (response.status !== 201) throw new Error(`Creating a pet in session ${index} answered ${response.status}.`);
      await response.arrayBuffer();
    }
    const journal = (await (await fetch(`${origin}/__admin/requests`)).json()) as { requests: { session: string | null }[] };
    if (new Set(journal.requests.map(entry => entry.session)).size < SESSION_COUNT) throw new Error('Not every session was opened.');
    return { idleRss, fullRss: await settledRss(server.child.pid) };
  } finally {
    await server.stop();
  }
}

export interface WorstCaseFigures {
  /** Resident memory with every store full of the longest names, bytes. */
  rss: number;
  /** Bytes of the largest page, `GET /v1/pets?limit=100` from a full store. */
  largestPage: number;
}

/** The bound `name`'s maxLength puts on memory: the default store and 100 sessions, each full (10,000 pets) of 255-character names. */
export async function measureWorstCaseMemory(): Promise<WorstCaseFigures> {
  const child = spawn(process.execPath, ['--expose-gc', 'bench/full-stores.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /^full (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', code => reject(new Error(`bench/full-stores.mjs exited with ${code}`)));
    });
    const page = await fetch(`http://127.0.0.1:${port}/v1/pets?limit=100`, { headers: AUTH });
    const largestPage = (await page.arrayBuffer()).byteLength;
    return { rss: await settledRss(child.pid), largestPage };
  } finally {
    child.kill('SIGKILL');
  }
}

/** VmRSS of `pid` after a moment to settle, in bytes (Linux). */
async function settledRss(pid: number | undefined): Promise<number> {
  await new Promise(resolve => setTimeout(resolve, 500));
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kilobytes * 1024;
}
