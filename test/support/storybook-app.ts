import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { cachedFolder, hashInputs } from './build-cache.js';
import { ADDON_MAJOR, storybookAppFiles, type AddonMajor, type AddonSetup } from './storybook-app-files.js';

const run = promisify(execFile);

/** Exact versions, so that a release of any of them never changes what the tests build. */
const DEPENDENCIES = { storybook: '10.6.0', '@storybook/html-vite': '10.6.0', vite: '8.3.8', msw: '2.15.0' } as const;
export const ADDON_VERSIONS: Record<AddonMajor, string> = { 2: '2.0.7', 3: '3.0.3' };

/**
 * Where the apps' dependencies are installed, once for each version of their package.json, and kept
 * from run to run (CI's second Node reuses them). PETSTORE_STORYBOOK_CACHE names another folder.
 */
export const STORYBOOK_CACHE = process.env['PETSTORE_STORYBOOK_CACHE'] ?? join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'petstore-mock', 'storybook-test');
const INSTALLED = '.petstore-installed';

/** A Storybook built: its storybook-static folder, and how to remove the app it was built from. */
export interface BuiltStorybook {
  readonly staticDir: string;
  remove(): void;
}

/**
 * A Storybook 10 app with msw-storybook-addon set up as `setup` says, with the packed package
 * (`tarball`) installed by npm as a client team would; built with `storybook build`. The app is made
 * in a folder of its own under the cached dependencies, which it resolves from there. The build is
 * kept in the build cache for its inputs (the tarball's bytes, the app's files, the dependencies'
 * versions, this file): a later run with the same package (CI's second Node) serves it again.
 */
export async function buildStorybook(setup: AddonSetup, tarball: string): Promise<BuiltStorybook> {
  const major = ADDON_MAJOR[setup];
  const dependencies = await installDependencies(major);
  const appFiles = Object.entries(storybookAppFiles(setup)).flatMap(([path, text]) => [path, text]);
  const key = hashInputs(['test/support/storybook-app.ts', 'test/support/storybook-app-files.ts'], [createHash('sha256').update(readFileSync(tarball)).digest('hex'), basename(dependencies), ...appFiles]);
  const cached = await cachedFolder(`storybook-${major}-${setup.replace(/[^a-z0-9]+/gi, '-')}`, key, async folder => {
    const built = await buildStorybookApp(setup, tarball, dependencies);
    try {
      cpSync(built.staticDir, join(folder, 'storybook-static'), { recursive: true });
    } finally {
      built.remove();
    }
  });
  // The cache keeps the build for the next run: nothing to remove.
  return { staticDir: join(cached, 'storybook-static'), remove: () => undefined };
}

async function buildStorybookApp(setup: AddonSetup, tarball: string, dependencies: string): Promise<BuiltStorybook> {
  const major = ADDON_MAJOR[setup];
  const app = join(dependencies, 'runs', `${process.pid}-${randomUUID().slice(0, 8)}`);
  for (const [path, text] of Object.entries(storybookAppFiles(setup))) {
    mkdirSync(dirname(join(app, path)), { recursive: true });
    writeFileSync(join(app, path), text);
  }
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `storybook-addon-${major}-app`, private: true, type: 'module' }));
  const require = createRequire(join(dependencies, 'package.json'));
  mkdirSync(join(app, 'public'));
  copyFileSync(require.resolve('msw/mockServiceWorker.js'), join(app, 'public', 'mockServiceWorker.js'));
  // msw is an optional peer of the package: npm leaves it to the app's own, in the cached dependencies.
  await run('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: app });
  const manifest = require.resolve('storybook/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  const cli = join(dirname(manifest), typeof bin === 'string' ? bin : (bin['storybook'] ?? 'no-storybook-bin'));
  await run(process.execPath, [cli, 'build', '--quiet', '--config-dir', '.storybook', '--output-dir', 'storybook-static'], {
    cwd: app,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return { staticDir: join(app, 'storybook-static'), remove: () => rmSync(app, { recursive: true, force: true }) };
}

/** The folder whose node_modules holds Storybook, Vite, msw and msw-storybook-addon `major`: installed unless the cache has it. */
export async function installDependencies(major: AddonMajor): Promise<string> {
  const manifest = `${JSON.stringify({ name: `storybook-addon-${major}-dependencies`, private: true, type: 'module', dependencies: { ...DEPENDENCIES, 'msw-storybook-addon': ADDON_VERSIONS[major] } }, null, 2)}\n`;
  const folder = join(STORYBOOK_CACHE, `addon-${major}-${createHash('sha256').update(manifest).digest('hex').slice(0, 16)}`);
  const installed = (): boolean => existsSync(join(folder, 'node_modules', INSTALLED));
  if (installed()) return folder;
  // Installed beside it and renamed into place: an install cut short never looks finished.
  rmSync(folder, { recursive: true, force: true });
  const staging = `${folder}.${process.pid}-${randomUUID().slice(0, 8)}`;
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, 'package.json'), manifest);
  await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: staging });
  writeFileSync(join(staging, 'node_modules', INSTALLED), '');
  try {
    renameSync(staging, folder);
  } catch (error) {
    // Another run installed the same folder meanwhile: use theirs.
    rmSync(staging, { recursive: true, force: true });
    if (!installed()) throw error;
  }
  return folder;
}
