// Preloaded into a process under test (NODE_OPTIONS=--import): on SIGUSR2 it prints on standard
// error the size of V8's young generation ("new" space) now, and the largest size of the whole heap
// it saw, sampled every 5 ms from its start: `heap: young <bytes> peak <bytes>`.
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

let peak = 0;
setInterval(() => {
  peak = Math.max(peak, getHeapStatistics().total_heap_size);
}, 5).unref();

process.on('SIGUSR2', () => {
  const young = getHeapSpaceStatistics().find(space => space.space_name === 'new_space');
  process.stderr.write(`heap: young ${String(young?.space_size ?? NaN)} peak ${String(peak)}\n`);
});
