import { createEngine } from '../engine/index.js';
import type { Answer } from './answer.js';

/** The in-process mock made from the same document: what a team tests against. */
export interface MockTarget {
  send(method: string, target: string, headers: Record<string, string>, body: string | undefined): Promise<Answer>;
}

/**
 * The mock made from the document, sent each request as the deployment is: to `host` (the
 * deployment's), so that what the mock builds of the request's host (a page's `next` URL) is there as on the deployment.
 */
export async function createMockTarget(documentPath: string | undefined, basePath: string, seed: number, host: string): Promise<MockTarget> {
  const quiet = (): void => undefined;
  const engine = await createEngine({ ...(documentPath !== undefined && { documentPath }), seed, journalSize: 0, checkExamples: false, onWarning: quiet, onError: quiet });
  return {
    async send(method, target, headers, body) {
      const response = await engine.handle({ method, url: `${basePath}${target}`, headers: { host, ...headers }, body });
      const answer: Answer = { status: response.status, headers: response.headers, text: response.body ?? '', tooLarge: false };
      if (response.body !== undefined && response.body !== '') {
        try {
          answer.json = { value: JSON.parse(response.body) as unknown };
        } catch {
          // Not JSON.
        }
      }
      return answer;
    },
  };
}
