import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
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
  await autocannon({ url, connections: 10, duration: 2, ...load });
  const result = await autocannon({ url, connections: 10, duration: seconds, ...load });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors.`);
  return result.requests.average;
}
