import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // The examples import the package by name, as a client team would; here that name is the source.
    alias: [
      { find: /^petstore-mock\/msw$/, replacement: source('./src/msw/index.ts') },
      { find: /^petstore-mock\/storybook$/, replacement: source('./src/storybook/index.ts') },
      { find: /^petstore-mock\/fixtures$/, replacement: source('./src/fixtures/index.ts') },
      { find: /^petstore-mock$/, replacement: source('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Suites start servers and child processes; two workers match the CI machine's two cores.
    maxWorkers: 2,
    // A test that makes no assertion fails: it could not have failed otherwise.
    expect: { requireAssertions: true },
    // The default report, then what was skipped and why: last, where a person reads it.
    reporters: ['default', './test/support/skip-summary-reporter.ts'],
  },
});
