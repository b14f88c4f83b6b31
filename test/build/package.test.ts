import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPackage } from '../support/packed-browser-app.js';
import { PUBLIC_EXPORTS } from '../support/public-exports.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const here = fileURLToPath(new URL('./package/', import.meta.url));
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
/** msw 3 needs Node >= 22.12; on older Node the consumer gets msw 2. */
const mswRange = major > 22 || (major === 22 && minor >= 12) ? 'msw@^3' : 'msw@^2';

describe(`the packed package in a new project (Node ${process.versions.node}, ${mswRange})`, () => {
  let project: string;
  const node = (file: string): Promise<{ stdout: string }> => run(process.execPath, [file], { cwd: project });

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'petstore-consumer-'));
    // `npm pack` of this dist, made once for the run's suites (test/support/build-cache.ts).
    const tarball = basename(await packPackage(project));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', `./${tarball}`, mswRange, '@types/node@^20'], { cwd: project });
    for (const file of ['consumer.mjs', 'consumer.cjs', 'consumer.ts']) copyFileSync(join(here, file), join(project, file));
  }, 180_000);

  afterAll(() => {
    rmSync(project, { recursive: true, force: true });
  });

  it('works under plain Node ESM: the HTTP server, the fixtures, the MSW handlers and the story loader', async () => {
    const result = JSON.parse((await node('consumer.mjs')).stdout) as Record<string, unknown>;
    expect(result).toEqual({ listed: 4, sameAsFixtures: true, created: 201, unauthorized: 'unauthorized', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT', overHttp: 2, storyPets: 2 });
  });

  it('loads every entry with require()', async () => {
    expect(JSON.parse((await node('consumer.cjs')).stdout)).toEqual(PUBLIC_EXPORTS);
  });

  it('ships the LICENSE, and source maps only where they map the package’s own sources', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repo });
    const [packed] = JSON.parse(stdout) as { files: { path: string }[]; size: number }[];
    const files = packed?.files.map(file => file.path) ?? [];
    expect(files).toContain('LICENSE');
    const maps = files.filter(file => file.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(join(repo, map), 'utf8')) as { sources: string[] };
      expect(sources.length, map).toBeGreaterThan(0);
      expect(sources.filter(source => source.includes('node_modules')), map).toEqual([]);
    }
  });

  it('type-checks a consumer against the shipped .d.ts files', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023', 'dom'], strict: true, exactOptionalPropertyTypes: true, noEmit: true, types: ['node'], skipLibCheck: false }, files: ['consumer.ts'] }),
    );
    const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
    await expect(run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).then(() => 'clean', (error: unknown) => String((error as { stdout?: string }).stdout))).resolves.toBe('clean');
    // Every library's .d.ts checked (skipLibCheck: false): about 10 s here, past the default 20 s on a loaded machine.
  }, 90_000);
});
