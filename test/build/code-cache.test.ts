import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheFile } from '../../src/code-cache/code-cache-file.js';
import { buildNode, scriptInputs } from '../support/node-build.js';
import { startCli } from '../support/run-cli.js';
import { noteSkip } from '../support/skip-reasons.js';

const SCRIPT = fileURLToPath(new URL('../../dist/chunks/cli-bundle.cjs', import.meta.url));
const MSW_ENTRY = new URL('../../dist/msw.js', import.meta.url).href;
const run = promisify(execFile);
/** Node >= 22.1 has its own compile cache, which the CLI turns on instead. */
const usesCodeCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache !== 'function';
if (!usesCodeCache) noteSkip('the CLI’s V8 code cache', `Node ${process.versions.node} has module.enableCompileCache, which the CLI uses instead`);

/** Starts the built CLI with its cache under `cacheRoot` and its debug log on (as `user` when given); resolves once it answered `GET /v1/pets` with 200. */
async function startAndAnswer(cacheRoot: string, user?: { uid: number; gid: number }): Promise<{ log: () => string; stop: () => Promise<void> }> {
  const cli = startCli(['--port', '0', '--log-level', 'info'], { NODE_COMPILE_CACHE: cacheRoot, NODE_DEBUG: 'petstore-mock' }, user && { user });
  const ready = await cli.waitForLine(/ready on /);
  const origin = new URL(/https?:\/\/\S+/.exec(ready)?.[0] ?? '').origin;
  const response = await fetch(`${origin}/v1/pets?limit=2`, { headers: { authorization: 'Bearer key' } });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { name: string }[]).map(pet => pet.name)).toEqual(['Gus', 'Daisy']);
  return {
    log: () => cli.errors(),
    stop: async () => {
      cli.child.kill('SIGKILL');
      await cli.exited;
    },
  };
}

/** Resolves once `check` holds, polling; rejects after 5 s. */
async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 5_000) throw new Error(`Not so after 5 s: ${String(check)}`);
    await new Promise(resolve => setTimeout(resolve, 20));
  }
}

/** The cache files of the CLI's script in the folder the CLI uses under `cacheRoot`. */
function cacheFiles(cacheRoot: string): string[] {
  const folder = join(cacheRoot, 'petstore-mock');
  return existsSync(folder) ? readdirSync(folder).filter(name => name.endsWith('.v8cache')) : [];
}

/** The cache file a first CLI under `cacheRoot` writes after its first answer (that CLI stopped then): its name. */
async function seedCache(cacheRoot: string): Promise<string> {
  const seed = await startAndAnswer(cacheRoot);
  await eventually(() => cacheFiles(cacheRoot).length === 1);
  await seed.stop();
  return cacheFiles(cacheRoot)[0] ?? '';
}

