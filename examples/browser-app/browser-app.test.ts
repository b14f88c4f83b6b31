import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchChromium } from '../../test/support/chromium.js';

const unavailable = browserUnavailable('the browser example app');
const APP = fileURLToPath(new URL('.', import.meta.url));

/** `npm run dev` in this folder, as the README says; resolves with the address Vite prints. */
function startDevServer(): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn('npm', ['run', 'dev', '--', '--port', '0', '--strictPort'], { cwd: APP, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    let printed = '';
    const timer = setTimeout(() => reject(new Error(`npm run dev printed no address in 30 s:\n${printed}`)), 30_000);
    const read = (chunk: Buffer): void => {
      printed += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(printed.replaceAll(`${String.fromCharCode(27)}[`, '[').replace(/\[[\d;]*m/g, ''))?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ url, process: child });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', code => reject(new Error(`npm run dev exited with ${code}:\n${printed}`)));
  });
}

describe.skipIf(unavailable !== undefined)('the browser example app (examples/browser-app), under npm run dev', () => {
  let browser: Browser;
  let server: { url: string; process: ChildProcess };
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchChromium(), startDevServer()]);
  }, 60_000);
  afterAll(async () => {
    await browser.close();
    // Whatever the last test left running: npm and Vite under it, the whole process group.
    if (server.process.pid !== undefined && server.process.exitCode === null) process.kill(-server.process.pid, 'SIGTERM');
  });

  async function names(page: Page): Promise<string[]> {
    return page.locator('#pets > li').allTextContents();
  }

  it('lists, filters and creates pets answered by the handlers in its service worker, and keeps them across a reload', async () => {
    const page = await browser.newPage();
    page.on('pageerror', error => pageErrors.push(String(error)));
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(await names(page)).toHaveLength(20);

    await page.selectOption('#filter select', 'sold');
    await expect.poll(async () => (await names(page)).every(name => name.endsWith(', sold)'))).toBe(true);
    const sold = (await names(page)).length;
    expect(sold).toBeGreaterThan(0);
    expect(sold).toBeLessThan(20);

    await page.selectOption('#filter select', '');
    await page.fill('#create input[name="name"]', 'Biscuit');
    await page.fill('#create input[name="categoryId"]', '2');
    await page.click('#create button[type="submit"]');
    await expect.poll(() => names(page)).toContain('Biscuit (#21, category 2, available)');

    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await names(page)).toContain('Biscuit (#21, category 2, available)');

    await page.click('#start-over');
    await expect.poll(async () => (await names(page)).length).toBe(20);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('stops with npm: SIGTERM to npm alone ends Vite too, and nothing answers any more', async () => {
    const exited = new Promise(resolve => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await exited;
    let answered = true;
    for (let attempt = 0; attempt < 50 && answered; attempt++) {
      answered = await fetch(server.url).then(() => true, () => false);
      if (answered) await new Promise(resolve => setTimeout(resolve, 100));
    }
    expect(answered, 'Vite still answers after npm stopped').toBe(false);
  });
});
