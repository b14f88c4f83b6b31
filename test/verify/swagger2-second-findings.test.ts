import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyMockOf, type VerifyResult } from './run-verify.js';

// Harbor's shapes: projects keyed by `project_id`, named by `name` in /projects/{project_name}/..., an action below such a path.
const DOCUMENT = fileURLToPath(new URL('../documents/findings/swagger2-name-or-id.yaml', import.meta.url));

let results: VerifyResult[];
let code: number;
beforeAll(async () => {
  ({ code, results } = await verifyMockOf(DOCUMENT, ['--credential', 'basic=admin:pw']));
});

describe('verify against the mock of a Swagger 2.0 document shaped as Harbor’s', () => {
  it('finds no error in the mock that answers by the document', () => {
    expect(results.filter(result => result.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
  });

  it('names a project by its name where the path says {project_name}, so the policy it creates there is read back', () => {
    const readBacks = results.filter(result => result.check === 'read-back' && result.operationId === 'getPolicy');
    expect(readBacks.length).toBeGreaterThan(0);
    expect(readBacks.every(result => result.outcome === 'passed')).toBe(true);
  });

  it('sends an action on a policy under the project that holds it', () => {
    const run = results.filter(result => result.operationId === 'runPolicy' && result.check === 'baseline');
    expect(run.map(result => result.outcome)).toEqual(['passed']);
  });
});