describe.skipIf(!usesCodeCache)(`the CLI’s V8 code cache (Node ${process.versions.node}, without module.enableCompileCache)`, () => {
  const roots: string[] = [];
  const newRoot = (): string => {
    const root = mkdtempSync(join(tmpdir(), 'petstore-code-cache-'));
    roots.push(root);
    return root;
  };
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('is written after the first answer, even by a mock then killed with SIGKILL, and used by the next start', async () => {
    const root = newRoot();
    const first = await startAndAnswer(root);
    await eventually(() => /wrote \S+\.v8cache/.test(first.log()));
    await first.stop();
    expect(first.log()).toMatch(/code cache: \S+ absent, compiled from source/);
    expect(cacheFiles(root)).toHaveLength(1);

    const second = await startAndAnswer(root);
    await second.stop();
    expect(second.log()).toMatch(/code cache: \S+ used/);
    expect(second.log()).not.toMatch(/wrote/);
  }, 30_000);

  it('is rejected when corrupt: the CLI compiles from source, answers as before, and writes a good cache in its place', async () => {
    const root = newRoot();
    const name = await seedCache(root);
    const path = join(root, 'petstore-mock', name);
    const good = readFileSync(path);
    const corrupt = Buffer.from(good);
    corrupt.fill(0x5a, 0, 64);
    writeFileSync(path, corrupt);

    const afterCorruption = await startAndAnswer(root);
    await eventually(() => /wrote \S+\.v8cache/.test(afterCorruption.log()));
    await afterCorruption.stop();
    expect(afterCorruption.log()).toMatch(/code cache: \S+ rejected by V8, compiled from source/);
    expect(readFileSync(path).subarray(0, 64).equals(corrupt.subarray(0, 64))).toBe(false);
  }, 30_000);

  it('is neither read from nor written to a folder others may write, and the CLI still answers', async () => {
    const root = newRoot();
    await seedCache(root);
    chmodSync(join(root, 'petstore-mock'), 0o777);

    const shared = await startAndAnswer(root);
    await eventually(() => /cannot write/.test(shared.log()));
    await shared.stop();
    expect(shared.log()).toMatch(/code cache: \S+ absent, compiled from source/);
    expect(shared.log()).toMatch(/cannot write \S+: the folder is not this user’s alone/);
  }, 30_000);

  it('leaves the CLI answering when its folder cannot be made', async () => {
    const root = newRoot();
    writeFileSync(join(root, 'petstore-mock'), 'a file where the folder would be');
    const cli = await startAndAnswer(root);
    await eventually(() => /cannot write/.test(cli.log()));
    await cli.stop();
    expect(cli.log()).toMatch(/code cache: \S+ absent, compiled from source/);
  }, 30_000);

  it('leaves the CLI answering when its folder may not be written (read-only), and nothing half-written in it', async () => {
    const root = newRoot();
    const folder = join(root, 'petstore-mock');
    mkdirSync(folder, { mode: 0o500 });
    // Root writes through any mode: as root, the CLI runs as nobody, whose read-only folder it is.
    const nobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    if (nobody) {
      chmodSync(root, 0o755);
      chownSync(folder, nobody.uid, nobody.gid);
    }
    const cli = await startAndAnswer(root, nobody);
    await eventually(() => /cannot write/.test(cli.log()));
    await cli.stop();
    expect(cli.log()).toMatch(/code cache: cannot write \S+\.v8cache: EACCES/);
    expect(readdirSync(folder)).toEqual([]);
  }, 30_000);

  it('of another build of the script is not used, and is removed once this build’s cache is written', async () => {
    const root = newRoot();
    const name = await seedCache(root);
    const otherBuild = name.replace(/^cli-bundle-[0-9a-f]{16}-/, 'cli-bundle-0123456789abcdef-');
    const folder = join(root, 'petstore-mock');
    cpSync(join(folder, name), join(folder, otherBuild));
    rmSync(join(folder, name));

    const cli = await startAndAnswer(root);
    await eventually(() => /wrote \S+\.v8cache/.test(cli.log()));
    await cli.stop();
    expect(cli.log()).toMatch(/code cache: \S+ absent, compiled from source/);
    expect(cacheFiles(root)).toEqual([name]);
  }, 30_000);
});

/** A test file's process: petstore-mock/msw's default handlers under msw/node, one request, then exit; what it printed. */
async function mswTestFile(cacheRoot: string, { forcing = false } = {}): Promise<{ names: string; log: string }> {
  const program = [
    "import { setupServer } from 'msw/node';",
    `const { handlers } = await import(${JSON.stringify(MSW_ENTRY)});`,
    "setupServer(...handlers).listen({ onUnhandledRequest: 'error' });",
    "const pets = await (await fetch('https://api.animal-store.example/v1/pets?limit=2', { headers: { authorization: 'Bearer key' } })).json();",
    "console.log(pets.map(pet => pet.name).join(','));",
    ...(forcing ? ["const forced = await fetch('https://api.animal-store.example/v1/pets/1', { headers: { authorization: 'Bearer key', prefer: 'code=404' } });", 'console.log(forced.status, (await forced.json()).code);'] : []),
    'process.exit(0);',
  ].join('\n');
  const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', program], { env: { ...process.env, NODE_COMPILE_CACHE: cacheRoot, NODE_DEBUG: 'petstore-mock' } });
  return { names: stdout.trim(), log: stderr };
}

