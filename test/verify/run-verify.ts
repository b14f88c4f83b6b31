import { runCli } from '../../src/cli/index.js';
import { startDeployment, type Deployment } from './drifted-mock.js';

/** One result of verify's JSON report (`--format json`), the fields the tests read. */
export interface VerifyResult {
  outcome: string;
  operationId: string;
  check: string;
  message: string;
  /** The request the check judged, as the JSON report writes it. */
  request?: { method: string; path: string };
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

/** What verify found in a mock of a document (`verifyMockOf`). */
export interface MockVerified {
  readonly code: number;
  readonly results: VerifyResult[];
  /** What verify sent the mock, as `startDeployment` records it. */
  readonly requests: Deployment['requests'];
}

/**
 * Runs verify (`--format json`, a 30 s timeout per request, `extraArgs` after) against a mock of
 * `documentPath` started for it, and closes the mock: its exit code, its results and what it sent.
 */
export async function verifyMockOf(documentPath: string, extraArgs: readonly string[] = []): Promise<MockVerified> {
  const deployment = await startDeployment(documentPath);
  const before = deployment.requests.length;
  try {
    const run = await runVerify([deployment.url, '--document', documentPath, '--timeout', '30000', '--format', 'json', ...extraArgs]);
    return { code: run.code, results: (JSON.parse(run.stdout) as { results: VerifyResult[] }).results, requests: deployment.requests.slice(before) };
  } finally {
    await deployment.close();
  }
}
