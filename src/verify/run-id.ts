import { randomBytes } from 'node:crypto';

/** The run's id as a key may hold it (`20260512t101500z3f9a1c`): lower-case letters and digits. */
export function runKeyPart(runId: string): string {
  return runId.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A run's id: when it started and six random hex digits, e.g. `20260512T101500Z-3f9a1c`. */
export function createRunId(now: Date = new Date()): string {
  return `${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}-${randomBytes(3).toString('hex')}`;
}

/**
 * A key of the run's own, `tag` naming what it is for (`unknown`, a serial): `pmv-<tag>-<run>`; where the key's
 * schema holds fewer characters (FinSpace's ids, at most 26), the run's random part before its time, cut to fit.
 */
export function runKey(runId: string, tag: string, maxLength?: number): string {
  const whole = `pmv-${tag}-${runKeyPart(runId)}`;
  if (maxLength === undefined || whole.length <= maxLength) return whole;
  const part = runKeyPart(runId);
  return `pmv-${tag}-${part.slice(-6)}${part.slice(0, -6)}`.slice(0, Math.max(maxLength, 1));
}