describe(`petstore-mock/msw’s V8 code cache (Node ${process.versions.node})`, () => {
  const roots: string[] = [];
  const newRoot = (): string => {
    const created = mkdtempSync(join(tmpdir(), 'petstore-msw-code-cache-'));
    roots.push(created);
    return created;
  };
  const root = newRoot();
  afterAll(() => {
    for (const created of roots) rmSync(created, { recursive: true, force: true });
  });

  it('is written by a test file’s process that answered a request, even one ending with process.exit, and used by the next', async () => {
    const first = await mswTestFile(root);
    expect(first.names).toBe('Gus,Daisy');
    expect(first.log).toMatch(/code cache: \S+msw-bundle-\S+ absent, compiled from source/);
    expect(first.log).toMatch(/wrote \S+msw-bundle-\S+\.v8cache/);

    const second = await mswTestFile(root);
    expect(second.names).toBe('Gus,Daisy');
    expect(second.log).toMatch(/code cache: \S+msw-bundle-\S+ used/);
    expect(second.log).not.toMatch(/wrote/);
  }, 30_000);

  it('runs Prism’s mocker, loaded on the first forced response, through a cache of its own, written once and used by the next process', async () => {
    const forcingRoot = newRoot();
    const first = await mswTestFile(forcingRoot, { forcing: true });
    expect(first.names).toBe('Gus,Daisy\n404 pet_not_found');
    expect(first.log).toMatch(/code cache: \S+mocker-bundle-\S+ absent, compiled from source/);
    expect(first.log).toMatch(/wrote \S+mocker-bundle-\S+\.v8cache/);

    const second = await mswTestFile(forcingRoot, { forcing: true });
    expect(second.names).toBe('Gus,Daisy\n404 pet_not_found');
    expect(second.log).toMatch(/code cache: \S+mocker-bundle-\S+ used/);
    expect(second.log).not.toMatch(/wrote/);
  }, 30_000);
});

describe('petstore-mock/msw in Vitest’s vmThreads pool (each test file in a vm context of its own)', () => {
  const folder = fileURLToPath(new URL('../../test-output/vm-pool/', import.meta.url));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('answers, the script compiled in the test file’s own context without the cache', async () => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'vitest.config.mjs'), "export default { test: { include: ['*.test.mjs'], pool: 'vmThreads' } };\n");
    writeFileSync(
      join(folder, 'answers.test.mjs'),
      [
        "import { setupServer } from 'msw/node';",
        "import { expect, it } from 'vitest';",
        `import { handlers } from ${JSON.stringify(MSW_ENTRY)};`,
        "it('answers', async () => {",
        "  const server = setupServer(...handlers);",
        "  server.listen({ onUnhandledRequest: 'error' });",
        "  const response = await fetch('https://api.animal-store.example/v1/pets?limit=2', { headers: { authorization: 'Bearer key' } });",
        "  expect((await response.json()).map(pet => pet.name)).toEqual(['Gus', 'Daisy']);",
        '  server.close();',
        '});',
      ].join('\n'),
    );
    const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
    const { stdout, stderr } = await run(process.execPath, [vitest, '--run', '--root', folder, '--config', join(folder, 'vitest.config.mjs')], {
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', NODE_DEBUG: 'petstore-mock' },
    });
    expect(stdout).toMatch(/1 passed/);
    expect(stderr).toMatch(/code cache: not used for \S+msw-bundle\.cjs, loaded in a vm context of its own/);
  }, 60_000);
});

