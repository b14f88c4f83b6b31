/**
 * What precompiled validators change at start-up (docs/decisions/0010), apart from `npm run bench`:
 *
 *   node --import tsx bench/precompiled-startup.ts node <baseline msw.js>   fresh Node processes, this build's
 *       dist/msw.js and a baseline build's taking turns: import msw/node and petstore-mock/msw, setupServer,
 *       first answer (bench/precompiled-probe.mjs), beside one plain MSW handler; medians of wall and CPU time.
 *   node --import tsx bench/precompiled-startup.ts browser [<baseline site>]  this tree's packed package in
 *       Chromium (bench/browser-app, built by Vite): navigation → first answer, for the petstore page, the
 *       same page under `script-src 'self'` (no 'unsafe-eval'), and the trivial MSW page; with the folder
 *       of a baseline checkout's built app (its .bench/precompiled-browser-app/app/bench/browser-app/dist),
 *       its pages take turns with these in every round; medians of ROUNDS.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/support/chromium.js';
import { buildPackedApp, serveStatic } from '../test/support/packed-browser-app.js';
import type { BrowserFigures } from './browser-app/measure.js';
import { median } from './support.js';

const run = promisify(execFile);
const ROUNDS = Number(process.env['ROUNDS'] ?? 9);

async function probe(mswModule?: string): Promise<{ wallMs: number; cpuMs: number }> {
  const { stdout } = await run(process.execPath, ['bench/precompiled-probe.mjs', ...(mswModule ? [mswModule] : [])]);
  return JSON.parse(stdout.trim()) as { wallMs: number; cpuMs: number };
}

async function measureNode(baseline: string): Promise<void> {
  const builds: Record<string, string | undefined> = { 'msw only': 'msw-only', 'this build': undefined, baseline: resolve(baseline) };
  const figures: Record<string, { wallMs: number; cpuMs: number }[]> = Object.fromEntries(Object.keys(builds).map(name => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, module] of Object.entries(builds)) figures[name]?.push(await probe(module));
  }
  const summary = Object.fromEntries(
    Object.entries(figures).map(([name, values]) => [name, { wallMs: Math.round(median(values.map(value => value.wallMs))), cpuMs: Math.round(median(values.map(value => value.cpuMs))) }]),
  );
  console.log(JSON.stringify({ rounds: ROUNDS, medians: summary }, null, 1));
}

async function visit(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', error => errors.push(String(error)));
    await tab.goto(url);
    await tab.waitForFunction(() => window.benchFigures !== undefined, undefined, { timeout: 60_000 });
    const figures = (await tab.evaluate(() => window.benchFigures)) as BrowserFigures;
    if (errors.length > 0) throw new Error(`${url}: ${errors.join('; ')}`);
    return figures.firstAnswerMs;
  } finally {
    await context.close();
  }
}

/** Each page of each site (built app folders: this tree's, a baseline's), all taking turns in every round. */
async function measureBrowserPages(sites: Record<string, string>): Promise<void> {
  const servers = await Promise.all(Object.entries(sites).map(async ([name, folder]) => [name, await serveStatic(folder)] as const));
  const browser = await launchChromium();
  const pages = { trivial: 'trivial.html', petstore: 'index.html', 'petstore, strict CSP': 'index.html?csp=strict' };
  const figures: Record<string, number[]> = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [site, server] of servers) {
        for (const [name, page] of Object.entries(pages)) {
          try {
            (figures[`${site}: ${name}`] ??= []).push(await visit(browser, `${server.origin}/${page}`));
          } catch (error) {
            console.error(`${site} ${name}: ${(error as Error).message.split('\n')[0] ?? ''}`);
          }
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map(([, server]) => server.close()));
  }
  console.log(JSON.stringify({ rounds: ROUNDS, medianMs: Object.fromEntries(Object.entries(figures).map(([name, values]) => [name, Math.round(median(values))])) }, null, 1));
}

/** This tree's packed package built into the benchmark app by Vite; returns the site's folder. */
function buildThisSite(): Promise<string> {
  return buildPackedApp({ output: '.bench/precompiled-browser-app', folders: ['bench/browser-app', 'fixtures'], root: 'bench/browser-app', pages: ['trivial.html'] });
}

const [mode, baseline] = process.argv.slice(2);
if (mode === 'node' && baseline) await measureNode(baseline);
else if (mode === 'browser') await measureBrowserPages({ 'this build': await buildThisSite(), ...(baseline && { baseline }) });
else throw new Error('Usage: bench/precompiled-startup.ts node <baseline msw.js> | browser [<baseline site folder>]');
