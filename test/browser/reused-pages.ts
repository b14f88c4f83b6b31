import type { Browser, Page } from 'playwright-core';
import type { CreateSurface } from '../contract/surface.js';
import { openTestApp, startSurfaceOnPage, type OpenTestAppOptions } from '../support/browser-surface.js';

/**
 * Browser surfaces for the contract suites, on pages they pass on: a suite's page, when its surface
 * closes, is kept for the next suite, which starts a fresh mock with its own options in it
 * (`petstoreTest.start`: a new `createPetstoreMock`, its handlers the worker's), as a Storybook page
 * starts one per story. What the page opened with (its path, its CSP) is the pool's. Opening the app
 * in a new page (a browser context, the worker registered, the app's modules) took 0.5 to 1 s a suite.
 * No contract suite persists pets to Web Storage, which a kept page would keep.
 */
export function reusedPageSurfaces(browser: () => Browser, origin: () => string, pageErrors: string[], pageOptions: OpenTestAppOptions = {}): { createSurface: CreateSurface; closeAll: () => Promise<void> } {
  const idle: Page[] = [];
  return {
    async createSurface(options) {
      const kept = idle.pop();
      const page = kept ?? (await openTestApp(browser(), origin(), pageErrors, pageOptions));
      // What the last mock reported after its suite's last check is this suite's failure, never lost.
      const leftover = kept ? await page.evaluate(() => (window.petstoreTest.drainWarnings(), window.petstoreTest.drainReported())) : [];
      const surface = await startSurfaceOnPage(page, options);
      surface.reportedErrors.unshift(...leftover);
      return {
        ...surface,
        close: () => {
          if (!page.isClosed()) idle.push(page);
          return Promise.resolve();
        },
      };
    },
    async closeAll() {
      await Promise.all(idle.splice(0).map(page => page.close()));
    },
  };
}
