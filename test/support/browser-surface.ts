import type { Browser, Page } from 'playwright-core';
import { AdminError, type EngineOptions } from '../../src/index.js';
import type { RefusedControl, SeenResponse } from '../browser/browser-app/src/main.js';
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
  /** The harness's `name`, and what the mock reported meanwhile kept, in one `page.evaluate`. */
  const call = async <T>(name: 'start' | 'request' | 'reset' | 'requests' | 'control', ...args: unknown[]): Promise<T> => {
    const outcome = await page.evaluate(([callName, given]) => window.petstoreTest.reporting(callName, given), [name, args] as const);
    reportedErrors.push(...outcome.reported);
    if ('thrown' in outcome) throw new Error(outcome.thrown.replace(/^Error: /, ''));
    return outcome.value as T;
  };
  await call('start', options);

  const control = async <T>(session: string | undefined, name: keyof SurfaceControls, ...args: unknown[]): Promise<T> => {
    const result = await call<{ value: unknown } | { refused: RefusedControl }>('control', session, name, args);
    if ('refused' in result) throw new AdminError(result.refused.message, result.refused);
    return result.value as T;
  };

  return {
    name: 'the MSW handlers in Chromium',
    reportedErrors,
    async request(method, path, init = {}) {
      const seen = await call<SeenResponse>('request', method, path, init);
      return new Response(NULL_BODY_STATUSES.has(seen.status) ? null : seen.body, { status: seen.status, headers: seen.headers });
    },
    reset: session => call('reset', session),
    requests: session => call('requests', session),
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
