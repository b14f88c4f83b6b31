/**
 * Builds ahead of the tests what the browser suites build for themselves: the packed package, the
 * test app bundled by Vite, webpack and Rollup (test/browser/browser*.test.ts), the Storybook apps
 * (test/browser/storybook.test.ts) and the Storybooks of the docs' blocks (test/docs/browser-
 * snippets.test.ts), each into the build cache under the key the suites compute (test/support/build-
 * cache.ts). CI runs it in the background while its one-core stages run (.ci/run); a suite that finds
 * its build there uses it, one that finds it being made waits for it, and one that finds nothing (this
 * failed, or was not run) builds it itself as before.
 *
 *   node --import tsx scripts/build-test-apps.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDocBlocks, readDocPages } from '../test/docs/support/doc-blocks.js';
import { ROOT } from '../test/docs/support/snippet-project.js';
import { buildStorybookFromBlocks, storybookProjectsOf } from '../test/docs/support/storybook-project.js';
import { buildPackedBrowserApp, packPackage, type AppBundler } from '../test/support/packed-browser-app.js';
import { buildStorybook } from '../test/support/storybook-app.js';
import { ADDON_MAJOR, type AddonSetup } from '../test/support/storybook-app-files.js';

const BUNDLERS: readonly AppBundler[] = ['webpack', 'rollup', 'vite'];
const SETUPS = Object.keys(ADDON_MAJOR) as AddonSetup[];

const started = performance.now();
const seconds = (): string => ((performance.now() - started) / 1000).toFixed(0);
const packed = mkdtempSync(join(tmpdir(), 'petstore-test-apps-'));
try {
  const tarball = await packPackage(packed);
  console.log(`Packed ${tarball} at ${seconds()} s.`);
  // One build after the other: this runs beside CI's other stages on a two-core machine.
  for (const bundler of BUNDLERS) console.log(`Built the test app with ${bundler}: ${await buildPackedBrowserApp(bundler)}, at ${seconds()} s.`);
  for (const setup of SETUPS) console.log(`Built the Storybook app with msw-storybook-addon ${setup}: ${(await buildStorybook(setup, tarball)).staticDir}, at ${seconds()} s.`);
  const blocks = readDocBlocks(readDocPages(ROOT));
  for (const project of storybookProjectsOf(blocks)) console.log(`Built the docs' Storybook ${project}: ${(await buildStorybookFromBlocks(blocks, project, tarball)).staticDir}, at ${seconds()} s.`);
} finally {
  rmSync(packed, { recursive: true, force: true });
}
