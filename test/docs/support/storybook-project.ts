// A Storybook 10 app made from the docs' Storybook blocks: the stories (project `storybook`) and one
// preview (project `storybook-addon-<major>`), with the packed package installed as a reader installs
// it. Storybook, Vite and msw-storybook-addon come from the cache the Storybook tests install.
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { cachedFolder, hashInputs } from '../../support/build-cache.js';
import { installDependencies } from '../../support/storybook-app.js';
import { projectFiles, type DocBlock } from './doc-blocks.js';
import { run, writeFiles } from './snippet-project.js';

/** What the reader's `.storybook/main.ts` has already; the docs name only `staticDirs`. */
const MAIN = `export default {
  framework: '@storybook/html-vite',
  stories: ['../stories/*.stories.ts'],
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};
`;

export interface BuiltStorybook {
  readonly staticDir: string;
  remove(): void;
}

/** The docs' Storybook projects (`storybook-addon-<major>`), one for each major of msw-storybook-addon their blocks are for. */
export function storybookProjectsOf(blocks: readonly DocBlock[]): string[] {
  return [...new Set(blocks.flatMap(block => (block.marker?.project.startsWith('storybook-addon-') ? [block.marker.project] : [])))].sort();
}

/**
 * Builds the Storybook of `project` (`storybook-addon-3`, `storybook-addon-2`) with `storybook build`.
 * The build is kept in the build cache for its inputs (the tarball's bytes, the blocks' files, the
 * dependencies' versions, this file), as the Storybook tests keep theirs: CI's second Node, and a
 * first Node whose background build (scripts/build-test-apps.ts) made it, serve it again.
 */
export async function buildStorybookFromBlocks(blocks: readonly DocBlock[], project: string, tarball: string): Promise<BuiltStorybook> {
  const major = Number(/^storybook-addon-(\d+)$/.exec(project)?.[1]);
  if (major !== 2 && major !== 3) throw new Error(`${project} names no major of msw-storybook-addon the Storybook tests install.`);
  const dependencies = await installDependencies(major);
  const files = new Map([['.storybook/main.ts', MAIN], ...[...projectFiles(blocks, 'storybook'), ...projectFiles(blocks, project)].map(([path, file]): [string, string] => [path, file.code])]);
  const key = hashInputs(['test/docs/support/storybook-project.ts'], [createHash('sha256').update(readFileSync(tarball)).digest('hex'), basename(dependencies), project, ...[...files].flat()]);
  const cached = await cachedFolder(`docs-${project}`, key, async folder => {
    const app = join(dependencies, 'runs', `docs-${process.pid}-${randomUUID().slice(0, 8)}`);
    try {
      await buildStorybookApp(app, files, project, tarball, dependencies);
      cpSync(join(app, 'storybook-static'), join(folder, 'storybook-static'), { recursive: true });
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });
  // The cache keeps the build for the next run: nothing to remove.
  return { staticDir: join(cached, 'storybook-static'), remove: () => undefined };
}

/** The app of `files` made in `app`, a folder under the cached dependencies (which it resolves from there), and built into its storybook-static. */
async function buildStorybookApp(app: string, files: ReadonlyMap<string, string>, project: string, tarball: string, dependencies: string): Promise<void> {
  writeFiles(app, files);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `docs-${project}`, private: true, type: 'module' }));
  const require = createRequire(join(dependencies, 'package.json'));
  mkdirSync(join(app, 'public'), { recursive: true });
  copyFileSync(require.resolve('msw/mockServiceWorker.js'), join(app, 'public', 'mockServiceWorker.js'));
  await run('npm', ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: app });
  const manifest = require.resolve('storybook/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  const cli = join(dirname(manifest), typeof bin === 'string' ? bin : (bin['storybook'] ?? 'no-storybook-bin'));
  await run(process.execPath, [cli, 'build', '--quiet', '--config-dir', '.storybook', '--output-dir', 'storybook-static'], {
    cwd: app,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
}
