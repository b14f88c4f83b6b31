import type { Random } from '../../sessions/index.js';

/** Seconds a 503 fault asks the client to wait. */
export const FAULT_RETRY_AFTER_SECONDS = 1;

/** Checks `--fault-rate`: a share from 0 to 1. */
export function checkFaultRate(rate: number): number {
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`[petstore-mock] faultRate must be a share from 0 to 1, got ${rate}.`);
  return rate;
}

/**
 * One draw per routed request: with probability `rate` a fault, half of them 500 and half 503 with
 * `Retry-After`. The same seed gives the same faults in the same order.
 */
export function drawFault(rate: number, random: Random): Fault | undefined {
  if (rate === 0) return undefined;
  const roll = random();
  if (roll >= rate) return undefined;
  const share = `(--fault-rate ${rate})`;
  return roll < rate / 2
    ? { code: 'internal_error', message: `An injected fault ${share}: the mock answers 500 on purpose.`, headers: {} }
    : {
        code: 'service_unavailable',
        message: `An injected fault ${share}: the service is unavailable; retry after ${FAULT_RETRY_AFTER_SECONDS} second.`,
        headers: { 'retry-after': String(FAULT_RETRY_AFTER_SECONDS) },
      };
}

/** An injected fault: the error it answers (500 `internal_error` or 503 `service_unavailable`), in a sentence, with its headers. */
export interface Fault {
  readonly code: 'internal_error' | 'service_unavailable';
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
}
