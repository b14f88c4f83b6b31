/**
 * What precompiled validators change at start-up (docs/decisions/0010), apart from `npm run bench`:
 *
 *   node --import tsx bench/precompiled-startup.ts node <baseline msw.js>   fresh Node processes, this build's
 *       dist/msw.js and a baseline build's taking turns: import msw/node and petstore-mock/msw, setupServer,
 *       first answer (bench/precompiled-probe.mjs), beside one plain MSW handler; medians of wall and CPU time.
 *   node --import tsx bench/precompiled-startup.ts browser                  this tree's packed package in
 *       Chromium (bench/browser-app): navigation → first answer, for the petstore page, the same page
 *       under `script-src 'self'` (no 'unsafe-eval'), and the trivial MSW page; medians of ROUNDS.
 *
 * Run the browser mode in each tree (this one and a baseline checkout) to compare builds.
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

async function measureBrowserPages(): Promise<void> {
  const site = await buildPackedApp({ output: '.bench/precompiled-browser-app', folders: ['bench/browser-app', 'fixtures'], root: 'bench/browser-app', pages: ['trivial.html'] });
  const server = await serveStatic(site);
  const browser = await launchChromium();
  const pages = { trivial: 'trivial.html', petstore: 'index.html', 'petstore, strict CSP': 'index.html?csp=strict' };
  const figures: Record<string, number[]> = Object.fromEntries(Object.keys(pages).map(name => [name, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, page] of Object.entries(pages)) {
        try {
          figures[name]?.push(await visit(browser, `${server.origin}/${page}`));
        } catch (error) {
          console.error(`${name}: ${(error as Error).message.split('\n')[0] ?? ''}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(JSON.stringify(Object.fromEntries(Object.entries(figures).map(([name, values]) => [name, { medianMs: Math.round(median(values)), values: values.map(Math.round) }])), null, 1));
}

const [mode, baseline] = process.argv.slice(2);
if (mode === 'node' && baseline) await measureNode(baseline);
else if (mode === 'browser') await measureBrowserPages();
else throw new Error('Usage: bench/precompiled-startup.ts node <baseline msw.js> | browser');
