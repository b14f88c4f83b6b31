// One fresh process of the MSW benchmark. Modes:
//   import-msw        time to import msw/node alone
//   import-petstore   time to import msw/node and petstore-mock/msw and answer a first request
//                     (a third argument: another build's msw.js, e.g. the BENCH_BASELINE one)
//   first-trivial     the same with one plain MSW handler answering the pets' JSON: what a test file
//                     pays without petstore-mock
//   requests-petstore time for N sequential requests through the petstore-mock handlers
//   requests-trivial  time for N sequential requests through a trivial handler returning fixed JSON
const [mode = '', count = '1000'] = process.argv.slice(2);
const url = 'https://api.animal-store.example/v1/pets';
const init = { headers: { authorization: 'Bearer bench' } };
const started = performance.now();
const { setupServer } = await import('msw/node');

async function serve(handlers) {
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return server;
}

if (mode === 'import-msw') {
  console.log(performance.now() - started);
} else if (mode === 'import-petstore') {
  const { createHandlers } = await import(process.argv[4] ?? '../dist/msw.js');
  await serve(createHandlers());
  await (await fetch(url, init)).json();
  console.log(performance.now() - started);
} else if (mode === 'first-trivial') {
  const { http, HttpResponse } = await import('msw');
  const { readFileSync } = await import('node:fs');
  const pets = JSON.parse(readFileSync('.bench/pets.json', 'utf8'));
  await serve([http.get(url, () => HttpResponse.json(pets))]);
  await (await fetch(url, init)).json();
  console.log(performance.now() - started);
} else {
  const handlers =
    mode === 'requests-petstore'
      ? (await import('../dist/msw.js')).createHandlers()
      : await (async () => {
          const { http, HttpResponse } = await import('msw');
          const { readFileSync } = await import('node:fs');
          const pets = JSON.parse(readFileSync('.bench/pets.json', 'utf8'));
          return [http.get(url, () => HttpResponse.json(pets))];
        })();
  await serve(handlers);
  for (let index = 0; index < 50; index++) await (await fetch(url, init)).json();
  const loopStarted = performance.now();
  for (let index = 0; index < Number(count); index++) await (await fetch(url, init)).json();
  console.log(performance.now() - loopStarted);
}
process.exit(0);
