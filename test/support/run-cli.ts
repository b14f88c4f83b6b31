import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI_PATH = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  /** Everything printed on standard output so far. */
  output(): string;
  /** Everything printed on standard error so far. */
  errors(): string;
  /** Resolves with the first line matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Settles once the process has exited and its output is fully read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the built `petstore-mock` bin, as `npx petstore-mock` would; with this Node unless `node` names another, as this user unless `user` names another. */
export function startCli(args: string[], env: Record<string, string> = {}, { node = process.execPath, user }: { node?: string; user?: { uid: number; gid: number } } = {}): RunningCli {
  const child = spawn(node, [CLI_PATH, ...args], { env: { PATH: process.env['PATH'] ?? '', ...env }, ...user });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(resolve => child.once('close', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    output: () => stdout,
    errors: () => stderr,
    waitForLine: (pattern, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          clearInterval(poll);
          reject(new Error(`No line matched ${String(pattern)} in ${timeoutMs} ms. stdout:\n${stdout}\nstderr:\n${stderr}`));
        }, timeoutMs);
        const poll = setInterval(() => {
          const line = stdout.split('\n').find(candidate => pattern.test(candidate));
          if (line !== undefined) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve(line);
          }
        }, 10);
      }),
  };
}

/** Runs the bin to completion and collects what it printed. */
export async function runCliToEnd(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = startCli(args, env);
  const { code } = await cli.exited;
  return { code, stdout: cli.output(), stderr: cli.errors() };
}

/** The base URL the started mock names on its `ready on` line (its document's base path included), once it is ready. */
export async function readyBaseOf(cli: RunningCli, timeoutMs = 20_000): Promise<string> {
  const line = await cli.waitForLine(/ready on /, timeoutMs);
  return (/ready on (\S+)/.exec(line)?.[1] ?? '').replace(/\/$/, '');
}
