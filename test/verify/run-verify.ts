import { runCli } from '../../src/cli/index.js';

/** One result of verify's JSON report (`--format json`), the fields the tests read. */
export interface VerifyResult {
  outcome: string;
  operationId: string;
  check: string;
  message: string;
}

export interface VerifyRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `petstore-mock verify ...` in-process through runCli and collects what it printed. */
export async function runVerify(args: string[], env: Record<string, string> = {}): Promise<VerifyRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli({ argv: ['verify', ...args], env, stdout: line => stdout.push(line), stderr: line => stderr.push(line), version: '0.0.0-test' });
  if (typeof code !== 'number') throw new Error('verify started a server.');
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}
