import type { CheckResult, Finding, VerifySummary } from './types.js';

export interface RunFacts {
  results: CheckResult[];
  strict: boolean;
  /** Set when the run stopped before it could verify anything: why. */
  stopped: string | undefined;
  /** Set when a phase failed: which, and how. */
  crashed: string | undefined;
  withCredentials: { answers: number; unauthorized: number };
}

export interface Conclusion {
  ok: boolean;
  inconclusive: boolean;
  exitCode: 0 | 1 | 2;
  reason: string;
}

/** Turns what the run saw into a verdict: never a pass when nothing, or not enough, was verified. */
export function conclude(facts: RunFacts): Conclusion {
  const findings = facts.results.filter(isFinding);
  const errors = findings.filter(finding => finding.outcome === 'error').length;
  const warnings = findings.length - errors;
  const inconclusive = (reason: string): Conclusion => ({ ok: false, inconclusive: true, exitCode: 2, reason: `Inconclusive: ${reason}` });
  if (facts.stopped !== undefined) return inconclusive(facts.stopped);
  if (facts.crashed !== undefined) return inconclusive(`verify itself failed (${facts.crashed}); the report holds what ran before.`);
  if (facts.withCredentials.answers > 0 && facts.withCredentials.unauthorized === facts.withCredentials.answers) {
    return inconclusive(`every request with the token (${facts.withCredentials.answers}) was answered 401: the deployment refuses it. Check --token or PETSTORE_VERIFY_TOKEN.`);
  }
  const verified = facts.results.filter(result => result.check !== 'connection' && (result.outcome === 'passed' || result.outcome === 'error' || result.outcome === 'warning'));
  if (verified.length === 0) return inconclusive('nothing was verified: no request got an answer to check.');
  if (errors > 0) return { ok: false, inconclusive: false, exitCode: 1, reason: `Failed: ${count(errors, 'error')}${warnings > 0 ? ` and ${count(warnings, 'warning')}` : ''}: the deployment does not match the document.` };
  if (warnings > 0 && facts.strict) return { ok: false, inconclusive: false, exitCode: 1, reason: `Failed under --strict: ${count(warnings, 'warning')}, no errors.` };
  return { ok: true, inconclusive: false, exitCode: 0, reason: `Passed: ${count(verified.filter(result => result.outcome === 'passed').length, 'check')} passed${warnings > 0 ? `, ${count(warnings, 'warning')}` : ''}.` };
}

export function isFinding(result: CheckResult): result is Finding {
  return result.outcome === 'error' || result.outcome === 'warning';
}

export function summarize(results: CheckResult[], requests: number, durationMs: number): VerifySummary {
  const countOf = (outcome: CheckResult['outcome']): number => results.filter(result => result.outcome === outcome).length;
  return { checks: results.length, passed: countOf('passed'), errors: countOf('error'), warnings: countOf('warning'), skipped: countOf('skipped'), requests, durationMs };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
