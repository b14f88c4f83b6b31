import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface StartedProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function startProcess(command: string, args: readonly string[]): StartedProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    child,
    stop: () =>
      new Promise(resolve => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** Polls `url` every 2 ms until it answers 200; bounded by `timeoutMs`. */
export async function waitForOk(url: string, headers: Record<string, string>, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const ok = await fetch(url, { headers }).then(
      async response => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (ok) return;
    await new Promise(resolve => setTimeout(resolve, 2));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms.`);
}

/** Requests per second over `seconds` of 10 connections to `url`, after a 2 s warm-up; any non-2xx answer or error fails it. */
export async function measureRequestsPerSecond(label: string, url: string, seconds: number, load: Pick<autocannon.Options, 'headers' | 'requests'>): Promise<number> {
  return (await measureLoad(label, url, seconds, load, undefined)).requestsPerSecond;
}

/**
 * As measureRequestsPerSecond, and the CPU time (user and system) the server, process `pid`, spent
 * per answer over the measured seconds, in microseconds: on a shared machine requests per second
 * swing with what else runs, the CPU each answer costs far less (NaN where /proc is not there).
 */
export async function measureLoad(
  label: string,
  url: string,
  seconds: number,
  load: Pick<autocannon.Options, 'headers' | 'requests'>,
  pid: number | undefined,
): Promise<{ requestsPerSecond: number; cpuMicroseconds: number }> {
  await autocannon({ url, connections: 10, duration: 2, ...load });
  const cpuBefore = cpuMicroseconds(pid);
  const result = await autocannon({ url, connections: 10, duration: seconds, ...load });
  const cpuSpent = cpuMicroseconds(pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors.`);
  return { requestsPerSecond: result.requests.average, cpuMicroseconds: cpuSpent / result.requests.total };
}

const TICKS_PER_SECOND = 100;

/** CPU time process `pid` has used so far (user and system), in microseconds, from /proc (Linux, in clock ticks of 10 ms); NaN elsewhere. */
export function cpuMicroseconds(pid: number | undefined): number {
  try {
    // The fields after the command's name (which may hold spaces), from the third field (state) on: utime is the 14th field, stime the 15th.
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
