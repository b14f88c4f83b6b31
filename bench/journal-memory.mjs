// The journal's memory with request bodies, for `npm run bench` (run with --expose-gc): a mock
// server in this process is sent creates of ~1 KB bodies over HTTP; after 1,000 (the journal full)
// and after 3,000, a full garbage collection, then the heap in use and the resident memory. Prints JSON.
import { createMockServer } from '../dist/index.js';

const server = await createMockServer({ port: 0, maxPets: 10_000, onWarning: () => undefined });
const headers = { authorization: 'Bearer bench', 'content-type': 'application/json' };
const measure = () => {
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
};
const send = async (count, offset) => {
  for (let index = 0; index < count; index++) {
    // Fields NewPet does not declare are dropped from the pet, not from the journal: ~1 KB each.
    const body = JSON.stringify({ name: `Journal ${offset + index}`, categoryId: 1, notes: 'n'.repeat(950) });
    const response = await fetch(`${server.url}/pets`, { method: 'POST', headers, body });
    if (response.status !== 201) throw new Error(`A create answered ${response.status}.`);
    await response.arrayBuffer();
  }
};
await send(50, 0);
const start = measure();
await send(950, 50);
const full = measure();
await send(2_000, 1_000);
const afterMore = measure();
if (server.engine.journal.list().length !== 1_000) throw new Error('The journal does not hold 1,000 entries.');
await server.close({ drainMs: 0 });
console.log(JSON.stringify({ start, full, afterMore }));
