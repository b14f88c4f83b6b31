import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Suites start servers and child processes; two workers match the CI machine's two cores.
    maxWorkers: 2,
  },
});