describe('the CLI’s script for the code cache (dist/chunks/cli-bundle.cjs)', () => {
  it('names in its first line the sha256 of its text, which names its cache', () => {
    const text = readFileSync(SCRIPT, 'utf8');
    const sha256 = /^\(function \([^)]*\) \{ \/\/ sha256 ([0-9a-f]{64})\n/.exec(text)?.[1] ?? '';
    expect(createHash('sha256').update(text.replace(sha256, '0'.repeat(64))).digest('hex')).toBe(sha256);
    expect(codeCacheFile(SCRIPT, sha256, { NODE_COMPILE_CACHE: '/caches' }).path).toBe(join('/caches', 'petstore-mock', `cli-bundle-${sha256.slice(0, 16)}-node${process.versions.node}-${process.arch}.v8cache`));
  });

  it('holds only what the CLI of the ES module build loads before its first answer: what it loads on demand stays in that build’s chunks', async () => {
    const { modules, cliScript } = await buildNode();
    const loadedAtStart = staticInputsFrom(modules, 'src/cli/index.ts');
    const inScript = scriptInputs(cliScript);
    expect(inScript.filter(input => !loadedAtStart.has(input))).toEqual(['src/cli/index.ts']);
    expect(inScript.length).toBeGreaterThan(100);
  }, 60_000);
});

describe('where the code cache is kept', () => {
  it('is the folder given for Node’s compile cache, else the project’s node_modules the package is installed in, else the temporary folder', () => {
    const sha256 = 'a'.repeat(64);
    const installed = join('/project', 'node_modules', 'petstore-mock', 'dist', 'chunks', 'cli-bundle.cjs');
    expect(codeCacheFile(installed, sha256, { NODE_COMPILE_CACHE: '/caches' }).folder).toBe(join('/caches', 'petstore-mock'));
    expect(codeCacheFile(installed, sha256, {}).folder).toBe(join('/project', 'node_modules', '.cache', 'petstore-mock'));
    const byPnpm = join('/project', 'node_modules', '.pnpm', 'petstore-mock@1.0.0', 'node_modules', 'petstore-mock', 'dist', 'chunks', 'cli-bundle.cjs');
    expect(codeCacheFile(byPnpm, sha256, {}).folder).toBe(join('/project', 'node_modules', '.cache', 'petstore-mock'));
    expect(codeCacheFile(join('/checkout', 'dist', 'chunks', 'cli-bundle.cjs'), sha256, { NODE_COMPILE_CACHE: '' }).folder).toBe(join(tmpdir(), 'petstore-mock-code-cache'));
  });

  it('holds one file per build of the script, Node version and architecture', () => {
    const file = codeCacheFile('/checkout/dist/chunks/cli-bundle.cjs', 'b'.repeat(64), {});
    const runtime = `node${process.versions.node}-${process.arch}`;
    expect(file.isOtherBuild(`cli-bundle-${'c'.repeat(16)}-${runtime}.v8cache`)).toBe(true);
    expect(file.isOtherBuild(`cli-bundle-${'b'.repeat(16)}-${runtime}.v8cache`)).toBe(false);
    expect(file.isOtherBuild(`cli-bundle-${'c'.repeat(16)}-node18.0.0-${process.arch}.v8cache`)).toBe(false);
    expect(file.isOtherBuild('notes.txt')).toBe(false);
  });
});

/** The inputs of the output with entry point `entryPoint` and of every output it imports statically, recursively. */
function staticInputsFrom(metafile: Metafile, entryPoint: string): Set<string> {
  const pending = Object.keys(metafile.outputs).filter(output => metafile.outputs[output]?.entryPoint === entryPoint);
  const seen = new Set<string>();
  for (let output = pending.pop(); output !== undefined; output = pending.pop()) {
    if (seen.has(output)) continue;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) if (imported.kind === 'import-statement' && imported.path in metafile.outputs) pending.push(imported.path);
  }
  return new Set([...seen].flatMap(output => inputsIn(metafile.outputs[output])));
}

function inputsIn(output: Metafile['outputs'][string] | undefined): string[] {
  return Object.entries(output?.inputs ?? {}).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : []));
}
