import type { CheckResult } from './types.js';

/** A check result as a run records it: with what caused it and the status answered, until findings are merged. */
export type RecordedResult = CheckResult & {
  /** See `Expectation.cause`. */
  cause?: string;
  /** The deployment's status for the request. */
  status?: number;
};

/**
 * One cause is one finding: findings of an operation with the same cause (or, without one, the
 * same check and message) become the first error among them (else the first warning), which lists
 * the other requests under `also`. Counts, the text's blocks and JUnit's failures then agree.
 */
export function mergeFindings(recorded: readonly RecordedResult[]): CheckResult[] {
  const groups = new Map<string, RecordedResult[]>();
  for (const result of recorded) {
    if (result.outcome !== 'error' && result.outcome !== 'warning') continue;
    const key = [result.operationId, result.cause ?? `${result.check}\u0000${result.message}`].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  const also = new Map<RecordedResult, string[]>();
  const merged = new Set<RecordedResult>();
  for (const group of groups.values()) {
    const first = group.find(result => result.outcome === 'error') ?? group[0];
    if (!first) continue;
    const own = describe(first);
    also.set(first, [...new Set(group.map(describe))].filter(each => each !== own));
    for (const result of group) if (result !== first) merged.add(result);
  }
  return recorded
    .filter(result => !merged.has(result))
    .map(result => {
      const reported: RecordedResult = { ...result };
      delete reported.cause;
      delete reported.status;
      const others = also.get(result) ?? [];
      return others.length > 0 ? { ...reported, also: others } : reported;
    });
}

/** `GET /pets/7 (200)`, or the probe's label when no request was sent. */
function describe(result: RecordedResult): string {
  if (!result.request) return result.probe;
  return `${result.request.method} ${result.request.path}${result.status === undefined ? '' : ` (${result.status})`}`;
}
