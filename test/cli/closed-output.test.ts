import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { noteSkip } from '../support/skip-reasons.js';
import { freePort } from '../support/ports.js';
import { CLI_PATH, startCli, type RunningCli } from '../support/run-cli.js';

const AUTH = { authorization: 'Bearer closed-output' };

async function readyUrl(cli: RunningCli): Promise<string> {
  const line = await cli.waitForLine(/ready on /);
  const url = /ready on (\S+)/.exec(line)?.[1];
  if (url === undefined) throw new Error(`No URL in "${line}"`);
  return url;
}

async function waitUntil(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 10) {
    if (done()) return;
    await new Promise(resolve => setTimeout(resolve, 10));
  }
  throw new Error(`Timed out waiting for ${what}.`);
}

/** Answers five requests (each one logged), and says which statuses they got. */
async function fiveAnswers(url: string, headers: Record<string, string> = {}): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < 5; index++) {
    const response = await fetch(`${url}/pets?limit=2`, { headers: { ...AUTH, ...headers } });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

const hasDevFull = existsSync('/dev/full');
if (!hasDevFull) noteSkip('a mock whose standard output is a full disk', 'this system has no /dev/full');

describe('a mock whose standard output or error goes away', () => {
  it('keeps answering when the reader of its standard output exits after the ready line (| head -n 1), and says so on standard error', async () => {
    const cli = startCli(['--port', '0']);
    try {
      const url = await readyUrl(cli);
      // The reader exits: the pipe's reading end is closed, and the next line written to it fails with EPIPE.
      cli.child.stdout.destroy();
      expect(await fiveAnswers(url)).toEqual([200, 200, 200, 200, 200]);
      await waitUntil(() => cli.errors().includes('standard output failed'), 'the line saying standard output failed');
      expect(cli.errors()).toBe('petstore-mock: standard output failed (EPIPE: its reader exited); nothing more is written to it, and petstore-mock goes on without it.\n');
      expect(await fiveAnswers(url)).toEqual([200, 200, 200, 200, 200]);
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toEqual({ code: 0, signal: null });
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('keeps answering when the reader of its standard error exits, and says so on standard output', async () => {
    const cli = startCli(['--port', '0', '--max-sessions', '1']);
    try {
      const url = await readyUrl(cli);
      cli.child.stderr.destroy();
      // A second session drops the first: a warning, written to standard error.
      expect(await fiveAnswers(url, { 'x-petstore-session': 'first' })).toEqual([200, 200, 200, 200, 200]);
      expect(await fiveAnswers(url, { 'x-petstore-session': 'second' })).toEqual([200, 200, 200, 200, 200]);
      expect(await fiveAnswers(url, { 'x-petstore-session': 'first' })).toEqual([200, 200, 200, 200, 200]);
      await cli.waitForLine(/standard error failed/);
      expect(cli.output()).toContain('petstore-mock: standard error failed (EPIPE: its reader exited); nothing more is written to it, and petstore-mock goes on without it.\n');
      expect(cli.output().match(/^GET \/v1\/pets\?limit=2 200 /gm)).toHaveLength(15);
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toEqual({ code: 0, signal: null });
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it.skipIf(!hasDevFull)('keeps answering when its standard output is a full disk (/dev/full), and says so on standard error', async () => {
    const port = await freePort();
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [CLI_PATH, '--port', String(port)], { stdio: ['ignore', full, 'pipe'], env: { PATH: process.env['PATH'] ?? '' } });
    closeSync(full);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      // Its ready line went nowhere: the line saying so tells that it is ready.
      await waitUntil(() => stderr.includes('standard output failed'), 'the line saying standard output failed');
      expect(await fiveAnswers(`http://127.0.0.1:${port}/v1`)).toEqual([200, 200, 200, 200, 200]);
      expect(stderr).toBe('petstore-mock: standard output failed (ENOSPC: the disk is full); nothing more is written to it, and petstore-mock goes on without it.\n');
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGKILL');
    }
  });
});
