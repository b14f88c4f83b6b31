// Preloaded into a process under test started with --expose-gc (NODE_OPTIONS="--expose-gc --import
// <this file>"): on SIGUSR2 it collects all the garbage V8 can collect and prints on standard error the
// bytes of the heap still in use: `heap after gc: <bytes>`.
//
// A plain gc() is not enough: V8 keeps caches that only a last-resort collection (the one it makes
// before it gives up for want of memory) clears, such as the compilation cache of the code that
// `new Function` made (Ajv's validators). Between two plain collections they read as growth, 0.2 MiB a
// document reload on Node 20 and 0.43 MiB on Node 24, where they once came within 5% of a test's bound;
// between two last-resort collections the heap of a mock reloaded 24 times does not grow. V8 12 and
// later take that collection as a gc() option; Node 20's V8 11 ignores the option, and makes it for a
// heap snapshot, written here to nowhere (about 3.5 s on a 30 MiB heap).
import { devNull } from 'node:os';
import { writeHeapSnapshot } from 'node:v8';

const v8Major = Number(process.versions.v8.split('.')[0]);

process.on('SIGUSR2', () => {
  if (v8Major >= 12) globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  else writeHeapSnapshot(devNull);
  process.stderr.write(`heap after gc: ${String(process.memoryUsage().heapUsed)}\n`);
});
