import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDeployment, type VerifyResult } from '../../src/verify/index.js';
import { runVerify } from './run-verify.js';
import { startSpecDeployment, type SpecDeployment } from './spec-deployment.js';

const TOKEN = 'spec-faithful-token';
let deployment: SpecDeployment;
let result: VerifyResult;

beforeAll(async () => {
  deployment = await startSpecDeployment();
  result = await verifyDeployment(deployment.url, { token: TOKEN });
});
afterAll(() => deployment.close());

describe('verify against a deployment written from the specification alone', () => {
  it('passes with exit code 0 and no errors', () => {
    expect(result.findings.filter(finding => finding.outcome === 'error')).toEqual([]);
    expect(result).toMatchObject({ ok: true, inconclusive: false, exitCode: 0 });
  });

  it('warns, with the document’s reason, that getPet’s 401 does not announce the deprecation the mock adds', () => {
    const warning = result.findings.find(finding => finding.operationId === 'getPet' && finding.message.includes("getPet's 401"));
    expect(warning).toMatchObject({ outcome: 'warning', check: 'mock-headers', request: { method: 'GET', path: '/pets/1' } });
    expect(warning?.message).toBe(
      "The mock sends Deprecation, Sunset and Link with getPet's 401; the deployment does not. The document marks them mock-only, not a promise of the service: the specification says getPet is deprecated, not that an authentication layer that answers before the operation is known announces it; the mock does.",
    );
  });

  it('reports GET /store/orders, whose shape the document does not know, as not checked, and sends it nothing', () => {
    expect(result.results.filter(each => each.operationId === 'listStoreOrders')).toEqual([expect.objectContaining({ outcome: 'skipped', check: 'not-checked', message: expect.stringMatching(/^Not checked \(x-not-implemented: the document does not know listStoreOrders's shape/) as unknown })]);
    expect(result.coverage.find(entry => entry.operationId === 'listStoreOrders')).toMatchObject({ observed: [], notChecked: expect.stringMatching(/^x-not-implemented/) as unknown });
    expect(deployment.paths.filter(path => path.startsWith('/v1/store/'))).toEqual([]);
  });

  it('fails under --strict on those warnings alone, and shows one block for each finding it counts', async () => {
    const strict = await runVerify([deployment.url, '--token', TOKEN, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr.split('\n').at(-1)).toMatch(/exit 1: Failed under --strict: \d+ warnings?, no errors\.$/);
    const blocks = strict.stdout.split('\n').filter(line => /^(ERROR|WARNING) /.test(line)).length;
    expect(strict.stdout).toContain(`0 errors, ${blocks} warning`);
    expect(strict.stdout).toMatch(/listStoreOrders +400 401 500 501 503 → not checked \(x-not-implemented/);
  });
});
