import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPets } from '../../src/fixtures/index.js';
import { browserUnavailable, launchChromium } from '../support/chromium.js';
import { serveStatic, type StaticSite } from '../support/packed-browser-app.js';
import { buildStorybookFromBlocks, storybookProjectsOf, type BuiltStorybook } from './support/storybook-project.js';
import { projectFiles, readDocBlocks, readDocPages } from './support/doc-blocks.js';
import { binOf, createProject, ROOT, runToEnd, writeFiles } from './support/snippet-project.js';

// The browser blocks of README.md and docs/, run as a reader runs them: the app's files built by
// `vite build` (with and without the demo switch) and served by `vite preview` to Chromium; the
// Storybook blocks built by `storybook build` with each major of msw-storybook-addon they are for.

const unavailable = browserUnavailable('the browser blocks of the docs');
const blocks = readDocBlocks(readDocPages(ROOT));
const browserFiles = new Map([...projectFiles(blocks, 'app')].filter(([, file]) => file.run === 'vite build + Chromium').map(([path, file]) => [path, file.code]));
const storybookProjects = storybookProjectsOf(blocks);
const seededNames = (count: number, seed: number): string[] => buildPets(count, { seed }).map(pet => pet.name);

describe.skipIf(unavailable !== undefined)('the browser blocks of the docs, built from the packed package', () => {
  let browser: Browser | undefined;
  let folder = '';
  let tarball = '';
  const storybooks = new Map<string, BuiltStorybook>();

  beforeAll(async () => {
    ({ folder, tarball } = await createProject('browser'));
    writeFiles(folder, browserFiles);
    const [launched, ...built] = await Promise.all([launchChromium(), ...storybookProjects.map(project => buildStorybookFromBlocks(blocks, project, tarball))]);
    browser = launched;
    storybookProjects.forEach((project, index) => storybooks.set(project, built[index] as BuiltStorybook));
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    for (const storybook of storybooks.values()) storybook.remove();
  });

  /** `vite build` in the project, with `env` as its environment; the files of dist/ (assets included), by name. */
  async function viteBuild(env: Record<string, string>): Promise<string[]> {
    rmSync(join(folder, 'dist'), { recursive: true, force: true });
    const { code, output } = await runToEnd(process.execPath, [binOf('vite'), 'build'], { cwd: folder, env: { ...env, NODE_ENV: 'production' }, timeout: 120_000 });
    expect(code, output).toBe(0);
    return readdirSync(join(folder, 'dist'), { recursive: true, encoding: 'utf8' });
  }

  it('has a page, a main module and the mock among its blocks', () => {
    expect([...browserFiles.keys()].sort()).toEqual(['index.html', 'src/main.ts', 'src/mocks/browser.ts']);
  });

  it('keeps the mock out of a production build without the switch', async () => {
    const files = await viteBuild({});
    const scripts = files.filter(file => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // The engine's chunks name Prism's validator and the document's operations; none is in the build.
    for (const script of scripts) expect(readFileSync(join(folder, 'dist', script), 'utf8'), script).not.toMatch(/listPets|mockServiceWorker\.js/);
  }, 120_000);

  it('builds the demo with VITE_PETSTORE_MOCK=1, and vite preview serves a page that lists the mock’s pets in Chromium', async () => {
    const files = await viteBuild({ VITE_PETSTORE_MOCK: '1' });
    expect(files).toContain('mockServiceWorker.js');
    const { preview } = await import('vite');
    const server = await preview({ root: folder, configFile: false, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
    const page = await browser?.newPage();
    try {
      if (!page) throw new Error('Chromium did not start.');
      const errors: string[] = [];
      page.on('pageerror', error => errors.push(error.message));
      const address = server.httpServer.address();
      if (address === null || typeof address === 'string') throw new Error('vite preview has no port.');
      await page.goto(`http://127.0.0.1:${address.port}/`);
      await page.locator('li').first().waitFor({ timeout: 20_000 });
      expect(await page.locator('li').allInnerTexts()).toEqual(seededNames(20, 1));
      expect(errors).toEqual([]);
    } finally {
      await page?.close();
      await server.close();
    }
  }, 120_000);

  describe.each(storybookProjects)('the Storybook of %s', project => {
    let site: StaticSite | undefined;
    let page: Page | undefined;
    const errors: string[] = [];
    beforeAll(async () => {
      const storybook = storybooks.get(project);
      if (!storybook || !browser) throw new Error(`No Storybook was built for ${project}.`);
      site = await serveStatic(storybook.staticDir);
      page = await browser.newPage();
      page.on('pageerror', error => errors.push(error.message));
    });
    afterAll(async () => {
      await page?.close();
      await site?.close();
    });

    /** Waits until the story's output reads `expected`; the text it read, for the assertion. */
    async function shows(expected: string): Promise<string> {
      const output = page?.locator('#storybook-root output');
      if (!output) throw new Error('The Storybook page did not open.');
      await page?.waitForFunction(text => document.querySelector('#storybook-root output')?.textContent === text, expected, { timeout: 15_000 }).catch(() => undefined);
      return output.innerText();
    }
    async function select(storyId: string): Promise<void> {
      await page?.evaluate(id => (window as unknown as { __STORYBOOK_PREVIEW__: { onSetCurrentStory(selection: object): Promise<void> } }).__STORYBOOK_PREVIEW__.onSetCurrentStory({ storyId: id, viewMode: 'story' }), storyId);
    }

    it('shows each story from its own pets, one after another in one page', async () => {
      await page?.goto(`${site?.origin ?? ''}/iframe.html?id=petlist--three&viewMode=story`);
      expect(await shows(seededNames(3, 7).join(', '))).toBe(seededNames(3, 7).join(', '));
      await select('petlist--outage');
      expect(await shows('Error 503')).toBe('Error 503');
      await select('petlist--empty');
      expect(await shows('No pets')).toBe('No pets');
      await select('petlist--default');
      expect(await shows(seededNames(20, 1).join(', '))).toBe(seededNames(20, 1).join(', '));
      await select('petlist--three');
      expect(await shows(seededNames(3, 7).join(', '))).toBe(seededNames(3, 7).join(', '));
      expect(errors).toEqual([]);
    });
  });
});
