import { request as httpRequest, Agent } from 'node:http';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Pet } from '../../src/index.js';
import { parseCli } from '../../src/cli/index.js';
import { originsToOpen } from '../../src/cli/origins-to-open.js';
import { freePort, waitUntilAnswering } from '../support/ports.js';
import { runCliToEnd, startCli } from '../support/run-cli.js';

/** Node 24, where .ci/run installed it, besides the Node running the tests. */
const NODE_24 = join(process.env['PETSTORE_CI_CACHE'] ?? join(homedir(), '.cache', 'petstore-mock-ci'), 'node24', 'bin', 'node');
const NODES_TO_TRY: [string, string][] = [[`Node ${process.versions.node}`, process.execPath], ...(existsSync(NODE_24) && NODE_24 !== process.execPath ? [['Node 24 of .ci/run', NODE_24] as [string, string]] : [])];

const FAKE_INTERFACES = {
  lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  eth0: [
    { address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4', mac: '02:42:ac:11:00:02', internal: false, cidr: '192.168.1.20/24' },
    { address: 'fe80::42:acff:fe11:2', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:42:ac:11:00:02', internal: false, cidr: 'fe80::42:acff:fe11:2/64', scopeid: 2 },
  ],
  docker0: [{ address: '172.17.0.2', netmask: '255.255.0.0', family: 'IPv4', mac: '02:42:ac:11:00:03', internal: false, cidr: '172.17.0.2/16' }],
  bridge: [{ address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4', mac: '02:42:ac:11:00:04', internal: false, cidr: '192.168.1.20/24' }],
} as const;

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const AUTH = { authorization: 'Bearer cli-test' };

async function readyUrl(cli: ReturnType<typeof startCli>): Promise<string> {
  const line = await cli.waitForLine(/ready on /);
  const url = /ready on (\S+)/.exec(line)?.[1];
  if (!url) throw new Error(`No URL in "${line}"`);
  return url;
}

describe('the petstore-mock command', () => {
  it('prints every flag with --help and exits 0', async () => {
    const { code, stdout } = await runCliToEnd(['--help']);
    expect(code).toBe(0);
    for (const flag of [
      '--port', '--host', '--seed', '--pets', '--api-key', '--no-cors', '--log-level', '--default-status', '--validate-responses', '--delay', '--fault-rate',
      '--max-sessions', '--max-pets', '--journal-size', '--admin-token', '--now', '--help', '--version',
    ]) {
      expect(stdout).toContain(flag);
    }
    for (const variable of [
      'PORT', 'HOST', 'PETSTORE_SEED', 'PETSTORE_PETS', 'PETSTORE_API_KEYS', 'PETSTORE_CORS', 'PETSTORE_LOG_LEVEL', 'PETSTORE_DELAY', 'PETSTORE_FAULT_RATE',
      'PETSTORE_MAX_SESSIONS', 'PETSTORE_MAX_PETS', 'PETSTORE_JOURNAL_SIZE', 'PETSTORE_ADMIN_TOKEN', 'PETSTORE_NOW',
    ]) {
      expect(stdout).toContain(variable);
    }
  });

  it('prints the package version with --version', async () => {
    const { code, stdout } = await runCliToEnd(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(version);
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', 'eighty'], /--port must be a whole number from 0 to 65535, got "eighty"/],
    [['--port', '70000'], /--port must be a whole number/],
    [['--pets=-3'], /--pets must be a whole number/],
    [['--pets', 'many'], /--pets must be a whole number/],
    [['--log-level', 'loud'], /--log-level must be one of silent, error, info, debug/],
    [['--default-status', 'lost'], /--default-status must be one of the document's statuses \(available, pending, sold\) or none/],
    [['stray'], /Unexpected argument 'stray'/],
    [['--delay', 'soon'], /--delay must be milliseconds \(300\) or a range \(100-400/],
    [['--delay', '400-100'], /the lower bound first, got "400-100"/],
    [['--pets', '-1'], /--pets must be a whole number from 0 to 100000, got "-1"/],
    [['--api-key', ''], /--api-key must each be a non-blank token without spaces .*entry 1 of 1 is ""/],
    [['--api-key', ' '], /--api-key must each be a non-blank token/],
    [['--api-key', 'good', '--api-key', 'has space'], /--api-key must each be a non-blank token .*entry 2 of 2 is "has space"/],
    [['--admin-token', ''], /--admin-token must be a non-blank token without spaces \(leave the option out for open admin endpoints\), got ""/],
    [['--admin-origin', 'localhost:6006'], /--admin-origin must each be an origin such as http:\/\/localhost:6006/],
    [['--fault-rate', '1.5'], /--fault-rate must be a share from 0 to 1 such as 0.05, got "1.5"/],
    [['--fault-rate', '5%'], /--fault-rate must be a share from 0 to 1/],
    [['--max-sessions', '0'], /--max-sessions must be a whole number from 1 to 100000/],
    [['--journal-size', 'lots'], /--journal-size must be a whole number/],
    [['--pets', '50', '--max-pets', '10'], /--pets \(50\) must not exceed --max-pets \(10\)/],
    [['--now', 'yesterday'], /--now must be a date such as 2031-01-01/],
  ])('exits with code 2 and says what is wrong given %j', async (args, message) => {
    const { code, stderr } = await runCliToEnd(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('--help');
  });

  it('exits with code 2 given a bad environment value, naming the variable', async () => {
    // Six processes at once: one after the other they took over 20 s on a loaded machine (CI, Node 20).
    const cases = [
      [{ PORT: 'abc' }, /^petstore-mock: PORT must be a whole number from 0 to 65535, got "abc"/],
      [{ PETSTORE_API_KEYS: ' ' }, /^petstore-mock: PETSTORE_API_KEYS must each be a non-blank token/],
      [{ PETSTORE_API_KEYS: 'a,,b' }, /PETSTORE_API_KEYS must each be .*entry 2 of 3 is ""/],
      [{ PETSTORE_ADMIN_TOKEN: '  ' }, /^petstore-mock: PETSTORE_ADMIN_TOKEN must be a non-blank token/],
      [{ PETSTORE_PETS: '50', PETSTORE_MAX_PETS: '10' }, /PETSTORE_PETS \(50\) must not exceed PETSTORE_MAX_PETS \(10\)/],
      [{ PETSTORE_CORS: 'maybe' }, /PETSTORE_CORS must be true or false/],
    ] as const;
    const results = await Promise.all(cases.map(([env]) => runCliToEnd([], env)));
    cases.forEach(([env, message], index) => {
      expect(results[index]?.code, JSON.stringify(env)).toBe(2);
      expect(results[index]?.stderr, JSON.stringify(env)).toMatch(message);
    });
  });

  it('prints the help for -h without an address, and takes -h <address> as --host, as Prism does', () => {
    expect(parseCli(['-h'], {})).toEqual({ kind: 'help' });
    expect(parseCli(['-h', '--port', '1'], {})).toEqual({ kind: 'help' });
    expect(parseCli(['-h', '0.0.0.0'], {})).toMatchObject({ kind: 'serve', config: { host: '0.0.0.0' } });
  });

  it('prints one readiness line naming the URL, then one line per request', async () => {
    const cli = startCli(['--port', '0']);
    try {
      const url = await readyUrl(cli);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      await fetch(`${new URL(url).origin}/__admin/health`);
      await fetch(`${url}/pets?limit=2`, { headers: AUTH });
      await fetch(`${url}/pets/999`, { headers: AUTH });
      const logLines = [await cli.waitForLine(/^GET \/v1\/pets\?limit=2 /), await cli.waitForLine(/^GET \/v1\/pets\/999 /)];
      expect(logLines[0]).toMatch(/^GET \/v1\/pets\?limit=2 200 \d+\.\dms$/);
      expect(logLines[1]).toMatch(/^GET \/v1\/pets\/999 404 \d+\.\dms$/);
      expect(cli.output().match(/ready on/g)).toHaveLength(1);
      expect(cli.output()).toContain(`dashboard: ${new URL(url).origin}/__admin/\n`);
      // A container's HEALTHCHECK asks every second: those requests are not logged.
      expect(cli.output()).not.toContain('/__admin/health');
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it("keeps V8's heap small under load: the young generation at its size once started, the whole heap within 16 MiB of it", async () => {
    const probe = fileURLToPath(new URL('../support/heap-probe.mjs', import.meta.url));
    const port = await freePort();
    const cli = startCli(['--port', String(port), '--log-level', 'error'], { NODE_OPTIONS: `--import=${pathToFileURL(probe).href}` });
    try {
      const url = `http://127.0.0.1:${port}/v1`;
      await waitUntilAnswering(`http://127.0.0.1:${port}/__admin/health`);
      const heap = async (): Promise<{ young: number; peak: number }> => {
        const before = cli.errors().length;
        cli.child.kill('SIGUSR2');
        const pattern = /heap: young (\d+) peak (\d+)/;
        for (let wait = 0; wait < 200 && !pattern.test(cli.errors().slice(before)); wait++) await new Promise(resolve => setTimeout(resolve, 10));
        const [, young, peak] = pattern.exec(cli.errors().slice(before)) ?? [];
        return { young: Number(young), peak: Number(peak) };
      };
      const atStart = await heap();
      const agent = new Agent({ keepAlive: true, maxSockets: 10 });
      const get = (): Promise<void> =>
        new Promise((resolve, reject) => {
          httpRequest(`${url}/pets`, { agent, headers: AUTH }, response => response.resume().once('end', resolve)).once('error', reject).end();
        });
      // Each request's journal entry survives V8's scavenges: unchecked, the young generation grows to
      // 32 MiB (64 on Node 24), and the old one to four times what is alive (Node 20: 25 MiB more
      // heap at the peak than at start; with the flags 10.5).
      for (let batch = 0; batch < 1_600; batch++) await Promise.all(Array.from({ length: 50 }, get));
      agent.destroy();
      const underLoad = await heap();
      expect(atStart.young).toBeGreaterThan(0);
      expect(underLoad.young).toBe(atStart.young);
      expect(underLoad.peak - atStart.peak).toBeLessThan(16 * 1024 * 1024);
    } finally {
      cli.child.kill('SIGKILL');
    }
  }, 60_000);

  it('serves with its controls set, and says so in the readiness line', async () => {
    const cli = startCli(['--port', '0', '--now', '2031-01-01', '--admin-token', 'let-me-in', '--delay', '20-40', '--fault-rate', '0']);
    try {
      const line = await cli.waitForLine(/ready on /);
      expect(line).toMatch(/, validators precompiled, delay 20-40 ms, clock fixed at 2031-01-01T00:00:00.000Z, admin token required\)$/);
      const url = await readyUrl(cli);
      expect((await fetch(`${url}/pets/1`, { headers: AUTH })).status).toBe(410);
      expect((await fetch(`${new URL(url).origin}/__admin/requests`)).status).toBe(401);
      const journal = await fetch(`${new URL(url).origin}/__admin/requests`, { headers: { authorization: 'Bearer let-me-in' } });
      const { requests } = (await journal.json()) as { requests: { delay: number }[] };
      expect(requests[0]?.delay).toBeGreaterThanOrEqual(20);
      const settings = await fetch(`${new URL(url).origin}/__admin/settings`, { headers: { authorization: 'Bearer let-me-in' } });
      expect(((await settings.json()) as { document: { validators: string } }).document.validators).toBe('precompiled');
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('takes its settings from the environment', async () => {
    const cli = startCli([], { PORT: '0', PETSTORE_PETS: '3', PETSTORE_API_KEYS: 'alpha, beta' });
    try {
      const url = await readyUrl(cli);
      const pets = (await (await fetch(`${url}/pets`, { headers: { authorization: 'Bearer beta' } })).json()) as Pet[];
      expect(pets).toHaveLength(3);
      expect((await fetch(`${url}/pets`, { headers: { authorization: 'Bearer gamma' } })).status).toBe(401);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('prints no readiness or request lines at --log-level error', async () => {
    const port = await freePort();
    const cli = startCli(['--port', String(port), '--log-level', 'error']);
    try {
      await waitUntilAnswering(`http://127.0.0.1:${port}/__admin/health`);
      await fetch(`http://127.0.0.1:${port}/v1/pets`, { headers: AUTH });
      expect(cli.output()).toBe('');
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('lets flags win over environment variables', async () => {
    const cli = startCli(['--pets', '2', '--port', '0'], { PETSTORE_PETS: '9' });
    try {
      const url = await readyUrl(cli);
      expect((await (await fetch(`${url}/pets`, { headers: AUTH })).json()) as Pet[]).toHaveLength(2);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('serves the same seeded pets in every process', async () => {
    const first = startCli(['--port', '0', '--seed', '42']);
    const second = startCli(['--port', '0', '--seed', '42']);
    const third = startCli(['--port', '0', '--seed', '43']);
    try {
      const [a, b, c] = await Promise.all([first, second, third].map(async cli => (await fetch(`${await readyUrl(cli)}/pets`, { headers: AUTH })).json() as Promise<Pet[]>));
      expect(a).toEqual(b);
      expect(a).not.toEqual(c);
    } finally {
      for (const cli of [first, second, third]) cli.child.kill('SIGKILL');
    }
  });

  it('answers the requests in flight on SIGTERM, at once despite their delay, then exits 0 within 2 seconds', async () => {
    const cli = startCli(['--port', '0', '--delay', '5000']);
    const url = await readyUrl(cli);
    const inFlight = Array.from({ length: 30 }, () => fetch(`${url}/pets?limit=1`, { headers: AUTH }).then(response => [response.status, response.headers.get('connection')], (error: unknown) => String(error)));
    // In flight means the mock has them: the journal records each before its delay. (A request still
    // in the kernel's queue when the signal comes is not in flight; on a busy machine 300 ms was not
    // enough for all 30 to be read.)
    await expect.poll(async () => ((await (await fetch(`${new URL(url).origin}/__admin/requests`)).json()) as { requests: unknown[] }).requests.length, { timeout: 10_000 }).toBe(30);
    const started = performance.now();
    cli.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers).toEqual(Array.from({ length: 30 }, () => [200, 'close']));
    expect((await cli.exited).code).toBe(0);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('stops with npm start when npm is told to stop, leaving no mock behind', async () => {
    // --ignore-scripts skips prestart's rebuild: other suites are reading dist/ meanwhile.
    const npm = spawn('npm', ['start', '--ignore-scripts', '--silent', '--', '--port', '0'], { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => /ready on (\S+)/.exec(output)?.[1], { timeout: 15_000 }).toBeDefined();
    const url = /ready on (\S+)/.exec(output)?.[1] ?? '';
    expect((await fetch(`${url}/pets`, { headers: AUTH })).status).toBe(200);
    npm.kill('SIGTERM');
    await expect.poll(() => fetch(`${url}/pets`, { headers: AUTH }).then(() => 'answering', () => 'gone'), { timeout: 5_000 }).toBe('gone');
  });

  it('starts from the pets of --data (or PETSTORE_DATA), and reset returns to them', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'petstore-data-'));
    const pets = [{ id: 2, name: 'Two', categoryId: 1 }, { id: 5, name: 'Five', categoryId: 3, status: 'pending' }];
    writeFileSync(join(directory, 'pets.json'), JSON.stringify({ pets }));
    writeFileSync(join(directory, 'array.json'), JSON.stringify(pets));
    for (const [args, env] of [[['--data', join(directory, 'pets.json')], {}], [[], { PETSTORE_DATA: join(directory, 'array.json') }]] as const) {
      const cli = startCli(['--port', '0', ...args], env);
      try {
        const line = await cli.waitForLine(/ready on /);
        expect(line).toMatch(/\(2 pets from .*\.json, any bearer token, validators precompiled\)/);
        const url = await readyUrl(cli);
        await fetch(`${url}/pets`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"Six","categoryId":1}' });
        await fetch(`${new URL(url).origin}/__admin/reset`, { method: 'POST' });
        expect(await (await fetch(`${url}/pets`, { headers: AUTH })).json()).toEqual(pets);
      } finally {
        cli.child.kill('SIGKILL');
      }
    }
    rmSync(directory, { recursive: true, force: true });
  });

  it('exits with code 2 naming the pet and field of a bad --data file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'petstore-data-'));
    const file = (name: string, text: string): string => {
      writeFileSync(join(directory, name), text);
      return join(directory, name);
    };
    for (const [args, env, message] of [
      [['--data', file('long.json', JSON.stringify({ pets: [{ id: 1, name: 'A', categoryId: 1 }, { id: 2, name: 'n'.repeat(256), categoryId: 1 }] }))], {}, /--data .*long\.json: pets\[1\] \(id 2\): name must NOT have more than 255 characters\./],
      [[], { PETSTORE_DATA: file('twice.json', JSON.stringify([{ id: 1, name: 'A', categoryId: 1 }, { id: 1, name: 'B', categoryId: 1 }])) }, /PETSTORE_DATA .*twice\.json: pets\[1\] repeats id 1/],
      [['--data', file('broken.json', '{"pets": [')], {}, /--data .*broken\.json: is not valid JSON/],
      [['--data', join(directory, 'missing.json')], {}, /--data .*missing\.json: cannot be read \(ENOENT\)/],
      [['--data', file('many.json', JSON.stringify({ pets: [{ id: 1, name: 'A', categoryId: 1 }, { id: 2, name: 'B', categoryId: 1 }] })), '--max-pets', '1'], {}, /holds 2 pets, more than a store holds \(1, --max-pets\)/],
    ] as const) {
      const { code, stderr } = await runCliToEnd([...args], env);
      expect(code, stderr).toBe(2);
      expect(stderr).toMatch(message);
    }
    rmSync(directory, { recursive: true, force: true });
  });

  it('reads a --data file that starts with a UTF-8 byte order mark, as editors on Windows save it', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'petstore-data-'));
    const pets = [{ id: 4, name: 'Four', categoryId: 1 }];
    writeFileSync(join(directory, 'bom.json'), `\uFEFF${JSON.stringify({ pets })}`);
    const cli = startCli(['--port', '0', '--data', join(directory, 'bom.json')]);
    try {
      const url = await readyUrl(cli);
      expect(await (await fetch(`${url}/pets`, { headers: AUTH })).json()).toEqual(pets);
    } finally {
      cli.child.kill('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('exits with code 2 at once, naming the file, given a --data path that is a FIFO, a directory or a device, text that is not UTF-8, or a number JSON would round, and a --document that is a FIFO', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'petstore-data-'));
    const fifo = join(directory, 'pets.fifo');
    // Nothing ever writes to it: reading it would wait forever.
    execFileSync('mkfifo', [fifo]);
    const file = (name: string, text: string | Uint8Array): string => {
      writeFileSync(join(directory, name), text);
      return join(directory, name);
    };
    for (const [path, message] of [
      [fifo, /--data .*pets\.fifo: is a FIFO \(named pipe\), not a file/],
      [directory, /--data .*petstore-data-\w+: is a directory, not a file/],
      ['/dev/zero', /--data \/dev\/zero: is a device, not a file/],
      [file('inexact.json', '{"pets":[{"id":1.0000000000000000001,"name":"A","categoryId":1}]}'), /--data .*inexact\.json: pets\[0\] id is 1\.0000000000000000001, which a JavaScript number cannot hold exactly \(it reads 1\)/],
      [file('huge.json', '[{"id":2,"name":"B","categoryId":9007199254740993}]'), /--data .*huge\.json: pets\[0\] categoryId is 9007199254740993, .*it reads 9007199254740992/],
      [file('latin1.json', Buffer.from('[{"id":3,"name":"Jos\xe9","categoryId":1}]', 'latin1')), /--data .*latin1\.json: is not UTF-8 text \(at byte 20\)/],
      [file('beyond.json', '[{"id":9007199254740992,"name":"C","categoryId":1}]'), /--data .*beyond\.json: pets\[0\] \(id 9007199254740992\): id must be a whole number from 1 to 9007199254740991/],
    ] as const) {
      const { code, stderr } = await runCliToEnd(['--data', path]);
      expect(code, stderr).toBe(2);
      expect(stderr).toMatch(message);
    }
    const document = await runCliToEnd(['--document', fifo]);
    expect(document.code, document.stderr).toBe(2);
    expect(document.stderr).toMatch(/The OpenAPI document .*pets\.fifo is a FIFO \(named pipe\), not a file\./);
    rmSync(directory, { recursive: true, force: true });
  }, 20_000);

  it('warns on standard error when a session is dropped past --max-sessions', async () => {
    const cli = startCli(['--port', '0', '--max-sessions', '1']);
    try {
      const url = await readyUrl(cli);
      for (const id of ['shard-1', 'shard-2']) await fetch(`${url}/pets`, { headers: { ...AUTH, 'x-petstore-session': id } });
      await expect.poll(() => cli.errors()).toMatch(/Session "shard-1" was dropped with its pets to make room: more than 1 sessions \(--max-sessions\)/);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('closes within a second and exits 0 on %s, even with a connection held open', async signal => {
    const cli = startCli(['--port', '0']);
    const url = new URL(await readyUrl(cli));
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      httpRequest({ host: url.hostname, port: url.port, path: '/v1/pets', headers: AUTH, agent }, response => {
        response.resume();
        response.on('end', resolve);
      })
        .on('error', reject)
        .end();
    });
    const started = performance.now();
    cli.child.kill(signal);
    const { code } = await cli.exited;
    expect(code).toBe(0);
    expect(performance.now() - started).toBeLessThan(1_000);
    agent.destroy();
  });
});

describe('the petstore-mock log', () => {
  const adminAndDashboard = ['/__admin/requests', '/__admin/sessions', '/__admin/', '/__admin/dashboard.js'];

  it('logs API requests at info, and admin and dashboard requests only at --log-level debug', async () => {
    for (const level of ['info', 'debug'] as const) {
      const cli = startCli(['--port', '0', '--log-level', level]);
      try {
        const url = await readyUrl(cli);
        const origin = new URL(url).origin;
        for (const path of [...adminAndDashboard, '/__admin/health']) expect((await fetch(`${origin}${path}`)).status, path).toBe(200);
        await fetch(`${url}/pets?limit=1`, { headers: AUTH });
        await cli.waitForLine(/^GET \/v1\/pets\?limit=1 200 /);
        const lines = cli.output().split('\n');
        const logged = adminAndDashboard.filter(path => lines.some(line => line.startsWith(`GET ${path} 200 `)));
        expect(logged, level).toEqual(level === 'debug' ? adminAndDashboard : []);
        // Health checks stay out at every level: a container asks every second.
        expect(cli.output(), level).not.toContain('/__admin/health');
      } finally {
        cli.child.kill('SIGKILL');
      }
    }
  });

  it('names, bound to every address, the loopback URL and this machine’s external IPv4 ones, each answering', async () => {
    const cli = startCli(['--port', '0', '--host', '0.0.0.0']);
    try {
      const line = await cli.waitForLine(/ready on /);
      expect(line).toMatch(/^petstore-mock ready on http:\/\/127\.0\.0\.1:\d+\/v1 /);
      const urls = /ready on (.*?) \(/.exec(line)?.[1]?.split(' or ') ?? [];
      const { port } = new URL(urls[0] ?? '');
      const external = Object.values(networkInterfaces()).flatMap(entries => entries ?? []).filter(entry => entry.family === 'IPv4' && !entry.internal).map(entry => entry.address);
      expect(urls).toEqual([...new Set(['127.0.0.1', ...external])].map(host => `http://${host}:${port}/v1`));
      expect(line).not.toContain('0.0.0.0');
      // The dashboard line is a write of its own after the ready line: wait for it rather than assume it came with it.
      expect(await cli.waitForLine(/^dashboard: /)).toBe(`dashboard: http://127.0.0.1:${port}/__admin/`);
      for (const url of urls) expect((await fetch(`${url}/pets`, { headers: AUTH })).status, url).toBe(200);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('names the one address it is bound to', () => {
    expect(originsToOpen({ address: '127.0.0.1', family: 'IPv4', port: 4010 }, {})).toEqual(['http://127.0.0.1:4010']);
    expect(originsToOpen({ address: '::1', family: 'IPv6', port: 4010 }, {})).toEqual(['http://[::1]:4010']);
    expect(originsToOpen({ address: '192.168.1.20', family: 'IPv4', port: 80 }, FAKE_INTERFACES)).toEqual(['http://192.168.1.20:80']);
  });

  it('names loopback first, then each external IPv4 address once, for 0.0.0.0 and ::', () => {
    for (const address of ['0.0.0.0', '::']) {
      expect(originsToOpen({ address, family: address === '::' ? 'IPv6' : 'IPv4', port: 4010 }, FAKE_INTERFACES)).toEqual(['http://127.0.0.1:4010', 'http://192.168.1.20:4010', 'http://172.17.0.2:4010']);
      expect(originsToOpen({ address, family: 'IPv4', port: 4010 }, {})).toEqual(['http://127.0.0.1:4010']);
    }
  });

  it.each(NODES_TO_TRY.flatMap(([name, node]) => [[name, 'without flags', node, ''], [name, 'with --pending-deprecation', node, '--pending-deprecation']]))(
    'answers a forced response with no deprecation warning of its bundle on standard error (%s, %s)',
    async (_name, _flags, node, nodeOptions) => {
      // Prism's mocker loads node-fetch 2, whose URL parser required Node's punycode module: DEP0040, printed
      // by Node 21+ and, with --pending-deprecation, by Node 20. With the flag, Node also reports lodash's
      // probe of process.binding('util') (DEP0111), which is documentation-only and printed by no Node without it.
      const cli = startCli(['--port', '0'], { NODE_OPTIONS: nodeOptions }, { node });
      const url = await readyUrl(cli);
      const forced = await fetch(`${url}/pets/1`, { headers: { ...AUTH, prefer: 'code=200, dynamic=true' } });
      expect(forced.status).toBe(200);
      expect(((await forced.json()) as Partial<Pet>).name).toEqual(expect.any(String));
      cli.child.kill('SIGTERM');
      expect((await cli.exited).code).toBe(0);
      expect(cli.errors()).not.toMatch(nodeOptions === '' ? /DeprecationWarning|DEP0\d+/ : /DEP0040|punycode/);
    },
  );
});

describe('parseCli', () => {
  it('reads every control from its environment variable', () => {
    const command = parseCli([], {
      PETSTORE_DELAY: '100-400',
      PETSTORE_FAULT_RATE: '0.05',
      PETSTORE_MAX_SESSIONS: '7',
      PETSTORE_MAX_PETS: '500',
      PETSTORE_JOURNAL_SIZE: '0',
      PETSTORE_ADMIN_TOKEN: 'secret',
      PETSTORE_NOW: '2030-12-05T00:00:00Z',
    });
    expect(command).toMatchObject({
      kind: 'serve',
      config: { delay: { min: 100, max: 400 }, faultRate: 0.05, maxSessions: 7, maxPets: 500, journalSize: 0, adminToken: 'secret', now: new Date(Date.UTC(2030, 11, 5)) },
    });
  });

  it('leaves every control off by default', () => {
    expect(parseCli([], {})).toMatchObject({
      kind: 'serve',
      config: { delay: undefined, faultRate: 0, maxSessions: 100, maxPets: 10_000, journalSize: 1000, adminToken: undefined, now: undefined },
    });
  });

  it('reads the server limits from flags or variables, bytes also as KiB, MiB or GiB, and refuses a bad one naming it', () => {
    expect(parseCli(['--max-connections', '50', '--max-inflight-bytes', '8MiB', '--request-timeout', '2500'], {})).toMatchObject({
      kind: 'serve',
      config: { maxConnections: 50, maxInflightBytes: 8 * 1024 * 1024, requestTimeout: 2_500 },
    });
    expect(parseCli([], { PETSTORE_MAX_CONNECTIONS: '7', PETSTORE_MAX_INFLIGHT_BYTES: '65536', PETSTORE_REQUEST_TIMEOUT: '100' })).toMatchObject({
      kind: 'serve',
      config: { maxConnections: 7, maxInflightBytes: 65_536, requestTimeout: 100 },
    });
    expect(parseCli([], {})).toMatchObject({ kind: 'serve', config: { maxConnections: 1_000, maxInflightBytes: 16 * 1024 * 1024, requestTimeout: 10_000 } });
    expect(() => parseCli(['--max-inflight-bytes', '32MB'], {})).toThrow(/--max-inflight-bytes must be a whole number of bytes from 65536 .* 64MiB, 256KiB, 1GiB\), got "32MB"/);
    expect(() => parseCli([], { PETSTORE_MAX_CONNECTIONS: '0' })).toThrow(/PETSTORE_MAX_CONNECTIONS must be a whole number from 1 to 1000000, got "0"/);
    expect(() => parseCli(['--request-timeout', '50'], {})).toThrow(/--request-timeout must be a whole number from 100 to 3600000/);
  });

  it('takes an empty environment variable as unset, so an empty -e VAR= keeps the default', () => {
    expect(parseCli([], { PETSTORE_API_KEYS: '', PETSTORE_ADMIN_TOKEN: '', PORT: '', PETSTORE_DELAY: '' })).toMatchObject({
      kind: 'serve',
      config: { apiKeys: [], adminToken: undefined, port: 4010, delay: undefined },
    });
  });

  it('reads trusted admin origins from repeated flags or a comma-separated variable', () => {
    expect(parseCli(['--admin-origin', 'http://localhost:6006', '--admin-origin', 'http://localhost:5173'], {})).toMatchObject({ config: { adminOrigins: ['http://localhost:6006', 'http://localhost:5173'] } });
    expect(parseCli([], { PETSTORE_ADMIN_ORIGINS: 'http://localhost:6006, https://app.example' })).toMatchObject({ config: { adminOrigins: ['http://localhost:6006', 'https://app.example'] } });
  });

  it('takes --default-status none as no status, and leaves the default to the document', () => {
    expect(parseCli(['--default-status', 'none'], {})).toMatchObject({ config: { defaultStatus: null } });
    expect(parseCli([], { PETSTORE_DEFAULT_STATUS: 'none' })).toMatchObject({ config: { defaultStatus: null } });
    expect(parseCli([], {})).toMatchObject({ config: { defaultStatus: undefined } });
  });

  it('turns the dashboard off with --no-dashboard or PETSTORE_DASHBOARD=false', () => {
    expect(parseCli([], {})).toMatchObject({ config: { dashboard: true } });
    expect(parseCli(['--no-dashboard'], {})).toMatchObject({ config: { dashboard: false } });
    expect(parseCli([], { PETSTORE_DASHBOARD: 'false' })).toMatchObject({ config: { dashboard: false } });
  });

  it('takes a fixed delay as a range of one value', () => {
    expect(parseCli(['--delay', '300'], {})).toMatchObject({ config: { delay: { min: 300, max: 300 } } });
  });
});
