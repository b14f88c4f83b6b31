import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDeployment } from '../../src/verify/index.js';
import { startDeployment, type Deployment } from './drifted-mock.js';
import { runVerify } from './run-verify.js';

const DOCUMENT = fileURLToPath(new URL('./documents/locked-shelves.yaml', import.meta.url));
const QUERY_KEY = 'query-key-7Hq2XvN4';
const COOKIE_KEY = 'cookie-key-pR8tY1wZ';
const HEADER_KEY = 'header-key-3bC6dF9g';
const PASSWORD = 'basic-password-J0kL5m';
const BASIC = `shelf-admin:${PASSWORD}`;
const SECRETS = [QUERY_KEY, COOKIE_KEY, HEADER_KEY, PASSWORD, Buffer.from(BASIC).toString('base64')];
const ALL = ['--credential', `queryKey=${QUERY_KEY}`, '--credential', `cookieKey=${COOKIE_KEY}`, '--credential', `headerKey=${HEADER_KEY}`, '--credential', `basicAuth=${BASIC}`];

let deployment: Deployment;
beforeAll(async () => {
  // The mock takes only these keys (a basic credential's password is the key).
  deployment = await startDeployment(DOCUMENT, { apiKeys: [QUERY_KEY, COOKIE_KEY, HEADER_KEY, PASSWORD] });
});
afterAll(() => deployment.close());

describe('verify with the credentials a document declares', () => {
  it('sends each where its scheme says (query, cookie, header, basic, alternatives, combinations) and finds nothing wrong', async () => {
    const before = deployment.requests.length;
    const { code, stdout, stderr } = await runVerify([deployment.url, '--document', DOCUMENT, '--timeout', '30000', '--format', 'json', ...ALL]);
    expect(stderr.split('\n').at(-1)).toMatch(/exit 0: Passed/);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { findings: unknown[]; results: { probe: string; outcome: string }[] };
    expect(report.findings).toEqual([]);
    for (const step of ['create', 'read the created one back', 'list after create', 'delete the created one', 'read the deleted one', 'an unknown key']) {
      expect(report.results.filter(result => result.probe === `shelves: ${step}`).map(result => result.outcome)).toContain('passed');
    }
    const sent = deployment.requests.slice(before);
    const deleted = sent.find(request => request.method === 'DELETE' && request.url.startsWith('/api/shelves/') && request.headers.authorization !== undefined);
    expect(deleted?.headers['x-shelf-key']).toBe(HEADER_KEY);
    expect(deleted?.headers.authorization).toBe(`Basic ${Buffer.from(BASIC).toString('base64')}`);
    expect(sent.find(request => request.method === 'GET' && /^\/api\/shelves\/\d+$/.test(request.url) && request.headers.cookie !== undefined)?.headers.cookie).toBe(`session=${COOKIE_KEY}`);
    const listed = sent.filter(request => request.method === 'GET' && /^\/api\/shelves(\?|$)/.test(request.url));
    // Every list request but the one sent without credentials carries the key in its query.
    expect(listed.filter(request => !request.url.includes(`key=${QUERY_KEY}`))).toHaveLength(1);
    expect(sent.find(request => request.url === '/api/status')?.headers).not.toHaveProperty('authorization');
  });

  it('writes no credential in any form to the text, JSON or JUnit report, and shows where each went as [redacted]', async () => {
    for (const format of ['text', 'json', 'junit']) {
      const { stdout, stderr } = await runVerify([deployment.url, '--document', DOCUMENT, '--timeout', '30000', '--format', format, ...ALL]);
      for (const secret of SECRETS) expect(`${stdout}${stderr}`).not.toContain(secret);
      if (format === 'json') {
        expect(stdout).toMatch(/"path": "\/shelves\?key=\[redacted\]"/);
        expect(stdout).toContain('"x-shelf-key": "[redacted]"');
        expect(stdout).toContain('"cookie": "[redacted]"');
      }
    }
  });

  it('reads a credential from its environment variable when --credential names only the scheme', async () => {
    const { code } = await runVerify([deployment.url, '--document', DOCUMENT, '--timeout', '30000', '--credential', 'queryKey', '--credential', `cookieKey=${COOKIE_KEY}`, '--credential', `headerKey=${HEADER_KEY}`, '--credential', `basicAuth=${BASIC}`], { PETSTORE_VERIFY_CREDENTIAL_QUERYKEY: QUERY_KEY });
    expect(code).toBe(0);
  });

  it('reports the operations it has no credential for as not checked, with the scheme to give, never as a failure', async () => {
    const result = await verifyDeployment(deployment.url, { documentPath: DOCUMENT, timeoutMs: 30_000, credentials: { queryKey: QUERY_KEY, cookieKey: COOKIE_KEY } });
    expect(result.findings).toEqual([]);
    expect(result.exitCode).toBe(0);
    const create = result.results.find(each => each.probe === 'shelves: create');
    expect(create).toMatchObject({ outcome: 'skipped', message: expect.stringMatching(/^Not checked: no credential was given for "basicAuth" \(HTTP basic: --credential basicAuth=<user>:<password>\)\.$/) as unknown });
    expect(result.results.filter(each => each.operationId === 'createShelf' && each.check === 'authentication').map(each => each.outcome)).toEqual(['passed']);
  });

  it('refuses a --credential for a scheme the document does not declare, naming the ones it does', async () => {
    const { code, stderr } = await runVerify([deployment.url, '--document', DOCUMENT, '--credential', 'apiKey=whatever-value']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/the document declares no security scheme "apiKey"; its schemes are "queryKey", "cookieKey", "headerKey", "basicAuth"\./);
  });
});
