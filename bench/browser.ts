/**
 * The browser row of `npm run bench`: the packed package built by Vite into two pages, one whose
 * worker has petstore-mock's handlers and one whose worker has a single trivial MSW handler. For
 * each, in fresh headless Chromium contexts: navigation → worker ready → first answered request
 * (median of 21), later requests (mean of 200 sequential, median of the 21 pages), and the JavaScript
 * the page loaded before its first answer, gzip-compressed. The petstore page is also visited served
 * with a strict Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval', as most production
 * pages send): its first answer's time, or why it is not a 200.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { browserUnavailable, launchChromium } from '../test/support/chromium.js';
import { buildPackedApp, serveStatic } from '../test/support/packed-browser-app.js';
import type { BrowserFigures } from './browser-app/measure.js';
import { median } from './support.js';

/**
 * Rounds: the pages' order turns round by round, so each page comes first, second and third as often
 * (5 rounds in a fixed order put the strict page always last; the same build's ratios ranged 1.2× to
 * 1.9×). Medians of 12 still moved by ±0.15× between runs of one build; 21 (each page first 7 times).
 */
export const ROUNDS = 21;

export interface BrowserPageFigures {
  firstAnswerMs: number;
  /** The first answers' statuses that were not 200 (the page answered, but not as it should). */
  failedStatuses: number[];
  laterRequestMs: number;
  /** gzip bytes of the JavaScript loaded before the first answer (worker script excluded). */
  javascriptGzipBytes: number;
  /** The files of that JavaScript, and whether Prism's mocker chunk or Ajv's compiler chunk was among them. */
  javascriptFiles: string[];
  mockerLoaded: boolean;
  ajvCompilerLoaded: boolean;
}

export interface BrowserBench {
  petstore: BrowserPageFigures;
  /** The petstore page served with `Content-Security-Policy: default-src 'self'; script-src 'self'`; or why no visit of it gave figures. */
  strictCsp: BrowserPageFigures | string;
  trivial: BrowserPageFigures;
}

/** One fresh context's visit of `page`: its figures, and the JavaScript files it loaded before its first answer. */
async function visit(browser: Browser, origin: string, page: string, timeoutMs = 60_000): Promise<{ figures: BrowserFigures; files: string[] }> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', error => errors.push(String(error)));
    await tab.goto(`${origin}/${page}`);
    await tab.waitForFunction(() => window.benchFigures !== undefined, undefined, { timeout: timeoutMs });
    const figures = (await tab.evaluate(() => window.benchFigures)) as BrowserFigures;
    if (errors.length > 0) throw new Error(`${page}: ${errors.join('; ')}`);
    // Only what the page asked for before its first answer: a chunk it loads once idle (Ajv's compiler) is not on that path.
    const files = await tab.evaluate(
      firstAnswerMs =>
        performance
          .getEntriesByType('resource')
          .filter(entry => entry.startTime < firstAnswerMs)
          .map(entry => new URL(entry.name).pathname)
          .filter(path => path.endsWith('.js') && path !== '/mockServiceWorker.js'),
      figures.firstAnswerMs,
    );
    return { figures, files: [...new Set(files)] };
  } finally {
    await context.close();
  }
}

function summarize(site: string, visits: { figures: BrowserFigures; files: string[] }[]): BrowserPageFigures {
  const files = visits.at(-1)?.files ?? [];
  return {
    firstAnswerMs: median(visits.map(({ figures }) => figures.firstAnswerMs)),
    failedStatuses: visits.flatMap(({ figures }) => (figures.firstStatus === 200 ? [] : [figures.firstStatus])),
    laterRequestMs: median(visits.map(({ figures }) => figures.laterRequestMs)),
    javascriptGzipBytes: files.reduce((total, file) => total + gzipSync(readFileSync(join(site, file))).byteLength, 0),
    javascriptFiles: files,
    mockerLoaded: files.some(file => /mocker/.test(file)),
    ajvCompilerLoaded: files.some(file => /ajv-compiler/.test(file)),
  };
}

/** The figures, or why they could not be taken here. */
export async function measureBrowser(): Promise<BrowserBench | string> {
  const unavailable = browserUnavailable('the browser benchmark');
  if (unavailable) return unavailable;
  const site = await buildPackedApp({ output: '.bench/browser-app', folders: ['bench/browser-app', 'fixtures'], root: 'bench/browser-app', pages: ['trivial.html'] });
  const server = await serveStatic(site);
  const browser = await launchChromium();
  try {
    // The pages take turns in every round, each round starting with the next, so that the machine's
    // noise and the browser's state fall on every page alike.
    const petstore: Awaited<ReturnType<typeof visit>>[] = [];
    const strictCsp: (Awaited<ReturnType<typeof visit>> | string)[] = [];
    const trivial: Awaited<ReturnType<typeof visit>>[] = [];
    const visits: (() => Promise<void>)[] = [
      async () => void trivial.push(await visit(browser, server.origin, 'trivial.html')),
      async () => void petstore.push(await visit(browser, server.origin, 'index.html')),
      // A page that cannot run under the policy says why, rather than stop the other rows.
      async () => void strictCsp.push(await visit(browser, server.origin, 'index.html?csp=strict', 15_000).catch((error: unknown) => (error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error)))),
    ];
    for (let round = 0; round < ROUNDS; round++) {
      for (let turn = 0; turn < visits.length; turn++) await visits[(round + turn) % visits.length]?.();
    }
    const strictVisits = strictCsp.filter(visited => typeof visited !== 'string');
    const strictFailure = strictCsp.find(visited => typeof visited === 'string');
    return {
      petstore: summarize(site, petstore),
      strictCsp: strictVisits.length > 0 ? summarize(site, strictVisits) : `no visit gave figures (${strictFailure ?? 'unknown'})`,
      trivial: summarize(site, trivial),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
