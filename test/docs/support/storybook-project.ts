// A Storybook 10 app made from the docs' Storybook blocks: the stories (project `storybook`) and one
// preview (project `storybook-addon-<major>`), with the packed package installed as a reader installs
// it. Storybook, Vite and msw-storybook-addon come from the cache the Storybook tests install.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/** Builds the Storybook of `project` (`storybook-addon-3`, `storybook-addon-2`) with `storybook build`. */
export async function buildStorybookFromBlocks(blocks: readonly DocBlock[], project: string, tarball: string): Promise<BuiltStorybook> {
  const major = Number(/^storybook-addon-(\d+)$/.exec(project)?.[1]);
  if (major !== 2 && major !== 3) throw new Error(`${project} names no major of msw-storybook-addon the Storybook tests install.`);
  const dependencies = await installDependencies(major);
  const app = join(dependencies, 'runs', `docs-${process.pid}-${randomUUID().slice(0, 8)}`);
  const files = new Map([...projectFiles(blocks, 'storybook'), ...projectFiles(blocks, project)].map(([path, file]) => [path, file.code]));
  writeFiles(app, new Map([['.storybook/main.ts', MAIN], ...files]));
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
  return { staticDir: join(app, 'storybook-static'), remove: () => rmSync(app, { recursive: true, force: true }) };
}
