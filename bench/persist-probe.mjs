// The MSW handlers with `persist: 'localStorage'` (a Web Storage in memory, which keeps the string it
// is given) over 21 stores of 10,000 pets: milliseconds per GET that changes nothing (nothing is
// serialized or written) and per POST to one session (that store is serialized, the others' text
// reused). Prints {"getMs":…,"postMs":…}.
const { setupServer } = await import('msw/node');
const { createPetstoreMock } = await import('../dist/msw.js');

const items = new Map();
globalThis.localStorage = {
  getItem: key => items.get(key) ?? null,
  setItem: (key, value) => void items.set(key, value),
  removeItem: key => void items.delete(key),
  key: index => [...items.keys()][index] ?? null,
  clear: () => items.clear(),
  get length() {
    return items.size;
  },
};
const base = 'https://api.animal-store.example/v1';
const mock = createPetstoreMock({ persist: 'localStorage', pets: 10_000, maxPets: 11_000, baseUrl: base, onWarning() {} });
await mock.engine();
for (let index = 0; index < 20; index += 1) mock.openSession(`s${index}`).store.create({ name: 'Opened', categoryId: 1 });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
const auth = { authorization: 'Bearer bench' };
const post = () => fetch(`${base}/pets`, { method: 'POST', headers: { ...auth, 'x-petstore-session': 's1', 'content-type': 'application/json' }, body: '{"name":"Posted","categoryId":1}' });
const get = () => fetch(`${base}/pets/1`, { headers: auth });
const perRequest = async (count, send) => {
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await (await send()).arrayBuffer();
  return (performance.now() - started) / count;
};
await perRequest(50, post);
await perRequest(200, get);
const getMs = await perRequest(500, get);
const postMs = await perRequest(100, post);
server.close();
console.log(JSON.stringify({ getMs, postMs }));
