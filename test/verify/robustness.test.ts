import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyDeployment } from '../../src/verify/index.js';
import { startReferenceServer, type Fault, type ReferenceServer } from './reference-server.js';
import { runVerify } from './run-verify.js';

const TOKEN = 'robust-token';
let server: ReferenceServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('verify when the deployment misbehaves', () => {
  it.each<[Fault, RegExp]>([
    ['timeout', /^timeout after \d+ ms$/],
    ['reset', /^reset after \d+ ms$/],
    ['redirect', /^302 Location: https:\/\/elsewhere\.invalid/],
  ])('reports a %s as a connection error and goes on', async (fault, actual) => {
    server = await startReferenceServer({ fault });
    // Only the hanging answer needs a short timeout; the others keep the default, so a busy machine's slow answer is no timeout.
    const result = await verifyDeployment(server.url, { token: TOKEN, ...(fault === 'timeout' && { timeoutMs: 200 }) });
    const connection = result.findings.filter(finding => finding.check === 'connection');
    expect(connection.length).toBeGreaterThan(0);
    expect(connection[0]).toMatchObject({ outcome: 'error', operationId: 'getPet' });
    expect(connection[0]?.actual).toMatch(actual);
    expect(result.exitCode).toBe(1);
    // The other operations were still checked.
    expect(result.results.some(each => each.operationId === 'listPets' && each.outcome === 'passed')).toBe(true);
  });

  it('reports an answer that is not JSON as a finding', async () => {
    server = await startReferenceServer({ fault: 'non-json' });
    const result = await verifyDeployment(server.url, { token: TOKEN });
    expect(result.findings).toEqual(expect.arrayContaining([expect.objectContaining({ operationId: 'getPet', check: 'content-type', outcome: 'error', actual: 'text/html' })]));
    expect(result.exitCode).toBe(1);
  });

  it('stops reading a huge body at the limit and reports it', async () => {
    server = await startReferenceServer({ fault: 'huge-body' });
    const result = await verifyDeployment(server.url, { token: TOKEN });
    expect(result.findings).toEqual(expect.arrayContaining([expect.objectContaining({ operationId: 'getPet', check: 'body-schema', message: expect.stringMatching(/larger than verify reads/) as unknown })]));
    expect(result.exitCode).toBe(1);
  });
});

describe('verify when it cannot run', () => {
  it('exits 2 for an unreachable URL, saying why last', async () => {
    const { code, stderr } = await runVerify([`http://127.0.0.1:${await closedPort()}/v1`, '--token', TOKEN]);
    expect(code).toBe(2);
    expect(stderr.split('\n').at(-1)).toMatch(/^petstore-mock verify: exit 2: Inconclusive: could not reach http:\/\/127\.0\.0\.1:\d+\/v1: The connection was refused/);
  });

  it('exits 2 for a host name that does not resolve', async () => {
    const { code, stderr } = await runVerify(['http://petstore-mock-verify.invalid/v1', '--token', TOKEN, '--timeout', '2000']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/could not reach/);
  });

  it.each([
    ['not YAML at all', ': : :\n  - ['],
    ['no paths', 'openapi: 3.1.0\ninfo: { title: x, version: "1" }\nservers: [{ url: "https://x.example/v1" }]\n'],
  ])('exits 2 for an unusable document (%s), and never passes it', async (_name, text) => {
    server = await startReferenceServer();
    const folder = mkdtempSync(join(tmpdir(), 'verify-document-'));
    const document = join(folder, 'broken.yaml');
    writeFileSync(document, text);
    const { code, stderr } = await runVerify([server.url, '--token', TOKEN, '--document', document]);
    expect(code).toBe(2);
    expect(stderr.split('\n').at(-1)).toMatch(/exit 2: Inconclusive: the document .*broken\.yaml is unusable/);
    expect(server.requests).toEqual([]);
  });

  it('exits 2 without a token, saying how to pass one, and never that it found no errors', async () => {
    server = await startReferenceServer();
    const { code, stdout, stderr } = await runVerify([server.url]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/pass --token <key> or set PETSTORE_VERIFY_TOKEN/);
    expect(stdout).not.toMatch(/no errors/i);
    expect(stdout).toMatch(/^Inconclusive: the document's operations need a bearer token/m);
    expect(server.requests).toEqual([]);
  });

  it('exits 2 when every request with the token is answered 401', async () => {
    server = await startReferenceServer({ token: 'the-right-one' });
    const { code, stderr } = await runVerify([server.url, '--token', 'the-wrong-one']);
    expect(code).toBe(2);
    expect(stderr.split('\n').at(-1)).toMatch(/every request with the token \(\d+\) was answered 401/);
  });

  it.each([
    [[], /give the base URL/],
    [['http://x.example/v1', 'http://y.example/v1'], /one base URL only/],
    [['http://x.example/v1', '--format', 'xml'], /--format must be one of text, json, junit/],
    [['http://x.example/v1', '--timeout', 'soon'], /--timeout must be whole milliseconds/],
    [['http://x.example/v1', '--bogus'], /Unknown option '--bogus'/],
    [['ftp://x.example/v1', '--token', 't'], /must be http or https/],
    [['http://127.0.0.1:9/api', '--token', 't'], /does not end in \/v1/],
  ])('exits 2 for bad usage %j', async (args, message) => {
    const { code, stderr } = await runVerify(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('still writes the report when it cannot run', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'verify-report-'));
    const output = join(folder, 'report.xml');
    const { code } = await runVerify([`http://127.0.0.1:${await closedPort()}/v1`, '--token', TOKEN, '--format', 'junit', '--output', output]);
    expect(code).toBe(2);
    expect(readFileSync(output, 'utf8')).toMatch(/<error message="Inconclusive: could not reach/);
  });
});

describe('petstore-mock verify --help', () => {
  it('prints every option and exits 0', async () => {
    const { code, stdout } = await runVerify(['--help']);
    expect(code).toBe(0);
    for (const flag of ['--token', 'PETSTORE_VERIFY_TOKEN', '--document', '--format', '--output', '--timeout', '--read-only', '--strict', '--help']) expect(stdout).toContain(flag);
  });
});
