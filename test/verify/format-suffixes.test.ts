import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startDeployment } from './drifted-mock.js';
import { runVerify, type VerifyResult } from './run-verify.js';
import { keyTextInLocation } from '../../src/verify/plan-probes.js';
import { loadDocument } from '../../src/document/index.js';

// Discourse's shape (third check): paths ending in `.json`.
const DOCUMENT = fileURLToPath(new URL('../documents/findings/format-suffix-paths.yaml', import.meta.url));

describe('verify against the mock of a document whose paths end in a format suffix', () => {
  it('passes: the created record read back by its key, an action on a record it knows none of answered 404 without an error', async () => {
    const deployment = await startDeployment(DOCUMENT);
    try {
      const { code, stdout } = await runVerify([deployment.url, '--document', DOCUMENT, '--timeout', '30000', '--format', 'json']);
      const report = JSON.parse(stdout) as { results: VerifyResult[]; cleanup: { leftBehind: { operationId: string; location: string }[] } };
      const results = report.results;
      // A tag group has no DELETE: left behind, named by its own URL.
      const tagGroup = report.cleanup.leftBehind.find(left => left.operationId === 'createTagGroup');
      expect(tagGroup?.location).toMatch(/^\/tag_groups\/\d+\.json$/);
      expect(results.filter(result => result.outcome === 'error')).toEqual([]);
      expect(code).toBe(0);
      expect(results.some(result => result.operationId === 'updateCategory' && result.outcome === 'passed')).toBe(true);
      expect(results.some(result => result.operationId === 'inviteToTopic' && result.message.includes('404') && result.outcome === 'passed')).toBe(true);
    } finally {
      await deployment.close();
    }
  });

  it('reads the key a Location names less the suffix the item path writes around it', async () => {
    const document = await loadDocument(DOCUMENT);
    const categories = document.resources.byName.get('categories');
    expect(categories).toBeDefined();
    if (categories === undefined) return;
    expect(keyTextInLocation('http://forum.example/categories/22.json', categories)).toBe('22');
    expect(keyTextInLocation('/categories/a%20b.json?x=1', categories)).toBe('a b');
    expect(keyTextInLocation('/categories/22', categories)).toBe('22');
  });
});
