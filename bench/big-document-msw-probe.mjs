// One fresh process of the big-document bench on MSW in Node: `createPetstoreMock({ documentPath })`
// from the built petstore-mock/msw, setupServer, then a first create, a first read and 20 later
// creates through `fetch`. Prints one JSON line: each time in ms, the CPU time and resident memory.
// Arguments: the document's path, the collection's path (`/v1/resource_0s`), the create's JSON body.
const [documentPath = '', collection = '', body = '{}'] = process.argv.slice(2);
const origin = 'https://api.big.example';
const headers = { authorization: 'Bearer bench', 'content-type': 'application/json' };
const started = performance.now();
const cpuStarted = process.cpuUsage();
const { setupServer } = await import('msw/node');
const { createPetstoreMock } = await import('../dist/msw.js');
const errors = [];
const mock = createPetstoreMock({ documentPath, onError: message => errors.push(message) });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
await mock.engine();
const readyMs = performance.now() - started;

async function timed(method) {
  const requestStarted = performance.now();
  const response = await fetch(`${origin}${collection}`, { method, headers, ...(method === 'POST' && { body }) });
  await response.arrayBuffer();
  if (response.status >= 300) throw new Error(`${method} ${collection} answered ${response.status}`);
  return performance.now() - requestStarted;
}

const firstCreateMs = await timed('POST');
const firstReadMs = await timed('GET');
const later = [];
for (let index = 0; index < 20; index++) later.push(await timed('POST'));
later.sort((a, b) => a - b);
const cpu = process.cpuUsage(cpuStarted);
server.close();
console.log(
  JSON.stringify({
    readyMs,
    firstCreateMs,
    firstReadMs,
    laterCreateMs: later[10],
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssMiB: process.memoryUsage().rss / 1024 / 1024,
    errors: errors.length,
  }),
);
process.exit(0);
