import { randomBytes } from 'node:crypto';

/** The run's id as a key may hold it (`20260512t101500z3f9a1c`): lower-case letters and digits. */
export function runKeyPart(runId: string): string {
  return runId.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A run's id: when it started and six random hex digits, e.g. `20260512T101500Z-3f9a1c`. */
export function createRunId(now: Date = new Date()): string {
  return `${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}-${randomBytes(3).toString('hex')}`;
}
