import { describe, expect, it } from 'vitest';
import { describeResources } from '../../src/cli/describe-document.js';
import { MAX_LINE_CHARACTERS } from '../../src/cli/bounded-lines.js';
import { createEngine } from '../../src/index.js';
import { bigDocument } from '../support/big-document.js';

describe('the start lines naming the collections that keep state', () => {
  it('name every collection with its paths, a line each, where one line cannot hold them all', async () => {
    const engine = await createEngine({ document: bigDocument({ collections: 13, schemas: 13, seed: 3 }) });
    const [first, ...rest] = describeResources(engine.document);
    expect(first).toBe('state kept for 13 collection(s), each with its paths below: resource_0s, resource_1s, resource_2s, resource_3s, resource_4s, resource_5s, resource_6s, resource_7s, resource_8s, resource_9s, resource_10s, resource_11s and 1 more');
    const perCollection = rest.filter(line => line.startsWith('  '));
    expect(perCollection).toHaveLength(13);
    expect(perCollection[12]).toBe('  resource_12s: /v1/resource_12s, /v1/resource_12s/{resource_12_id}');
    for (const line of [first ?? '', ...perCollection]) expect(line.length).toBeLessThanOrEqual(MAX_LINE_CHARACTERS);
  });

  it('keep a few collections on the one line, each with its paths', async () => {
    const engine = await createEngine({ document: bigDocument({ collections: 2, schemas: 4, seed: 3 }) });
    expect(describeResources(engine.document)[0]).toBe('state kept for 2 collection(s): resource_0s (/v1/resource_0s, /v1/resource_0s/{resource_0_id}), resource_1s (/v1/resource_1s, /v1/resource_1s/{resource_1_id})');
  });
});
