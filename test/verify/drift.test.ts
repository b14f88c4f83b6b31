import { afterEach, describe, expect, it } from 'vitest';
import { verifyDeployment } from '../../src/verify/index.js';
import type { CheckName, Severity } from '../../src/verify/index.js';
import { startReferenceServer, type Drift, type ReferenceServer } from './reference-server.js';
import { runVerify } from './run-verify.js';

const TOKEN = 'drift-test-token';
let server: ReferenceServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('verify against a deployment that drifted in one way', () => {
  it.each<[Drift, CheckName, Severity, 0 | 1]>([
    ['renamed-field', 'body-schema', 'error', 1],
    // The document's Error requires status: the body breaks its schema, one finding.
    ['error-without-status', 'body-schema', 'error', 1],
    ['created-200', 'status-declared', 'error', 1],
    ['filter-ignored', 'filter', 'error', 1],
    ['limit-unbounded', 'parameter-bounds', 'error', 1],
    // The document requires the header on every 401: its absence is one finding, the header's.
    ['no-www-authenticate', 'header-schema', 'error', 1],
    ['undeclared-status', 'status-declared', 'error', 1],
    ['wrong-content-type', 'content-type', 'error', 1],
    // The document marks getPet's deprecation headers required: dropping them breaks it.
    ['no-deprecation-headers', 'header-schema', 'error', 1],
    ['extra-property', 'document-behind', 'warning', 0],
  ])('catches %s as a %s finding of severity %s, exit code %i', async (drift, check, severity, exitCode) => {
    server = await startReferenceServer({ drift });
    const result = await verifyDeployment(server.url, { token: TOKEN });
    expect(result.findings.filter(finding => finding.check === check).map(finding => finding.outcome)).toContain(severity);
    expect(result.exitCode).toBe(exitCode);
    expect(result.ok).toBe(exitCode === 0);
    expect(result.inconclusive).toBe(false);
    if (severity === 'warning') expect(result.findings.every(finding => finding.outcome === 'warning')).toBe(true);
  });

  it('names the operation, the request, what was expected and what came back in each finding', async () => {
    server = await startReferenceServer({ drift: 'limit-unbounded' });
    const result = await verifyDeployment(server.url, { token: TOKEN });
    const finding = result.findings.find(each => each.check === 'parameter-bounds');
    expect(finding).toMatchObject({ outcome: 'error', operationId: 'listPets', request: { method: 'GET', path: '/pets?limit=101' }, expected: '400' });
    expect(finding?.actual).toMatch(/^200 \[/);
  });

  it('reports headers missing from every answer once, with the requests they were missing on, and counts it once', async () => {
    server = await startReferenceServer({ drift: 'no-deprecation-headers' });
    const { stdout } = await runVerify([server.url, '--token', TOKEN]);
    const result = await verifyDeployment(server.url, { token: TOKEN });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ outcome: 'error', operationId: 'getPet', check: 'header-schema', message: expect.stringMatching(/^getPet's (200|401) lacks Deprecation, Sunset and Link, which the document requires\.$/) as unknown });
    // The three other answers of getPet (of 200, 401 and 404) that lacked them.
    expect(result.findings[0]?.also).toHaveLength(3);
    expect(result.findings[0]?.also).toContain('GET /pets/1001000 (404)');
    expect(result.summary).toMatchObject({ errors: 1, warnings: 0 });
    expect(stdout.split('\n').filter(line => /^(ERROR|WARNING) /.test(line))).toHaveLength(1);
  });

  it('reports an undeclared status once, not again as what the probe expected instead', async () => {
    server = await startReferenceServer({ drift: 'undeclared-status' });
    const result = await verifyDeployment(server.url, { token: TOKEN });
    expect(result.findings.map(finding => [finding.operationId, finding.check, finding.message])).toEqual([['getPet', 'status-declared', '422 is not a status the document declares for getPet.']]);
  });

  it('reports an unenforced bound once, not again as a difference from the mock', async () => {
    server = await startReferenceServer({ drift: 'limit-unbounded' });
    const result = await verifyDeployment(server.url, { token: TOKEN });
    expect(result.findings.map(finding => finding.check)).toEqual(['parameter-bounds']);
  });

  it('says the document is behind when the deployment returns a property it does not describe', async () => {
    server = await startReferenceServer({ drift: 'extra-property' });
    const result = await verifyDeployment(server.url, { token: TOKEN });
    const finding = result.findings.find(each => each.check === 'document-behind');
    expect(finding?.message).toMatch(/the document is behind \(\/\[\]\/nickname\)/);
  });

  it('fails a run with only warnings under --strict, and says so last', async () => {
    server = await startReferenceServer({ drift: 'extra-property' });
    const lenient = await runVerify([server.url, '--token', TOKEN]);
    const strict = await runVerify([server.url, '--token', TOKEN, '--strict']);
    expect(lenient.code).toBe(0);
    expect(strict.code).toBe(1);
    expect(strict.stderr.split('\n').at(-1)).toMatch(/^petstore-mock verify: exit 1: Failed under --strict: \d+ warnings, no errors\.$/);
    expect(lenient.stdout).toMatch(/WARNING \w+ · document-behind · GET \/pets/);
  });
});
