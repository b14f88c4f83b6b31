import { mkdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type Har, type MockServer, type MockServerOptions } from '../../src/index.js';
import { browserUnavailable, launchChromium } from '../support/chromium.js';
import { findHarProblems } from '../support/har-structure.js';

const unavailable = browserUnavailable('the dashboard tests');

const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const AUTH = { authorization: 'Bearer dashboard', 'content-type': 'application/json' };
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const PETCLINIC = fileURLToPath(new URL('../documents/corpus/spring-petclinic-rest.yaml', import.meta.url));

describe.skipIf(unavailable !== undefined)('the dashboard at /__admin/, in Chromium', () => {
  let browser: Browser;
  let server: MockServer | undefined;
  const pageErrors: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser.close();
  });
  afterEach(async () => {
    await server?.close({ drainMs: 0 });
    server = undefined;
    expect(pageErrors.splice(0)).toEqual([]);
    expect(dialogs.splice(0)).toEqual([]);
  });

  async function start(options: MockServerOptions = {}): Promise<MockServer> {
    server = await createMockServer({ port: 0, seed: 2, pets: 3, ...options });
    return server;
  }

  async function open(url: string | undefined, width = 1280): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.on('pageerror', error => pageErrors.push(String(error)));
    page.on('dialog', dialog => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(url ?? 'about:blank');
    return page;
  }

  const entries = (page: Page) => page.locator('#requests > li');

  it('lists the requests made before and after it opened, newest first, and why one was refused', async () => {
    const mock = await start();
    await fetch(`${mock.url}/pets?limit=2`, { headers: AUTH });
    const page = await open(mock.dashboardUrl);
    await expect.poll(() => entries(page).count()).toBe(1);
    await fetch(`${mock.url}/pets?limit=0`, { headers: AUTH });
    await expect.poll(() => entries(page).count(), { timeout: 5_000 }).toBe(2);
    const newest = entries(page).first();
    expect(await newest.textContent()).toContain('/v1/pets?limit=0');
    expect(await newest.locator('.reasons').textContent()).toBe('query.limit: Request query parameter limit must be >= 1');
    expect(await entries(page).last().textContent()).toMatch(/GET\s*\/v1\/pets\?limit=2\s*→ 200/);
    expect(await page.locator('#settings').textContent()).toMatch(/^Animal Store API 1\.0\.0 \([0-9a-f]{12}\) from \S+petstore\.yaml · seed 2, 3 seeded pets · any bearer token · no delay · fault rate 0 · real clock/);
    await page.close();
  });

  it('tags a request refused at a limit with the limit’s name, and shows every limit’s use', async () => {
    const mock = await start({ maxStoredBytes: 2_000 });
    for (let index = 0; index < 4; index++) await fetch(`${mock.url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: 'L'.repeat(250), categoryId: 1 }) });
    const page = await open(mock.dashboardUrl);
    await expect.poll(() => entries(page).count()).toBe(4);
    expect(await entries(page).first().locator('.summary').textContent()).toMatch(/→ 507.*limit reached: maxStoredBytes/);
    await expect.poll(() => page.locator('#limits').textContent()).toMatch(/stored records \(--max-stored-bytes\) [\d.]+ KiB of 2\.0 KiB/);
    expect(await page.locator('#limits').textContent()).toContain('journal entries (--journal-size) 4 of 1000');
    await page.close();
  });

  it('tags the server’s own refusal and an admin request refused at a limit with the limit’s name', async () => {
    const mock = await start({ maxInflightBytes: 64 * 1024, maxOverrides: 1 });
    // A body declared over the budget is refused by the server, unread, before the engine sees it.
    await new Promise<void>(resolve => {
      const socket = connect(mock.port, '127.0.0.1', () => socket.write(`POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 70000\r\n\r\n`));
      socket.on('error', () => undefined).on('close', () => resolve()).resume();
    });
    const override = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operationId: 'listPets', status: 500 }) };
    expect((await fetch(`${mock.origin}/__admin/overrides`, override)).status).toBe(201);
    expect((await fetch(`${mock.origin}/__admin/overrides`, override)).status).toBe(507);
    const page = await open(mock.dashboardUrl);
    await expect.poll(() => entries(page).count()).toBe(2);
    expect(await entries(page).first().locator('.summary').textContent()).toMatch(/POST\s*\/__admin\/overrides\s*→ 507.*limit reached: maxOverrides/);
    expect(await entries(page).last().locator('.summary').textContent()).toMatch(/POST\s*\/v1\/pets\s*→ 503.*limit reached: maxInflightBytes/);
    await page.close();
  });

  it('shows a client’s text as text: a name that is HTML runs nothing, in the journal or the records', async () => {
    const mock = await start();
    await fetch(`${mock.url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: HOSTILE_NAME, categoryId: 1 }) });
    await fetch(`${mock.url}/pets/%3Cscript%3Ealert(2)%3C%2Fscript%3E`, { headers: { ...AUTH, 'x-petstore-session': 'x<b>y' } });
    const page = await open(mock.dashboardUrl);
    await expect.poll(() => entries(page).count()).toBe(2);
    await entries(page).last().locator('summary').click();
    expect(await entries(page).last().locator('pre').textContent()).toContain(HOSTILE_NAME);
    await page.getByRole('button', { name: 'Show records' }).first().click();
    await expect.poll(() => page.locator('#records tbody').textContent()).toContain(HOSTILE_NAME);
    await page.waitForTimeout(300);
    expect(await page.locator('main img, main script, main b').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    await page.close();
  });

  it('shows an answer’s status, its reason in the API’s words, and its body as text in the open row', async () => {
    const mock = await start();
    await fetch(`${mock.url}/pets/999`, { headers: AUTH });
    await fetch(`${mock.url}/pets`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name: HOSTILE_NAME, categoryId: 1 }) });
    const page = await open(mock.dashboardUrl);
    await expect.poll(() => entries(page).count()).toBe(2);
    const missing = entries(page).last();
    expect(await missing.locator('.summary').textContent()).toContain('→ 404');
    expect(await missing.locator('.reason').textContent()).toBe('No pet has id 999.');
    await missing.locator('summary').click();
    expect(await missing.locator('h3').textContent()).toBe('Answer 404');
    expect(await missing.locator('.answer-body').textContent()).toContain('"code": "pet_not_found"');
    const created = entries(page).first();
    expect(await created.locator('.reason').count()).toBe(0);
    await created.locator('summary').click();
    expect(await created.locator('.answer-body').textContent()).toContain(HOSTILE_NAME);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
    await page.close();
  });

  it('downloads the journal as HAR from its link, sending the admin token', async () => {
    const mock = await start({ adminToken: 'har-token' });
    await fetch(`${mock.url}/pets?limit=1`, { headers: AUTH });
    const page = await open(undefined);
    await page.goto(mock.dashboardUrl ?? '');
    await page.locator('#token').fill('har-token');
    await page.getByRole('button', { name: 'Use token' }).click();
    await expect.poll(() => entries(page).count(), { timeout: 5_000 }).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download HAR' }).click()]);
    expect(download.suggestedFilename()).toBe('petstore-mock.har');
    const har = JSON.parse(readFileSync(await download.path(), 'utf8')) as Har;
    expect(findHarProblems(har)).toEqual([]);
    expect(har.log.entries.map(entry => entry.request.url)).toEqual([`${mock.url}/pets?limit=1`]);
    await page.close();
  });

  it('asks for the admin token and sends it as a bearer header, never in a URL', async () => {
    const mock = await start({ adminToken: 'secret-token' });
    const page = await open(undefined);
    const urls: string[] = [];
    const bearers: (string | undefined)[] = [];
    page.on('request', request => {
      urls.push(request.url());
      if (request.url().includes('/__admin/requests')) bearers.push(request.headers()['authorization']);
    });
    await page.goto(mock.dashboardUrl ?? '');
    await expect.poll(() => page.locator('#token-form').isVisible()).toBe(true);
    await page.screenshot({ path: `${OUTPUT}dashboard-token-prompt.png` });
    await page.locator('#token').fill('secret-token');
    await page.getByRole('button', { name: 'Use token' }).click();
    await fetch(`${mock.url}/pets`, { headers: AUTH });
    await expect.poll(() => entries(page).count(), { timeout: 5_000 }).toBe(1);
    expect(await page.locator('#token-form').isVisible()).toBe(false);
    expect(urls.filter(url => url.includes('secret-token'))).toEqual([]);
    expect(bearers).toContain('Bearer secret-token');
    await page.close();
  });

  it('filters by session, operation and status class, clears the journal, and resets a session', async () => {
    const mock = await start();
    await fetch(`${mock.url}/pets`, { method: 'POST', headers: { ...AUTH, 'x-petstore-session': 'shard-1' }, body: '{"name":"Shard","categoryId":1}' });
    await fetch(`${mock.url}/pets/999`, { headers: AUTH });
    await fetch(`${mock.url}/pets`, { headers: AUTH });
    const page = await open(mock.dashboardUrl);
    await expect.poll(() => entries(page).count()).toBe(3);
    await page.locator('#filter-session').selectOption('shard-1');
    expect(await entries(page).count()).toBe(1);
    await page.locator('#filter-session').selectOption('*');
    await page.locator('#filter-status').selectOption('4');
    expect(await entries(page).first().textContent()).toContain('pets/999');
    await page.locator('#filter-status').selectOption('*');
    await page.locator('#filter-operation').selectOption('listPets');
    expect(await entries(page).count()).toBe(1);
    await expect.poll(() => page.locator('#sessions').textContent()).toContain('shard-1: 4 pets');
    await page.locator('#sessions li', { hasText: 'shard-1' }).getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.locator('#sessions').textContent(), { timeout: 5_000 }).toContain('shard-1: 3 pets');
    await page.getByRole('button', { name: 'Clear journal' }).click();
    await expect.poll(() => entries(page).count()).toBe(0);
    expect(mock.engine.journal.list()).toEqual([]);
    await page.close();
  });

  it('shows every collection of another document: a table each, counts per session, the document’s own credentials, and the editor replaces two collections at once', async () => {
    const mock = await start({ documentPath: PETCLINIC, pets: 2 });
    const api = `${mock.origin}/petclinic/api`;
    const json = { 'content-type': 'application/json' };
    const page = await open(`${mock.origin}/__admin/`);
    const settings = (await (await fetch(`${mock.origin}/__admin/settings`)).json()) as { document: { collections: string[]; credentials: string } };
    expect(settings.document.collections).toEqual(expect.arrayContaining(['owners', 'pets', 'visits', 'pettypes']));
    const [first] = settings.document.collections;
    await expect.poll(() => page.locator('#settings').textContent()).toContain(`seed 2, 2 seeded ${first ?? ''} · ${settings.document.credentials} ·`);
    expect(settings.document.credentials).not.toBe('any bearer token');

    await fetch(`${api}/owners`, { method: 'POST', headers: { ...json, 'x-petstore-session': 'clinic' }, body: JSON.stringify({ firstName: 'Ada', lastName: 'Byron', address: '1 Lane', city: 'London', telephone: '6085551023' }) });
    await expect.poll(() => page.locator('#sessions li', { hasText: 'clinic' }).textContent()).toMatch(/clinic: .*\b3 owners\b/);
    await page.locator('#sessions li', { hasText: 'clinic' }).getByRole('button', { name: 'Show records' }).click();
    await expect.poll(() => page.locator('#records caption').allTextContents()).toEqual(expect.arrayContaining(['owners (3)', expect.stringMatching(/^pets \(\d+\)$/) as string]));
    expect(await page.locator('#records table', { hasText: 'owners (3)' }).locator('tbody').textContent()).toContain('Byron');

    const state = JSON.parse(await page.locator('#state-records').inputValue()) as Record<string, Record<string, unknown>[]>;
    const [owner] = state['owners'] ?? [];
    const [type] = state['pettypes'] ?? [];
    await page.locator('#state-records').fill(JSON.stringify({ owners: [{ ...owner, lastName: 'Edited' }], pettypes: [{ ...type, name: 'axolotl' }] }));
    await page.getByRole('button', { name: 'Replace records' }).click();
    await expect.poll(() => page.locator('#state-message').textContent()).toMatch(/^Replaced the records of session clinic: .*\b1 owners\b.*\b1 pettypes\b.* now\.$/);
    const owners = (await (await fetch(`${api}/owners`, { headers: { 'x-petstore-session': 'clinic' } })).json()) as { lastName: string }[];
    expect(owners.map(each => each.lastName)).toEqual(['Edited']);
    await expect.poll(() => page.locator('#records table', { hasText: 'pettypes (1)' }).locator('tbody').textContent()).toContain('axolotl');
    await page.close();
  });

  it('keeps keyboard focus on a session’s button across the refreshes, while the sessions change', async () => {
    const mock = await start();
    await fetch(`${mock.url}/pets`, { method: 'POST', headers: { ...AUTH, 'x-petstore-session': 'focus-1' }, body: '{"name":"One","categoryId":1}' });
    const page = await open(mock.dashboardUrl);
    await expect.poll(() => page.locator('#sessions').textContent()).toContain('focus-1: 4 pets');
    await page.locator('#sessions li', { hasText: 'focus-1' }).getByRole('button', { name: 'Reset' }).focus();
    const focusedText = () => page.evaluate(() => `${document.activeElement?.closest('li')?.firstElementChild?.textContent ?? document.activeElement?.tagName} / ${document.activeElement?.textContent}`);
    expect(await focusedText()).toBe('focus-1: 4 pets / Reset');
    // Another session opens (it goes to the top) and this one gains a pet: both redrawn by the page's polls.
    await fetch(`${mock.url}/pets`, { headers: { ...AUTH, 'x-petstore-session': 'focus-2' } });
    await fetch(`${mock.url}/pets`, { method: 'POST', headers: { ...AUTH, 'x-petstore-session': 'focus-1' }, body: '{"name":"Two","categoryId":1}' });
    await expect.poll(() => page.locator('#sessions').textContent(), { timeout: 5_000 }).toContain('focus-1: 5 pets');
    expect(await page.locator('#sessions').textContent()).toContain('focus-2: 3 pets');
    await page.waitForTimeout(1_500);
    expect(await focusedText()).toBe('focus-1: 5 pets / Reset');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText()).toBe('focus-1: 5 pets / Show records');
    await page.close();
  });

  it('keeps an opened request body open when new requests arrive', async () => {
    const mock = await start();
    await fetch(`${mock.url}/pets`, { method: 'POST', headers: AUTH, body: '{"name":"Opened","categoryId":1}' });
    const page = await open(mock.dashboardUrl);
    await expect.poll(() => entries(page).count()).toBe(1);
    await entries(page).first().locator('summary').click();
    expect(await entries(page).first().locator('details').getAttribute('open')).toBe('');
    for (const limit of [1, 2, 3]) await fetch(`${mock.url}/pets?limit=${limit}`, { headers: AUTH });
    await expect.poll(() => entries(page).count(), { timeout: 5_000 }).toBe(4);
    await page.waitForTimeout(1_200);
    const opened = entries(page).last();
    expect(await opened.textContent()).toContain('POST');
    expect(await opened.locator('details').getAttribute('open')).toBe('');
    expect(await opened.locator('pre').isVisible()).toBe(true);
    await page.close();
  });

  it('notices that the mock restarted on its port, starts over, and shows the new requests', async () => {
    const first = await start();
    const port = Number(new URL(first.origin).port);
    for (let count = 0; count < 4; count += 1) await fetch(`${first.url}/pets/1`, { headers: AUTH });
    const page = await open(first.dashboardUrl);
    await expect.poll(() => entries(page).count()).toBe(4);
    await fetch(`${first.url}/pets`, { method: 'POST', headers: { ...AUTH, 'x-petstore-session': 'before' }, body: '{"name":"Before","categoryId":1}' });
    await expect.poll(() => page.locator('#sessions').textContent(), { timeout: 5_000 }).toContain('before');
    await first.close({ drainMs: 0 });
    server = undefined;
    await expect.poll(() => page.locator('#live').textContent(), { timeout: 5_000 }).toBe('(the mock does not answer)');
    const second = await createMockServer({ port, seed: 2, pets: 3 });
    server = second;
    // Fewer requests than the page had seen: without noticing the restart it would ask for those after the 5th, and see none.
    await fetch(`${second.url}/pets?limit=2`, { headers: AUTH });
    await fetch(`${second.url}/pets/2`, { headers: AUTH });
    await expect.poll(() => entries(page).count(), { timeout: 5_000 }).toBe(2);
    expect(await entries(page).first().textContent()).toContain('/v1/pets/2');
    expect(await entries(page).last().textContent()).toContain('/v1/pets?limit=2');
    expect(await page.locator('#live').textContent()).toMatch(/^\(live; the mock restarted at \d\d:\d\d:\d\d, and this shows it since\)$/);
    await expect.poll(() => page.locator('#sessions').textContent()).not.toContain('before');
    await page.close();
  });

  it('reads at 1280 and 390 pixels, is reachable by keyboard, and is written to test-output for a reviewer', async () => {
    const mock = await start({ delay: { min: 0, max: 20 }, faultRate: 0 });
    await fetch(`${mock.url}/pets?limit=500`, { headers: AUTH });
    await fetch(`${mock.url}/pets`, { method: 'POST', headers: { ...AUTH, prefer: 'code=503' }, body: '{"name":"Forced","categoryId":1}' });
    await fetch(`${mock.url}/pets/1`, { headers: AUTH });
    for (const width of [1280, 390]) {
      const page = await open(mock.dashboardUrl, width);
      await expect.poll(() => entries(page).count()).toBe(3);
      expect(await entries(page).nth(1).textContent()).toContain('forced (Prefer)');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${OUTPUT}dashboard-${width}.png`, fullPage: true });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('filter-operation');
      await page.close();
    }
  });

  it('is light, and locked down by its Content-Security-Policy', async () => {
    const mock = await start();
    let weight = 0;
    for (const path of ['/__admin/', '/__admin/dashboard.css', '/__admin/dashboard.js']) {
      const response = await fetch(`${mock.origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
      weight += (await response.arrayBuffer()).byteLength;
    }
    console.log(`Dashboard weight (HTML + CSS + JS): ${(weight / 1024).toFixed(1)} KiB`);
    expect(weight).toBeLessThan(50 * 1024);
  });

  it('is not served with dashboard: false', async () => {
    const mock = await start({ dashboard: false });
    expect(mock.dashboardUrl).toBeUndefined();
    expect((await fetch(`${mock.origin}/__admin/`)).status).toBe(404);
  });
});
