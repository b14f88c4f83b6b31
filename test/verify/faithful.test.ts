import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/server/index.js';
import { verifyDeployment } from '../../src/index.js';
import { startReferenceServer, type ReferenceServer } from './reference-server.js';
import { runVerify } from './run-verify.js';

const TOKEN = 'sekrit-token-value-42';
let reference: ReferenceServer;

beforeAll(async () => {
  reference = await startReferenceServer({ token: TOKEN });
});
afterAll(() => reference.close());

describe('verify against a deployment faithful to the document', () => {
  it('passes with exit code 0, no findings, in well under 5 seconds', async () => {
    const { code, stdout, stderr } = await runVerify([reference.url, '--token', TOKEN]);
    expect(stdout).toContain('No errors or warnings.');
    expect(stderr.split('\n').at(-1)).toMatch(/^petstore-mock verify: exit 0: Passed: \d+ checks passed\.$/);
    expect(code).toBe(0);
    const result = await verifyDeployment(reference.url, { token: TOKEN });
    expect(result).toMatchObject({ ok: true, inconclusive: false, exitCode: 0, findings: [] });
    expect(result.summary.durationMs).toBeLessThan(5_000);
  });

  it('sends the run id header on every request and names the pets it creates after the run', async () => {
    const before = reference.requests.length;
    const result = await verifyDeployment(reference.url, { token: TOKEN, runId: 'run-under-test' });
    const sent = reference.requests.slice(before);
    expect(sent.length).toBe(result.summary.requests);
    expect(sent.every(request => request.headers['x-petstore-verify-run'] === 'run-under-test')).toBe(true);
    expect(result.cleanup.leftBehind.length).toBeGreaterThan(0);
    expect(result.cleanup.leftBehind.every(left => left.name === 'petstore-mock-verify run-under-test')).toBe(true);
    expect(result.cleanup.note).toMatch(/declares no DELETE \/pets\/\{petId\}/);
  });

  it('sends no POST with --read-only, and still verifies', async () => {
    const before = reference.requests.length;
    const { code } = await runVerify([reference.url, '--token', TOKEN, '--read-only']);
    const sent = reference.requests.slice(before);
    expect(code).toBe(0);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter(request => request.method !== 'GET' && request.method !== 'HEAD')).toEqual([]);
  });

  it('never shows the token: not in text, JSON or JUnit reports, nor on stderr', async () => {
    for (const format of ['text', 'json', 'junit']) {
      const { stdout, stderr } = await runVerify([reference.url, '--token', TOKEN, '--format', format]);
      expect(stdout).not.toContain(TOKEN);
      expect(stderr).not.toContain(TOKEN);
    }
    const { stdout } = await runVerify([reference.url, '--format', 'json'], { PETSTORE_VERIFY_TOKEN: TOKEN });
    expect(stdout).toContain('"authorization": "[redacted]"');
    expect(stdout).not.toContain(TOKEN);
  });

  it('keeps the token out of the reports even when the deployment echoes it back', async () => {
    const echoing = await startReferenceServer({ token: TOKEN, echoCredentials: 'not-found', drift: 'undeclared-status' });
    try {
      for (const format of ['text', 'json', 'junit']) {
        const { stdout, stderr } = await runVerify([echoing.url, '--token', TOKEN, '--format', format, '--strict']);
        expect(`${stdout}${stderr}`).not.toContain(TOKEN);
      }
      const result = await verifyDeployment(echoing.url, { token: TOKEN });
      expect(JSON.stringify(result)).toContain('you sent Bearer [redacted]');
    } finally {
      await echoing.close();
    }
  });

  it('writes well-formed JUnit with one test case per operation and check', async () => {
    const { stdout, code } = await runVerify([reference.url, '--token', TOKEN, '--format', 'junit']);
    expect(code).toBe(0);
    expect(XMLValidator.validate(stdout)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: name => name === 'testcase' }).parse(stdout) as { testsuites: { testsuite: { testcase: { '@_name': string }[] } } };
    const names = parsed.testsuites.testsuite.testcase.map(testcase => testcase['@_name']);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['listPets authentication', 'listPets parameter-bounds', 'getPet read-back', 'getPet unknown-id', 'createPet request-body']));
  });

  it('writes JSON whose keys come in a fixed order', async () => {
    const { stdout } = await runVerify([reference.url, '--token', TOKEN, '--format', 'json']);
    const report = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual(['format', 'ok', 'inconclusive', 'exitCode', 'reason', 'runId', 'baseUrl', 'documentPath', 'readOnly', 'strict', 'mock', 'summary', 'findings', 'results', 'coverage', 'cleanup']);
  });
});

describe('verify against the mock itself', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ port: 0, dashboard: false, onRequest: () => undefined });
  });
  afterAll(() => mock.close());

  it('passes: the mock agrees with its own document', async () => {
    const result = await verifyDeployment(mock.url, { token: 'any' });
    expect(result.findings).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});
