import type { CheckResult } from './types.js';

/** Results grouped by operation and check, in the order first seen: one JUnit test case each. */
export function groupByOperationAndCheck(results: CheckResult[]): { operationId: string; check: string; results: CheckResult[] }[] {
  const groups = new Map<string, { operationId: string; check: string; results: CheckResult[] }>();
  for (const result of results) {
    const key = `${result.operationId}\u0000${result.check}`;
    const group = groups.get(key) ?? { operationId: result.operationId, check: result.check, results: [] };
    group.results.push(result);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** `GET /pets?limit=101`, or the probe's label when no request was sent. */
export function describeRequest(result: CheckResult): string {
  return result.request ? `${result.request.method} ${result.request.path}` : result.probe;
}
