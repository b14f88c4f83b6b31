import type { Browser, Page } from 'playwright-core';
import { AdminError, isAdminError, type EngineOptions } from '../../src/index.js';
import type { SeenResponse } from '../browser/browser-app/src/main.js';
import type { Surface, SurfaceControls } from '../contract/surface.js';

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

export interface OpenTestAppOptions {
  /** Path and query of the page. Default `/`. */
  path?: string;
  /** Runs in the page before its own scripts, e.g. to take away what some browsers lack. */
  initScript?: () => void;
}

/** Opens the test app (served at `origin`) in a new page and waits for its harness. */
export async function openTestApp(browser: Browser, origin: string, pageErrors: string[], options: OpenTestAppOptions = {}): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', error => pageErrors.push(String(error)));
  if (options.initScript) await page.addInitScript(options.initScript);
  await page.goto(`${origin}${options.path ?? '/'}`);
  await waitForTestApp(page);
  return page;
}

/** Waits for the app's harness, after a navigation or a reload. */
export async function waitForTestApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready', undefined, { timeout: 10_000 });
}

/**
 * The MSW handlers in Chromium, behind `setupWorker` in the packed-package app: every request is a
 * `fetch` made by the page and answered by the service worker with the handlers' response; the
 * controls are the page's `createPetstoreMock` methods.
 */
export async function createBrowserSurface(browser: Browser, origin: string, options: EngineOptions, pageErrors: string[], pageOptions: OpenTestAppOptions = {}): Promise<Surface> {
  return startSurfaceOnPage(await openTestApp(browser, origin, pageErrors, pageOptions), options);
}

/** `createBrowserSurface` on a test app already open in `page`: a fresh mock with `options`; closing the surface closes the page. */
export async function startSurfaceOnPage(page: Page, options: EngineOptions): Promise<Surface> {
  const reportedErrors: string[] = [];
  const drain = async (): Promise<void> => {
    reportedErrors.push(...(await page.evaluate(() => window.petstoreTest.drainReported())));
  };
  const evaluate = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      await drain();
    }
  };
  await evaluate(() => page.evaluate(given => window.petstoreTest.start(given), options));

  const control = <T>(session: string | undefined, name: keyof SurfaceControls, ...args: unknown[]): Promise<T> =>
    evaluate(async () => {
      try {
        const result = await page.evaluate(([id, controlName, given]) => window.petstoreTest.control(id, controlName, given), [session, name, args] as const);
        if ('refused' in result) throw new AdminError(result.refused.message, result.refused);
        return result.value as T;
      } catch (error) {
        if (isAdminError(error)) throw error;
        // The page's error message, without Playwright's framing.
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(message.replace(/^page\.evaluate: (?:Error: )?/, '').split('\n    at ')[0]);
      }
    });

  return {
    name: 'the MSW handlers in Chromium',
    reportedErrors,
    async request(method, path, init = {}) {
      const seen: SeenResponse = await evaluate(() => page.evaluate(([m, p, i]) => window.petstoreTest.request(m, p, i), [method, path, init] as const));
      return new Response(NULL_BODY_STATUSES.has(seen.status) ? null : seen.body, { status: seen.status, headers: seen.headers });
    },
    reset: session => evaluate(() => page.evaluate(id => window.petstoreTest.reset(id), session)),
    requests: session => evaluate(() => page.evaluate(id => window.petstoreTest.requests(id), session)),
    controls: session => ({
      getState: () => control(session, 'getState'),
      setState: state => control(session, 'setState', state),
      override: (operationId, overrideOptions) => control(session, 'override', operationId, overrideOptions),
      overrides: () => control(session, 'overrides'),
      clearOverrides: id => control(session, 'clearOverrides', ...(id === undefined ? [] : [id])),
      calls: operationId => control(session, 'calls', operationId),
    }),
    close: () => page.close(),
  };
}
