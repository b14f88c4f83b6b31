// Preloaded into a process under test started with --expose-gc (NODE_OPTIONS="--expose-gc --import
// <this file>"): on SIGUSR2 it collects the whole heap (twice: what a first collection frees may
// hold more) and prints on standard error the bytes still in use: `heap after gc: <bytes>`.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  process.stderr.write(`heap after gc: ${String(process.memoryUsage().heapUsed)}\n`);
});
