// One fresh process: import msw/node and petstore-mock/msw (this build's, or the build named by the
// argument), setupServer, first answer; prints the wall-clock and the CPU milliseconds it took (CPU
// time is the steadier figure on a shared machine). `msw-only` answers with one plain MSW handler.
const started = performance.now();
const url = 'https://api.animal-store.example/v1/pets';
const { setupServer } = await import('msw/node');
const handlers =
  process.argv[2] === 'msw-only'
    ? await (async () => {
        const { http, HttpResponse } = await import('msw');
        return [http.get(url, () => HttpResponse.json([{ id: 1, name: 'Rex', categoryId: 1 }]))];
      })()
    : (await import(process.argv[2] ?? '../dist/msw.js')).createHandlers();
const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: 'error' });
const response = await fetch(url, { headers: { authorization: 'Bearer bench' } });
if (response.status !== 200) throw new Error(`first answer ${response.status}`);
await response.json();
const cpu = process.cpuUsage();
console.log(JSON.stringify({ wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 }));
process.exit(0);
