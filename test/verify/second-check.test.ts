import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeployment, type Deployment } from './drifted-mock.js';
import { runVerify } from './run-verify.js';

// Radarr's shapes: path parameters with patterns faker cannot read as written, and a HEAD that declares a JSON body.
const DOCUMENT = fileURLToPath(new URL('../documents/findings/second-check-patterned-path-and-head.yaml', import.meta.url));

let deployment: Deployment;
beforeAll(async () => {
  deployment = await startDeployment(DOCUMENT);
});
afterAll(() => deployment.close());

describe('verify against the mock of a document with patterned path parameters and a HEAD (second check, Radarr)', () => {
  it('passes: path values match their patterns, and a HEAD answer is not asked for a body', async () => {
    const before = deployment.requests.length;
    const { code, stdout } = await runVerify([deployment.url, '--document', DOCUMENT, '--timeout', '30000']);
    expect(stdout).not.toContain('ERROR');
    expect(code).toBe(0);
    const urls = deployment.requests.slice(before).map(request => request.url);
    expect(urls.filter(url => url.startsWith('/log/file/')).every(url => /^\/log\/file\/[-.a-zA-Z0-9]+?\.txt$/.test(url))).toBe(true);
    expect(urls.some(url => /^\/mediacover\/\d+\/.+\.(jpg|png|gif)$/.test(url))).toBe(true);
  });
});

describe('verify against the mock of a Swagger 2.0 document whose operation consumes JSON but declares no body (second check, Vikunja)', () => {
  it('sends no body there, and passes', async () => {
    const document = fileURLToPath(new URL('../documents/findings/second-check-put-creates.yaml', import.meta.url));
    const vikunja = await startDeployment(document);
    try {
      const { code, stdout } = await runVerify([vikunja.url, '--document', document, '--timeout', '30000']);
      expect(stdout).not.toContain('ERROR');
      expect(code).toBe(0);
      expect(vikunja.requests.filter(request => request.url.endsWith('/notifications') && request.headers['content-type'] !== undefined)).toEqual([]);
    } finally {
      await vikunja.close();
    }
  });
});

describe('verify against the mock of a command with read-only members and a release created without an answer (second check, Radarr)', () => {
  type Result = { operationId: string; check: string; outcome: string; message: string; actual?: string };
  it('sends no read-only member inside the body, and finds the created release in the list by the values sent', async () => {
    const document = fileURLToPath(new URL('../documents/findings/second-check-read-only-members.yaml', import.meta.url));
    const radarr = await startDeployment(document);
    try {
      const { code, stdout } = await runVerify([radarr.url, '--document', document, '--timeout', '30000', '--format', 'json']);
      const results = (JSON.parse(stdout) as { results: Result[] }).results;
      expect(results.filter(result => result.outcome === 'error')).toEqual([]);
      expect(code).toBe(0);
      expect(results.filter(result => result.operationId === 'postCommand' && result.check === 'read-back').map(result => result.outcome)).toEqual(['passed', 'passed']);
      const listed = results.filter(result => result.operationId === 'getReleases' && (result.check === 'listed-after-create' || result.check === 'filter') && result.message.startsWith('The created record'));
      expect(listed.map(result => [result.outcome, result.message])).toEqual([
        ['passed', 'The created record (no key answered: looked for by the values sent) is listed.'],
        ['passed', 'The created record (no key answered: looked for by the values sent) is listed.'],
      ]);
    } finally {
      await radarr.close();
    }
  });
});
