import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * Folders whose suites run the engine in the process, and whose files share one copy of its modules in
 * each worker (`isolate: false`) rather than import it again each (about a second a file: 164 s of the
 * suite's import time on Node 20). Every file there passes alone and in any order (`--sequence.shuffle`).
 */
const SHARED_MODULE_FOLDERS = ['test/unit', 'test/any-document', 'test/verify', 'test/engine', 'test/surfaces', 'test/contract'];
/** What a file does that another file in the same worker would see: it keeps a module graph of its own. */
const CHANGES_WHAT_OTHERS_SEE = /\bvi\.(?:mock|doMock|unmock|stubGlobal|stubEnv|spyOn|useFakeTimers|resetModules)\b|\bglobalThis\b|process\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|process\.chdir/;

const testFilesUnder = (folder: string): string[] =>
  readdirSync(source(`./${folder}`), { recursive: true, encoding: 'utf8' })
    .filter(file => file.endsWith('.test.ts'))
    .map(file => join(folder, file));
/**
 * Files whose time bounds failed in a shared worker on a loaded machine (load average 7 on two cores),
 * where they pass isolated: the built CLI's "ready on" within 10 s (twice), an answer within 5 s. Kept
 * isolated until a shared worker is shown not to make them flakier.
 */
const TIME_BOUND_IN_A_SHARED_WORKER = new Set(['test/any-document/compile-off-thread-cli.test.ts', 'test/any-document/fuzz-documents.test.ts']);
const sharingModules = SHARED_MODULE_FOLDERS.flatMap(testFilesUnder).filter(file => !TIME_BOUND_IN_A_SHARED_WORKER.has(file) && !CHANGES_WHAT_OTHERS_SEE.test(readFileSync(source(`./${file}`), 'utf8')));

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
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Suites start servers and child processes; two workers match the CI machine's two cores.
    maxWorkers: 2,
    // A test that makes no assertion fails: it could not have failed otherwise.
    expect: { requireAssertions: true },
    // The default report, then what was skipped and why: last, where a person reads it.
    reporters: ['default', './test/support/skip-summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'isolated', include: ['test/**/*.test.ts', 'examples/**/*.test.ts'], exclude: [...configDefaults.exclude, ...sharingModules] } },
      { extends: true, test: { name: 'shared modules', include: sharingModules, isolate: false } },
    ],
  },
});
