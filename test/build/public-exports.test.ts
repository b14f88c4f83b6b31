import { describe, expect, it } from 'vitest';
import { PUBLIC_EXPORTS } from '../support/public-exports.js';

describe('the public exports', () => {
  it.each([
    ['petstore-mock', () => import('../../src/index.js')],
    ['petstore-mock/fixtures', () => import('../../src/fixtures/index.js')],
    ['petstore-mock/msw', () => import('../../src/msw/index.js')],
    ['petstore-mock/storybook', () => import('../../src/storybook/index.js')],
  ] as const)('of %s are the listed names', async (entry, load) => {
    expect(Object.keys(await load()).sort()).toEqual([...PUBLIC_EXPORTS[entry]]);
  });
});

describe('the public exports of petstore-mock/testcontainers', () => {
  it('are the listed names', async () => {
    expect(Object.keys(await import('../../src/testcontainers/index.js')).sort()).toEqual(['DEFAULT_IMAGE', 'PetstoreMockContainer', 'StartedPetstoreMockContainer']);
  });
});
