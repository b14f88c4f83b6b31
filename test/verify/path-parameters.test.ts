import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeployment, type Deployment } from './drifted-mock.js';
import { runVerify } from './run-verify.js';

// Collections below a `{realm}` segment that names no record verify can list or create.
const DOCUMENT = fileURLToPath(new URL('../documents/findings/keycloak-lookups.yaml', import.meta.url));
const TOKEN = 'path-parameters-token';

let deployment: Deployment;
beforeAll(async () => {
  deployment = await startDeployment(DOCUMENT);
});
afterAll(() => deployment.close());

/** The realm of each request the deployment received since `from`: the segment after /admin/realms/. */
function realmsSince(from: number): Set<string> {
  return new Set(deployment.requests.slice(from).map(request => /^\/admin\/realms\/([^/?]+)/.exec(request.url)?.[1] ?? `(none: ${request.url})`));
}

describe('verify and path segments that name no record', () => {
  it('sends every request of the run, clean-up included, under the value --path-parameter gives', async () => {
    const before = deployment.requests.length;
    const { code, stdout } = await runVerify([deployment.url, '--document', DOCUMENT, '--token', TOKEN, '--timeout', '30000', '--path-parameter', 'realm=master', '--format', 'json']);
    expect(code).toBe(0);
    expect(realmsSince(before)).toEqual(new Set(['master']));
    const report = JSON.parse(stdout) as { cleanup: { removed: string[]; leftBehind: { reason: string }[] } };
    // Only what the document has no DELETE for stays (a client's roles): the rest was found under the realm and removed.
    expect(report.cleanup.leftBehind.filter(left => !/no DELETE/.test(left.reason))).toEqual([]);
    expect(report.cleanup.removed.every(location => location.startsWith('/master/'))).toBe(true);
  });

  it('fills the segment with one value of its schema without the flag, never the template itself', async () => {
    const before = deployment.requests.length;
    const { code } = await runVerify([deployment.url, '--document', DOCUMENT, '--token', TOKEN, '--timeout', '30000']);
    expect(code).toBe(0);
    const realms = realmsSince(before);
    expect(realms.size).toBe(1);
    expect([...realms][0]).not.toMatch(/[{}]|%7B/i);
  });

  it('refuses a --path-parameter without a name or a value (exit 2)', async () => {
    for (const given of ['realm', '=master', 'realm=']) {
      const { code, stderr } = await runVerify([deployment.url, '--document', DOCUMENT, '--path-parameter', given]);
      expect(code, given).toBe(2);
      expect(stderr, given).toContain('--path-parameter needs <name>=<value>');
    }
  });
});
