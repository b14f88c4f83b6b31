import { afterEach, describe, expect, it } from 'vitest';
import type { VerifyResult } from '../../src/verify/index.js';
import { findingAt } from '../support/checked-engine.js';
import { readyBaseOf, runCliToEnd, startCli, type RunningCli } from '../support/run-cli.js';

// Findings 64 and 67 of test/documents/findings/FINDINGS-independent.md, as verify saw them against
// the built mock of Stripe's real document: every error there was the mock's, not verify's.
let mock: RunningCli | undefined;

afterEach(async () => {
  mock?.child.kill();
  await mock?.exited;
  mock = undefined;
});

async function verifyAgainstItsMock(document: string): Promise<{ code: number | null; result: VerifyResult }> {
  mock = startCli(['--port', '0', '--document', document, '--validate-responses']);
  const baseUrl = await readyBaseOf(mock);
  const { code, stdout } = await runCliToEnd(['verify', baseUrl, '--document', document, '--token', 'real-big', '--format', 'json']);
  return { code, result: JSON.parse(stdout) as VerifyResult };
}

describe('verify against the mock of a reduced Stripe document (findings 64 and 67)', () => {
  it('finds nothing where an optional deepObject query parameter is left out and where its values are sent', async () => {
    const { code, result } = await verifyAgainstItsMock(findingAt('real-big-deep-object.yaml'));
    expect(result.findings).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it('finds nothing where the mock generates a body with an empty object below a list of alternatives', async () => {
    const { code, result } = await verifyAgainstItsMock(findingAt('real-big-faker-clean.yaml'));
    expect(result.findings).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});

describe('verify against the mock of a reduced GitHub document (finding 86)', () => {
  it('fills a path parameter that names a record by another property than its key with that property, and finds nothing', async () => {
    const { code, result } = await verifyAgainstItsMock(findingAt('real-big-other-key-parent.yaml'));
    expect(result.findings.filter(finding => finding.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});
