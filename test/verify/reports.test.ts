import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { formatJson, formatJunit, formatText, type VerifyResult } from '../../src/verify/index.js';

/** A run whose scenario phase crashed after one finding: what every report must still render. */
function crashedRun(strict = false): VerifyResult {
  const results: VerifyResult['results'] = [
    { outcome: 'passed', operationId: 'listPets', check: 'status-declared', probe: 'with credentials', message: '200 is declared.', request: { method: 'GET', path: '/pets', headers: { authorization: '[redacted]' } } },
    { outcome: 'warning', operationId: 'getPet', check: 'mock-headers', probe: 'with credentials', message: 'The mock sends sunset; the deployment does not.', request: { method: 'GET', path: '/pets/1', headers: {} }, expected: 'sunset: Thu, 05 Dec 2030 00:00:00 GMT', actual: '(absent)' },
    { outcome: 'error', operationId: '*', check: 'verify-crashed', probe: 'scenario', message: 'The scenario phase failed: <boom> & "quotes" \u0007' },
  ];
  return {
    ok: false, inconclusive: true, exitCode: 2, reason: 'Inconclusive: verify itself failed (scenario: <boom>); the report holds what ran before.',
    runId: 'run-1', baseUrl: 'http://127.0.0.1:1/v1', documentPath: '/tmp/petstore.yaml', readOnly: false, strict, mock: { compared: true },
    summary: { checks: 3, passed: 1, errors: 1, warnings: 1, skipped: 0, requests: 1, durationMs: 12 },
    findings: results.filter((result): result is VerifyResult['findings'][number] => result.outcome === 'error' || result.outcome === 'warning'),
    results, coverage: [{ operationId: 'listPets', declared: ['200'], observed: [200] }], cleanup: { removed: [], leftBehind: [] },
  };
}

describe('the reports of a run whose phase crashed', () => {
  it('render as well-formed JUnit, with a failing test case for the crash and the run', () => {
    const xml = formatJunit(crashedRun());
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<testcase classname="*" name="* verify-crashed" time="0">');
    expect(xml).toContain('<error message="Inconclusive: verify itself failed (scenario: &lt;boom&gt;)');
    expect(xml).toMatch(/<system-out>WARNING GET \/pets\/1/);
  });

  it('turn warnings into JUnit failures under strict', () => {
    const xml = formatJunit(crashedRun(true));
    expect(xml).toMatch(/<testcase classname="getPet" name="getPet mock-headers" time="0">\n {6}<failure [^>]*type="warning"/);
  });

  it('render as text and as JSON', () => {
    expect(formatText(crashedRun())).toMatch(/ERROR {3}\* · verify-crashed · scenario/);
    expect((JSON.parse(formatJson(crashedRun())) as { exitCode: number }).exitCode).toBe(2);
  });

  it('name each record left behind by its path, and by its name where it has one', () => {
    const run = crashedRun();
    run.cleanup.leftBehind.push(
      { operationId: 'createPet', location: '/pets/21', name: 'petstore-mock-verify run-1', reason: 'no DELETE /pets/{petId} in the document' },
      { operationId: 'uploadImage', location: '/pets/21/images', name: '', reason: 'no DELETE for what uploadImage creates in the document' },
    );
    const text = formatText(run);
    expect(text).toContain('  left /pets/21 "petstore-mock-verify run-1" (no DELETE /pets/{petId} in the document)');
    expect(text).toContain('  left /pets/21/images (no DELETE for what uploadImage creates in the document)');
  });

  it('colour the text only when asked', () => {
    expect(formatText(crashedRun())).not.toContain('\u001b[');
    expect(formatText(crashedRun(), { colour: true })).toContain('\u001b[31m');
  });
});
