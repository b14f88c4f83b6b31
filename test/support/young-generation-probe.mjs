// Preloaded into a process under test (NODE_OPTIONS=--import): on SIGUSR2 it prints the size of
// V8's young generation ("new" space) on standard error, as `young generation: <bytes>`.
import { getHeapSpaceStatistics } from 'node:v8';

process.on('SIGUSR2', () => {
  const young = getHeapSpaceStatistics().find(space => space.space_name === 'new_space');
  process.stderr.write(`young generation: ${String(young?.space_size ?? NaN)}\n`);
});
