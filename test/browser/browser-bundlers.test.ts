import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeAnimalStoreContract } from '../contract/animal-store.contract.js';
import { openTestApp } from '../support/browser-surface.js';
import { browserUnavailable, launchChromium } from '../support/chromium.js';
import { reusedPageSurfaces } from './reused-pages.js';
import { buildPackedBrowserApp, serveStatic, readBundledPackageFiles, type AppBundler, type StaticSite } from '../support/packed-browser-app.js';

// The `browser` export condition has to be picked by every bundler a client team may use, with no
// configuration of theirs for petstore-mock. Vite builds the app in browser.test.ts (with the controls
// suites and the in-page cases); here the same app is built by webpack 5 and by Rollup 4, each with its
// own minifier, and the API's contract suite runs against each in Chromium.
const unavailable = browserUnavailable('the browser tests');
const BUNDLERS: readonly Exclude<AppBundler, 'vite'>[] = ['webpack', 'rollup'];

describe.skipIf(unavailable !== undefined)('petstore-mock/msw built by other bundlers, in Chromium', () => {
  let browser: Browser;
  const sites = new Map<AppBundler, StaticSite>();
  const dists = new Map<AppBundler, string>();
  const pageErrors: string[] = [];
  const closePages: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    // One build after the other: two bundlers at once on a two-core machine starve the other suites.
    const launched = launchChromium();
    for (const bundler of BUNDLERS) {
      const dist = await buildPackedBrowserApp(bundler);
      dists.set(bundler, dist);
      sites.set(bundler, await serveStatic(dist));
    }
    browser = await launched;
  }, 300_000);
  afterAll(async () => {
    await Promise.all(closePages.map(close => close()));
    await browser.close();
    await Promise.all([...sites.values()].map(site => site.close()));
  });
  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  for (const bundler of BUNDLERS) {
    const origin = (): string => {
      const site = sites.get(bundler);
      if (!site) throw new Error(`No ${bundler} build.`);
      return site.origin;
    };

    it(`resolves petstore-mock/msw and /fixtures to the browser build with ${bundler}, and answers from it`, async () => {
      const files = readBundledPackageFiles(dists.get(bundler) ?? '');
      // fixtures.js only re-exports a chunk, so bundlers leave the file itself out of their module lists.
      expect(files).toContain('dist/browser/msw.js');
      expect(files.filter(file => !file.startsWith('dist/browser/'))).toEqual([]);
      const page = await openTestApp(browser, origin(), pageErrors);
      try {
        await page.evaluate(() => window.petstoreTest.start());
        const answer = await page.evaluate(() => window.petstoreTest.request('GET', '/v1/pets?limit=1', { headers: { authorization: 'Bearer bundled' } }));
        expect(answer.status).toBe(200);
      } finally {
        await page.close();
      }
    });

    // The contract suites pass their page on (see reusedPageSurfaces).
    const pages = reusedPageSurfaces(() => browser, origin, pageErrors);
    closePages.push(pages.closeAll);
    describeAnimalStoreContract(`the MSW handlers built by ${bundler}, in Chromium`, pages.createSurface, { fetchesFromPage: true });
  }
});
