import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startDeployment } from './drifted-mock.js';
import { runVerify, type VerifyResult } from './run-verify.js';

const findingAt = (name: string): string => fileURLToPath(new URL(`../documents/findings/${name}`, import.meta.url));

async function verifiedAgainstItsMock(document: string, ...options: string[]): Promise<{ code: number; results: VerifyResult[] }> {
  const deployment = await startDeployment(document);
  try {
    const { code, stdout } = await runVerify([deployment.url, '--document', document, ...options, '--timeout', '30000', '--format', 'json']);
    return { code, results: (JSON.parse(stdout) as { results: VerifyResult[] }).results };
  } finally {
    await deployment.close();
  }
}

describe('the request examples verify sends (fourth check, PagerDuty)', () => {
  it('does not call a refusal of an example the document’s own schema refuses an error, and says so as a warning', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('fourth-check-request-examples.yaml'));
    expect(results.filter(result => result.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
    const examples = results.filter(result => result.operationId === 'createTicket' && result.check === 'example');
    expect(examples.find(result => result.message.includes('"written"'))?.outcome).toBe('passed');
    const broken = examples.find(result => result.message.includes('"details_as_text"'));
    expect(broken?.outcome).toBe('warning');
    expect(broken?.message).toContain("breaks the document's own schema");
  });

  it('takes a 404 for an example sent to a record whose key verify made up, as it does for the plain request', async () => {
    const { results } = await verifiedAgainstItsMock(findingAt('fourth-check-request-examples.yaml'));
    const snoozed = results.filter(result => result.operationId === 'snoozeTicket' && result.check === 'example');
    expect(snoozed.length).toBeGreaterThan(0);
    expect(snoozed.every(result => result.outcome === 'passed')).toBe(true);
  });
});

describe('a request example naming a record the deployment holds already (DigitalOcean’s domain example.com)', () => {
  it('creates it under a key of the run’s own, so the example is judged, not the deployment’s records', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('example-key-held.yaml'));
    expect(results.filter(result => result.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
    const example = results.find(result => result.operationId === 'createDomain' && result.check === 'example');
    expect(example?.outcome).toBe('passed');
  });
});

describe('a filter by the created record’s value where that value is an empty text (DigitalOcean’s droplets)', () => {
  it('is not sent: `?name=` is no filter to many services, so what it lists shows nothing (DigitalOcean’s mock listed every droplet, an error)', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('empty-filter-value.yaml'));
    expect(results.filter(result => result.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
    expect(results.filter(result => result.check === 'filter' && result.outcome === 'passed')).toEqual([]);
  });
});

describe('API keys a document also declares as required query parameters (Trello’s key and token)', () => {
  it('sends each once, as the credential, and leaves them all out of the request without credentials', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('credentials-as-parameters.yaml'), '--token', 'trello-key');
    expect(results.filter(result => result.outcome === 'error' || result.outcome === 'warning')).toEqual([]);
    expect(code).toBe(0);
    expect(results.filter(result => result.check === 'authentication').map(result => result.outcome)).toEqual(['passed', 'passed', 'passed']);
    expect(results.filter(result => result.check === 'baseline').every(result => result.outcome === 'passed')).toBe(true);
  });
});

describe('Asana’s shapes: lists of compact items, and 204s declared with a JSON body', () => {
  it('does not judge a filter by a property the listed items leave out, nor a 204’s body, and the mock answers a 204 with none', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('compact-lists.yaml'));
    expect(results.filter(result => result.outcome === 'error' || result.outcome === 'warning')).toEqual([]);
    expect(code).toBe(0);
    expect(results.find(result => result.operationId === 'getProjects' && result.check === 'filter')).toMatchObject({ outcome: 'skipped', message: expect.stringContaining('do not show archived') as string });
    expect(results.filter(result => result.operationId === 'removeMember' && result.check === 'body-schema')).toEqual([]);
  });
});

describe('a parameter whose example its own enum or format refuses (Box’s metadata template scope, Amadeus’s departure date)', () => {
  it('is sent at a value of its enum or format, where every request was a 400 that said nothing of the deployment', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('example-outside-enum.yaml'));
    expect(results.filter(result => result.outcome === 'error' || result.outcome === 'warning')).toEqual([]);
    expect(code).toBe(0);
    expect(results.find(result => result.check === 'baseline')?.outcome).toBe('passed');
  });
});

describe('a list whose array declares maxItems (fourth check, PagerDuty ip_allow_lists)', () => {
  it('does not demand the created record among as many records as the array holds, where it called it not listed', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('fourth-check-list-max-items.yaml'));
    expect(results.filter(result => result.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
    const listed = results.find(result => result.check === 'listed-after-create');
    expect(listed?.outcome).toBe('skipped');
    expect(listed?.message).toContain('the list shows at most 1 records');
  });
});

describe('a request example its schema refuses, on an operation that declares no 400 (fourth check, PagerDuty setIncidentFieldValues)', () => {
  it('takes the refusal as the answer to invalid input, where it called the 400 a status the document does not declare', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('fourth-check-broken-example-undeclared-400.yaml'));
    const settings = results.filter(result => result.operationId === 'replaceSettings');
    expect(settings.find(result => result.check === 'example')?.outcome).toBe('warning');
    expect(settings.filter(result => result.check === 'status-declared' && result.message.startsWith('400'))).not.toEqual([]);
    expect(results.filter(result => result.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
  });
});

describe('a list whose path selects records by a property (Bitbucket’s pull requests of a commit, by merge_commit)', () => {
  it('looks for the created record in the list of every record, not in the one its path selects by a value it lacks', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('list-selected-by-path.yaml'));
    expect(results.filter(result => result.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
    const listed = results.filter(result => result.check === 'listed-after-create');
    expect(listed.map(result => [result.operationId, result.outcome])).toEqual([['listPullrequests', 'passed']]);
  });

  it('looks for it in the list its path selects, by the created record’s own value, where that list is the only one', async () => {
    for (const document of ['list-selected-by-path-only.yaml', 'list-selected-by-path-readonly.yaml']) {
      const { code, results } = await verifiedAgainstItsMock(findingAt(document));
      expect(results.filter(result => result.outcome === 'error'), document).toEqual([]);
      expect(code).toBe(0);
      const listed = results.filter(result => result.check === 'listed-after-create');
      expect(listed.map(result => [result.operationId, result.outcome]), document).toEqual([['listPullrequestsForCommit', 'passed']]);
      // The commit in the path is the created pull request's merge_commit (sent, or assigned by the service), not a sample value.
      expect(listed[0]?.request?.path, document).not.toContain('/commit/petstore-mock-verify/');
    }
  });
});

describe('a response schema that requires a writeOnly property (bunq’s devices and their secret)', () => {
  it('finds nothing against the mock, which keeps and answers records without it, as OpenAPI and Prism read it', async () => {
    const { code, results } = await verifiedAgainstItsMock(findingAt('write-only-required.yaml'));
    expect(results.filter(result => result.outcome === 'error' || result.outcome === 'warning')).toEqual([]);
    expect(code).toBe(0);
    expect(results.filter(result => result.operationId === 'listDevices' && result.check === 'body-schema').map(result => result.outcome)).toContain('passed');
  });
});
