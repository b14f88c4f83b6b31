#!/usr/bin/env node
// The `petstore-mock` bin. Later starts skip compiling the bundled Prism and engine: on Node >= 22.1
// through Node's on-disk compile cache, turned on before the engine is loaded; before that, through
// V8's code cache of the CLI built as one script (dist/chunks/cli-bundle.cjs, src/code-cache), or,
// when that script is absent, by loading the CLI's modules as usual.
import module from 'node:module';
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import type * as Cli from './cli/index.js';
import { runCodeCachedScript } from './code-cache/index.js';

const compileCache = module as { enableCompileCache?: () => unknown; flushCompileCache?: () => void };
compileCache.enableCompileCache?.();

/**
 * Node writes the compile cache when the process exits, which a mock stopped with SIGKILL (a test
 * runner's teardown, `docker kill`) never does: it is written, and so is V8's code cache of the CLI's
 * script, once the first answer is sent (its code compiled too), or a second after the mock is ready
 * without one (Node >= 22.10 and Node < 22.1 respectively; each a no-op otherwise).
 */
const START_OVER_AFTER_MS = 1_000;

/**
 * How much V8 lets its heap grow, for a process that mostly answers small requests (decision 0012;
 * README, "Performance"): the young generation stays at its size (V8 grows it to 32 MiB while objects
 * keep surviving it, as the journal's entries do under load), and the old one is collected once it
 * is half again what was alive after the last full collection (V8 let it quadruple: 8 MiB alive,
 * collected at 33). Set once the start is over and its caches are written: V8 refuses code caches
 * made under other flags, Node's own modules' included (set first thing, they cost every start about
 * 10 ms). This process is the mock's own: the library entries (createMockServer, MSW) never set a flag.
 */
function keepHeapSmall(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--heap-growing-percent=50');
}

const codeCached = compileCache.enableCompileCache ? undefined : runCodeCachedScript(fileURLToPath(new URL('./chunks/cli-bundle.cjs', import.meta.url)), process.env);
const { runCli, createStandardLines } = (codeCached?.exports as typeof Cli | undefined) ?? (await import('./cli/index.js'));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

// A closed pipe or a full disk behind standard output or error drops its lines, never the mock.
const result = await runCli({ argv: process.argv.slice(2), env: process.env, ...createStandardLines(process.stdout, process.stderr), version });

if (typeof result === 'number') {
  process.exitCode = result;
} else {
  let startOver = false;
  const afterStart = (): void => {
    if (startOver) return;
    startOver = true;
    codeCached?.saveCodeCache();
    compileCache.flushCompileCache?.();
    keepHeapSmall();
  };
  result.server.once('request', (_request, response: NodeJS.EventEmitter) => response.once('finish', () => setImmediate(afterStart)));
  setTimeout(afterStart, START_OVER_AFTER_MS).unref();
  const stop = (): void => {
    // Answers what is in flight (delays cut short; 503 for what is not answered in 1.5 s), then
    // exits: within 2 seconds even when a client holds a connection open.
    setTimeout(() => process.exit(0), 2_000).unref();
    void result.close({ drainMs: 1_500 }).then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
