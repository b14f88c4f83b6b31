import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyMockOf, type VerifyResult } from './run-verify.js';

// Gitea's shapes: a read that answers only 204, teams listed under another kind of parent than they are created under, `state=all`.
const DOCUMENT = fileURLToPath(new URL('../documents/findings/swagger2-verify-scenario.yaml', import.meta.url));

let results: VerifyResult[];
let code: number;
beforeAll(async () => {
  ({ code, results } = await verifyMockOf(DOCUMENT));
});

describe('verify against the mock of a Swagger 2.0 document shaped as Gitea’s', () => {
  it('finds no error in the mock that answers by the document', () => {
    expect(results.filter(result => result.outcome === 'error')).toEqual([]);
    expect(code).toBe(0);
  });

  it('reads a created user back by the read that answers a user, not by the one that answers only 204', () => {
    const readBacks = results.filter(result => result.check === 'read-back' && ['userGet', 'userCheckUserBlock'].includes(result.operationId));
    expect(readBacks.map(result => [result.operationId, result.outcome])).toEqual([['userGet', 'passed'], ['userGet', 'passed']]);
  });

  it('looks for a created team in the organization’s list it was created under, not in a repository’s', () => {
    const listed = results.filter(result => result.check === 'listed-after-create' && result.operationId.endsWith('Teams'));
    expect(listed.map(result => [result.operationId, result.outcome])).toEqual([['orgListTeams', 'passed']]);
  });

  it('does not ask state=all to list only records whose state is "all"', () => {
    const all = results.filter(result => result.operationId === 'listMilestones' && result.message.startsWith('state=all'));
    expect(all.length).toBeGreaterThan(0);
    expect(all.every(result => result.outcome === 'passed')).toBe(true);
  });
});
