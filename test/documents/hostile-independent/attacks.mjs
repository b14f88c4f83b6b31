// The hostile clients of the independent check of issue 31, run by probe.mjs (`attacks.mjs#<name>`).
// Each returns what it saw: statuses, times in ms, a short piece of each answer.
import { connect } from 'node:net';

const AUTH = { authorization: 'Bearer attacker', 'content-type': 'application/json' };

async function timed(url, init = {}) {
  const at = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    return { status: response.status, ms: Math.round(performance.now() - at), body: text.slice(0, 300), bytes: text.length };
  } catch (error) {
    return { error: String(error.cause?.code ?? error.message), ms: Math.round(performance.now() - at) };
  }
}

/** A value at the pets' extra.a.b.c.d.e, where generate.mjs puts the hostile schema. */
const at = value => ({ a: { b: { c: { d: { e: value } } } } });

const create = (base, body, headers = AUTH) => timed(`${base}/pets`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** Raw bytes on a socket, the first answer line back. */
function raw(origin, bytes, { wait = 5_000 } = {}) {
  const { hostname, port } = new URL(origin);
  return new Promise(done => {
    const at = performance.now();
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let answer = '';
    socket.on('data', chunk => { answer += chunk; });
    const finish = () => done({ ms: Math.round(performance.now() - at), answer: answer.split('\r\n')[0], bytes: answer.length });
    socket.on('close', finish);
    socket.on('error', finish);
    setTimeout(() => socket.destroy(), wait);
  });
}

export const createAny = async ({ base }) => ({
  valid: await create(base, { name: 'Rex', categoryId: 1 }),
  anonymous: await create(base, { name: 'Rex', categoryId: 1 }, { 'content-type': 'application/json' }),
  again: await create(base, { name: 'Rex', categoryId: 1 }),
});

export const extraObject = async ({ base }) => ({
  first: await create(base, { name: 'Rex', categoryId: 1, extra: at({ a0: 1, b1: 1 }) }),
  second: await create(base, { name: 'Rex', categoryId: 1, extra: at({}) }),
});

export const backtrackName = async ({ base }) => ({
  anonymous: await create(base, { name: `${'a'.repeat(28)}!`, categoryId: 1 }, { 'content-type': 'application/json' }),
  n24: await create(base, { name: `${'a'.repeat(24)}!`, categoryId: 1 }),
  n27: await create(base, { name: `${'a'.repeat(27)}!`, categoryId: 1 }),
});

export const patternProperties = async ({ base }) => ({
  n24: await create(base, { name: 'Rex', categoryId: 1, extra: at({ [`${'x'.repeat(24)}!`]: 'v' }) }),
  n27: await create(base, { name: 'Rex', categoryId: 1, extra: at({ [`${'x'.repeat(27)}!`]: 'v' }) }),
});

export const uniqueItems = async ({ base }) => {
  const items = count => Array.from({ length: count }, (_, index) => ({ i: index }));
  return {
    n5k: await create(base, { name: 'Rex', categoryId: 1, extra: at(items(5_000)) }),
    n20k: await create(base, { name: 'Rex', categoryId: 1, extra: at(items(20_000)) }),
    n60k: await create(base, { name: 'Rex', categoryId: 1, extra: at(items(60_000)) }),
  };
};

export const formats = async ({ base }) => {
  const results = {};
  const hostile = {
    'date-time': `2020-01-01T00:00:00${'.0'.repeat(1)}${'0'.repeat(60_000)}Z`,
    uri: `http://${'a.'.repeat(30_000)}/${'%20'.repeat(10_000)}?${'a=b&'.repeat(10_000)}`,
    email: `${'a.'.repeat(30_000)}@${'a'.repeat(30_000)}`,
    hostname: `${'a-'.repeat(30_000)}`,
    'uri-reference': `${'/a'.repeat(30_000)}!`,
    iri: `http://${'ä.'.repeat(30_000)}`,
    'idn-email': `${'ä.'.repeat(30_000)}@x`,
    'uri-template': `${'{a}'.repeat(30_000)}{`,
    duration: `P${'1Y'.repeat(30_000)}`,
    regex: `${'('.repeat(20_000)}a${')'.repeat(20_000)}`,
    'json-pointer': `${'/~0'.repeat(30_000)}~`,
    ipv6: `${'1:'.repeat(30_000)}`,
    time: `00:00:00${'0'.repeat(60_000)}`,
    date: `2020-01-0${'1'.repeat(60_000)}`,
  };
  for (const [format, value] of Object.entries(hostile)) {
    const result = await create(base, { name: 'Rex', categoryId: 1, [`f_${format}`]: value });
    results[format] = { status: result.status, ms: result.ms, error: result.error };
  }
  return results;
};

export const protoNames = async ({ base, origin }) => {
  const created = await create(base, '{"name":"Rex","categoryId":1,"__proto__":{"admin":true},"constructor":"c","toString":"t"}');
  const id = /"id":(\d+)/.exec(created.body)?.[1];
  return {
    created,
    read: await timed(`${base}/pets/${id}`, { headers: AUTH }),
    patch: await timed(`${base}/pets/${id}`, { method: 'PATCH', headers: { ...AUTH, 'content-type': 'application/merge-patch+json' }, body: '{"__proto__":{"name":7},"constructor":{"prototype":{"x":1}}}' }),
    list: await timed(`${base}/pets?limit=3`, { headers: AUTH }),
    constructorList: await timed(`${base}/constructor`, { headers: AUTH }),
    constructorCreate: await timed(`${base}/constructor`, { method: 'POST', headers: AUTH, body: '{"name":"Rex","categoryId":1}' }),
    toStringRead: await timed(`${base}/toString/1`, { headers: AUTH }),
    toStringProto: await timed(`${base}/toString/__proto__`, { headers: AUTH }),
    protoPet: await timed(`${base}/pets/__proto__`, { headers: AUTH }),
    session: await timed(`${base}/pets?limit=1`, { headers: { ...AUTH, 'x-petstore-session': '__proto__' } }),
    sessionCreate: await timed(`${base}/pets`, { method: 'POST', headers: { ...AUTH, 'x-petstore-session': 'constructor' }, body: '{"name":"Rex","categoryId":1}' }),
    state: await timed(`${origin}/__admin/state`, { method: 'PUT', headers: AUTH, body: '{"__proto__":[],"pets":[{"id":5,"name":"a","categoryId":1,"__proto__":{"x":1}}]}' }),
    override: await timed(`${origin}/__admin/overrides`, { method: 'POST', headers: AUTH, body: '{"operationId":"__proto__","status":503}' }),
    overrideCtor: await timed(`${origin}/__admin/overrides`, { method: 'POST', headers: AUTH, body: '{"operationId":"toString","status":503}' }),
    journal: await timed(`${origin}/__admin/requests?operationId=__proto__&status=constructor`, { headers: AUTH }),
    health: await timed(`${origin}/__admin/health`),
  };
};

export const paths = async ({ base, origin }) => {
  const results = {};
  for (const path of ['/pets/%C0%AF', '/pets/%FF', '/pets/%', '/pets/%00', '/pets/%E2%82', `/pets/${'%F0%9F%98%80'.repeat(2_000)}`, '/pets/%2e%2e/%2e%2e/__admin/state', '/pets/1%2F..%2F..', `/pets/${'a/'.repeat(5_000)}`, '/pets/\u00e9']) {
    const result = await timed(`${base}${path}`, { headers: AUTH });
    results[path.slice(0, 40)] = { status: result.status, ms: result.ms, body: result.body?.slice(0, 120), error: result.error };
  }
  results.rawOverlong = await raw(origin, 'GET /v1/pets/\xc0\xaf HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer x\r\nConnection: close\r\n\r\n');
  results.rawQueryPercent = await raw(origin, `GET /v1/pets?limit=%&status=%ZZ&${'%'.repeat(5000)}=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer x\r\nConnection: close\r\n\r\n`);
  results.adminPercent = await timed(`${origin}/__admin/requests?since=%ZZ&operationId=%`, { headers: AUTH });
  results.longUrl = await timed(`${base}/pets?${'a'.repeat(15_000)}=1`, { headers: AUTH });
  results.manyHeaders = await raw(origin, `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer x\r\n${Array.from({ length: 1500 }, (_, index) => `x-${index}: 1\r\n`).join('')}Connection: close\r\n\r\n`);
  return results;
};

export const deepObject = async ({ base }) => {
  const query = count => Array.from({ length: count }, (_, index) => `filter[k${index}]=v`).join('&');
  const nested = count => `filter${'[a]'.repeat(count)}=v`;
  return {
    k500: await timed(`${base}/pets?${query(500)}`, { headers: AUTH }),
    k1000: await timed(`${base}/pets?${query(1_000)}`, { headers: AUTH }),
    nested2000: await timed(`${base}/pets?${nested(2_000)}`, { headers: AUTH }),
    repeated: await timed(`${base}/pets?${'status=sold&'.repeat(1_200)}`, { headers: AUTH }),
  };
};

export const arrayBody = async ({ base }) => ({
  tiny100k: await create(base, `[${Array.from({ length: 100_000 }, () => '{}').join(',')}]`),
  tiny1m: await create(base, `[${Array.from({ length: 1_000_000 }, () => '0').join(',')}]`),
  deepArray: await create(base, `${'['.repeat(100_000)}${']'.repeat(100_000)}`),
  manyKeys: await create(base, `{"name":"Rex","categoryId":1,${Array.from({ length: 200_000 }, (_, index) => `"k${index}":0`).join(',')}}`),
});

export const contentTypes = async ({ base }) => {
  const body = '{"name":"Rex","categoryId":1}';
  const results = {};
  for (const type of ['application/json; charset=utf-16', 'application/json; charset=x-nonsense', 'application/json;;;;;', `application/json; ${'a=b; '.repeat(3_000)}`, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/merge-patch+json', '*/*', 'application/json, text/plain', `application/${'x'.repeat(8_000)}+json`]) {
    const result = await create(base, body, { authorization: 'Bearer x', 'content-type': type });
    results[type.slice(0, 50)] = { status: result.status, ms: result.ms, body: result.body?.slice(0, 100) };
  }
  results.formMany = await create(base, Array.from({ length: 200_000 }, (_, index) => `k${index}=v`).join('&'), { authorization: 'Bearer x', 'content-type': 'application/x-www-form-urlencoded' });
  results.multipartMany = await create(base, `${'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n'.repeat(50_000)}--x--\r\n`, { authorization: 'Bearer x', 'content-type': 'multipart/form-data; boundary=x' });
  results.gzip = await create(base, 'not gzip', { ...AUTH, 'content-encoding': 'gzip' });
  for (const key of Object.keys(results)) results[key] = { status: results[key].status, ms: results[key].ms, body: results[key].body?.slice(0, 100), error: results[key].error };
  return results;
};

export const slowloris = async ({ origin, log }) => {
  const { hostname, port } = new URL(origin);
  const sockets = [];
  for (let index = 0; index < 1_100; index += 1) {
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    socket.write('GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    sockets.push(socket);
  }
  await new Promise(done => setTimeout(done, 1_000));
  const during = [];
  for (let index = 0; index < 5; index += 1) during.push(await timed(`${origin}/__admin/health`));
  const drip = setInterval(() => { for (const socket of sockets) socket.write('x-a: b\r\n'); }, 2_000);
  await new Promise(done => setTimeout(done, 11_000));
  const after = [];
  for (let index = 0; index < 3; index += 1) after.push(await timed(`${origin}/__admin/health`));
  clearInterval(drip);
  const open = sockets.filter(socket => !socket.destroyed).length;
  for (const socket of sockets) socket.destroy();
  log(`slowloris: ${open} of ${sockets.length} still open after 12 s`);
  return { during: during.map(r => `${r.status ?? r.error} ${r.ms}ms`), after: after.map(r => `${r.status ?? r.error} ${r.ms}ms`), openAfter12s: open };
};

export const routes = async ({ base }) => {
  const results = {};
  for (const path of ['/pets/1/x19999/a/b', '/pets/1/x0/a/b', '/pets/1/nope/a/b', '/pets', '/pets/1', `/pets/1/${'x'.repeat(3000)}/a/b`]) {
    const times = [];
    let status;
    for (let index = 0; index < 5; index += 1) { const result = await timed(`${base}${path}`, { headers: AUTH }); times.push(result.ms); status = result.status ?? result.error; }
    results[path.slice(0, 40)] = { status, ms: times };
  }
  return results;
};

export const hugeExample = async ({ base }) => {
  const one = await timed(`${base}/pets`, { headers: { ...AUTH, prefer: 'example=huge' } });
  const many = await Promise.all(Array.from({ length: 8 }, () => timed(`${base}/pets?__example=huge`, { headers: AUTH })));
  return { one: { status: one.status, ms: one.ms, bytes: one.bytes, body: one.body?.slice(0, 100) }, many: many.map(r => `${r.status ?? r.error} ${r.ms}ms ${r.bytes}B`) };
};

export const serverVariables = async ({ base }) => ({
  list: await timed(`${base}/pets?limit=2`, { headers: AUTH }),
  create: await create(base, { name: 'Rex', categoryId: 1 }),
});

/** A few connections sending a header line every 2 s: when does the mock answer 408 and close them? */
export const trickle = async ({ origin }) => {
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  const sockets = Array.from({ length: 10 }, () => {
    const socket = connect(Number(port), hostname);
    const state = { socket, answer: '', closedAt: undefined };
    socket.on('error', () => undefined);
    socket.on('data', chunk => { state.answer += chunk; });
    socket.on('close', () => { state.closedAt = Math.round(performance.now() - started); });
    socket.write('GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    return state;
  });
  const drip = setInterval(() => { for (const { socket } of sockets) if (!socket.destroyed) socket.write('x-a: b\r\n'); }, 2_000);
  await new Promise(done => setTimeout(done, 25_000));
  clearInterval(drip);
  const result = sockets.map(({ answer, closedAt }) => `${answer.split('\r\n')[0] || 'no answer'} closed at ${closedAt ?? 'never (25 s)'}`);
  for (const { socket } of sockets) socket.destroy();
  return result.slice(0, 3);
};
