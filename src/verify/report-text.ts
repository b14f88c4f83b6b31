import { describeRequest } from './group-results.js';
import type { CheckResult, VerifyResult } from './types.js';

const COLOURS = { red: '\u001b[31m', yellow: '\u001b[33m', green: '\u001b[32m', dim: '\u001b[2m', bold: '\u001b[1m', reset: '\u001b[0m' } as const;

/** The human report: findings first (errors, then warnings), coverage, what was left behind, the summary. */
export function formatText(result: VerifyResult, { colour = false }: { colour?: boolean } = {}): string {
  const paint = (name: keyof typeof COLOURS, text: string): string => (colour ? `${COLOURS[name]}${text}${COLOURS.reset}` : text);
  const lines: string[] = [];
  lines.push(paint('bold', `petstore-mock verify ${result.baseUrl}`));
  lines.push(`run ${result.runId} · document ${result.documentPath} · mock ${result.mock.compared ? 'compared' : 'not compared'}${result.readOnly ? ' · read-only' : ''}${result.strict ? ' · strict' : ''}`);
  if (result.mock.note) lines.push(paint('dim', result.mock.note));
  const errors = result.findings.filter(finding => finding.outcome === 'error');
  const warnings = result.findings.filter(finding => finding.outcome === 'warning');
  // A run that could not conclude found nothing wrong only because it checked nothing: it says why instead.
  if (errors.length + warnings.length === 0) lines.push('', result.inconclusive ? result.reason : 'No errors or warnings.');
  // One block a finding: one cause is one finding, with the other requests it was seen on after it.
  for (const finding of [...errors, ...warnings]) {
    lines.push('', ...describeFinding(finding, paint));
    if (finding.also && finding.also.length > 0) lines.push(`        also: ${finding.also.join(', ')}`);
  }
  if (result.coverage.length > 0) {
    lines.push('', 'Statuses declared → answered by the deployment:');
    const width = Math.max(...result.coverage.map(entry => entry.operationId.length));
    for (const entry of result.coverage) {
      const answered = entry.notChecked === undefined ? entry.observed.join(' ') || '(none)' : `not checked (${entry.notChecked})`;
      lines.push(`  ${entry.operationId.padEnd(width)}  ${entry.declared.join(' ')} → ${answered}`);
    }
  }
  if (result.cleanup.note || result.cleanup.leftBehind.length > 0 || result.cleanup.removed.length > 0) {
    lines.push('', 'Clean-up:');
    if (result.cleanup.note) lines.push(`  ${result.cleanup.note}`);
    for (const location of result.cleanup.removed) lines.push(`  removed ${location}`);
    // Named where its schema let the run name it; a record of no `name` is its path alone.
    for (const left of result.cleanup.leftBehind) lines.push(`  left ${left.location}${left.name === '' ? '' : ` "${left.name}"`} (${left.reason})`);
  }
  const { summary } = result;
  lines.push(
    '',
    `${summary.requests} requests, ${summary.checks} checks: ${paint('green', `${summary.passed} passed`)}, ${paint(summary.errors > 0 ? 'red' : 'dim', count(summary.errors, 'error'))}, ${paint(summary.warnings > 0 ? 'yellow' : 'dim', count(summary.warnings, 'warning'))}, ${summary.skipped} skipped, in ${summary.durationMs} ms.`,
  );
  return lines.join('\n');
}

function describeFinding(finding: CheckResult, paint: (name: keyof typeof COLOURS, text: string) => string): string[] {
  const label = finding.outcome === 'error' ? paint('red', 'ERROR  ') : paint('yellow', 'WARNING');
  const lines = [`${label} ${finding.operationId} · ${finding.check} · ${describeRequest(finding)}`, `        ${finding.message}`];
  if (finding.expected !== undefined) lines.push(`        expected: ${finding.expected}`);
  if (finding.actual !== undefined) lines.push(`        actual:   ${finding.actual}`);
  return lines;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
