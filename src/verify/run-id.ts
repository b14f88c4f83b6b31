import { randomBytes } from 'node:crypto';

/** A run's id: when it started and six random hex digits, e.g. `20260512T101500Z-3f9a1c`. */
export function createRunId(now: Date = new Date()): string {
  return `${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}-${randomBytes(3).toString('hex')}`;
}
