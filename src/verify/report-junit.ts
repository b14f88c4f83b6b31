import { describeRequest, groupByOperationAndCheck } from './group-results.js';
import type { CheckResult, VerifyResult } from './types.js';

/**
 * JUnit XML: one test case per operation × check. Errors are failures; warnings are printed in
 * `<system-out>`, or failures under `strict`. An inconclusive run adds a test case in error, so a
 * CI page is never green for a run that verified nothing.
 */
export function formatJunit(result: VerifyResult): string {
  const cases = groupByOperationAndCheck(result.results).map(group => {
    const errors = group.results.filter(each => each.outcome === 'error');
    const warnings = group.results.filter(each => each.outcome === 'warning');
    const skipped = group.results.every(each => each.outcome === 'skipped');
    const failing = result.strict ? [...errors, ...warnings] : errors;
    const body: string[] = [];
    if (failing.length > 0) {
      body.push(`      <failure message="${escape(firstLine(failing))}" type="${errors.length > 0 ? 'error' : 'warning'}">${escapeText(failing.map(describe).join('\n\n'))}</failure>`);
    } else if (skipped) {
      body.push(`      <skipped message="${escape(group.results[0]?.message ?? 'skipped')}"/>`);
    }
    if (!result.strict && warnings.length > 0) body.push(`      <system-out>${escapeText(warnings.map(describe).join('\n\n'))}</system-out>`);
    return { failed: failing.length > 0, skipped: skipped && failing.length === 0, xml: testCase(group.operationId, group.check, body) };
  });
  if (result.inconclusive) {
    cases.push({ failed: false, skipped: false, xml: testCase('verify', 'conclusive', [`      <error message="${escape(result.reason)}" type="inconclusive">${escapeText(result.reason)}</error>`]) });
  }
  const failures = cases.filter(each => each.failed).length;
  const skippedCount = cases.filter(each => each.skipped).length;
  const seconds = (result.summary.durationMs / 1000).toFixed(3);
  const attributes = `tests="${cases.length}" failures="${failures}" errors="${result.inconclusive ? 1 : 0}" skipped="${skippedCount}" time="${seconds}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-mock verify" ${attributes}>`,
    `  <testsuite name="${escape(`petstore-mock verify ${result.baseUrl}`)}" ${attributes}>`,
    '    <properties>',
    `      <property name="runId" value="${escape(result.runId)}"/>`,
    `      <property name="document" value="${escape(result.documentPath)}"/>`,
    `      <property name="exitCode" value="${result.exitCode}"/>`,
    `      <property name="reason" value="${escape(result.reason)}"/>`,
    '    </properties>',
    ...cases.map(each => each.xml),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testCase(operationId: string, check: string, body: string[]): string {
  const open = `    <testcase classname="${escape(operationId)}" name="${escape(`${operationId} ${check}`)}" time="0"`;
  return body.length === 0 ? `${open}/>` : [`${open}>`, ...body, '    </testcase>'].join('\n');
}

function describe(result: CheckResult): string {
  return [
    `${result.outcome.toUpperCase()} ${describeRequest(result)} — ${result.probe}`,
    result.message,
    ...(result.expected === undefined ? [] : [`expected: ${result.expected}`]),
    ...(result.actual === undefined ? [] : [`actual: ${result.actual}`]),
    ...(result.also && result.also.length > 0 ? [`also: ${result.also.join(', ')}`] : []),
  ].join('\n');
}

function firstLine(results: CheckResult[]): string {
  const [first] = results;
  return first ? `${describeRequest(first)}: ${first.message}${results.length > 1 ? ` (and ${results.length - 1} more)` : ''}` : '';
}

/** Text for XML content; characters XML 1.0 forbids are dropped. */
function escapeText(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Text for an XML attribute in double quotes. */
function escape(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}
