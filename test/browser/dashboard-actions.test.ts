import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/index.js';
import type { Pet } from '../../src/types/index.js';
import { browserUnavailable, launchChromium } from '../support/chromium.js';

const unavailable = browserUnavailable('the dashboard’s controls tests');

const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const AUTH = { authorization: 'Bearer dashboard' };
const TWO_PETS: Pet[] = [
  { id: 101, name: 'Ada', categoryId: 1, status: 'available' },
  { id: 102, name: 'Brin', categoryId: 2, status: 'sold' },
];

describe.skipIf(unavailable !== undefined)('the dashboard’s test controls, in Chromium', () => {
  let browser: Browser;
  let server: MockServer | undefined;
  const pageErrors: string[] = [];

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
  });

  async function start(options: MockServerOptions = {}): Promise<MockServer> {
    server = await createMockServer({ port: 0, seed: 2, pets: 3, ...options });
    return server;
  }

  /** The dashboard, once it has read the operations it offers. */
  async function open(mock: MockServer): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', error => pageErrors.push(String(error)));
    await page.goto(mock.dashboardUrl ?? '');
    await expect.poll(() => page.locator('#override-operation option').count()).toBeGreaterThan(0);
    return page;
  }

  /** Chooses the session the controls act on, as a user does: type it, leave the field. */
  async function chooseSession(page: Page, session: string): Promise<void> {
    await page.locator('#control-session').fill(session);
    await page.locator('#control-session').press('Tab');
  }

  /**
   * Chooses a session and waits until the editor shows its pets: the page's read for it has answered
   * (every session is seeded alike, so the text alone cannot tell the default session's from it).
   */
  async function chooseSessionAndRead(page: Page, session: string): Promise<void> {
    const read = page.waitForResponse(response => {
      const request = response.request();
      return request.method() === 'GET' && new URL(request.url()).pathname === '/__admin/state' && request.headers()['x-petstore-session'] === session;
    });
    await chooseSession(page, session);
    const state = (await (await read).json()) as { pets: Pet[] };
    await expect.poll(async () => JSON.parse(await page.locator('#state-records').inputValue()) as unknown).toEqual(state);
  }

  const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
  const listPets = (mock: MockServer, session: string) => fetch(`${mock.url}/pets?limit=100`, { headers: { ...AUTH, 'x-petstore-session': session } });
  const state = async (mock: MockServer, session: string) =>
    ((await (await fetch(`${mock.origin}/__admin/state`, { headers: { 'x-petstore-session': session } })).json()) as { pets: Pet[] }).pets;

  /** Presses Tab until `id` has the focus, as a keyboard user would; fails after `most` presses. */
  async function tabTo(page: Page, id: string, most = 60): Promise<void> {
    for (let presses = 0; presses < most; presses++) {
      await page.keyboard.press('Tab');
      if ((await activeId(page)) === id) return;
    }
    throw new Error(`#${id} was not reached in ${most} presses of Tab.`);
  }

  it('offers the document’s operations and their declared statuses, read from the mock', async () => {
    const mock = await start();
    const page = await open(mock);
    const operations = mock.engine.document.operations;
    expect(await page.locator('#override-operation option').evaluateAll(options => options.map(option => (option as HTMLOptionElement).value))).toEqual([...operations.keys()]);
    await page.locator('#override-operation').selectOption('getPet');
    expect(await page.locator('#override-status option').allTextContents()).toEqual(['200', '400', '401', '404', '410', '500', '503']);
    await page.close();
  });

  it('scripts a 503 for listPets in a session through the form, lists it, and clears it', async () => {
    const mock = await start();
    const page = await open(mock);
    await chooseSession(page, 'form-503');
    await page.locator('#override-operation').selectOption('listPets');
    await page.locator('#override-status').selectOption('503');
    await page.getByRole('button', { name: 'Set override' }).click();
    await expect.poll(() => page.locator('#overrides').textContent()).toContain('listPets → 503, until cleared');
    expect(await page.locator('#override-message').textContent()).toBe('Set override 1 for session form-503: listPets → 503, until cleared.');
    expect(await page.locator('#overrides-session').textContent()).toBe('(session form-503)');
    expect((await listPets(mock, 'form-503')).status).toBe(503);
    expect((await listPets(mock, 'other')).status).toBe(200);
    await page.locator('#overrides').getByRole('button', { name: /^Clear override 1/ }).click();
    await expect.poll(() => page.locator('#overrides li').count()).toBe(0);
    expect(await page.locator('#override-message').textContent()).toBe('Cleared override 1 (listPets → 503).');
    expect(await activeId(page)).toBe('overrides-title');
    expect((await listPets(mock, 'form-503')).status).toBe(200);
    await page.close();
  });

  it('shows the mock’s refusal of an override body beside the field, and sets nothing', async () => {
    const mock = await start();
    const page = await open(mock);
    await page.locator('#override-status').selectOption('503');
    await page.locator('#override-body').fill('{"code": 1}');
    await page.getByRole('button', { name: 'Set override' }).click();
    await expect.poll(() => page.locator('#override-body-error').textContent()).toMatch(/^body does not fit the 503 response of listPets: .+ Nothing was set\.$/);
    const refused = await fetch(`${mock.origin}/__admin/overrides`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"operationId":"listPets","status":503,"body":{"code":1}}' });
    expect(await page.locator('#override-body-error').textContent()).toBe(((await refused.json()) as { message: string }).message);
    expect(await page.locator('#override-body').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#override-body').getAttribute('aria-describedby')).toBe('override-body-error');
    expect(await page.locator('#override-message').textContent()).toMatch(/^Not set: body does not fit/);
    expect(mock.engine.overrides.list(undefined)).toEqual([]);
    await page.locator('#override-body').fill('');
    await page.getByRole('button', { name: 'Set override' }).click();
    await expect.poll(() => page.locator('#overrides li').count()).toBe(1);
    expect(await page.locator('#override-body').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#override-body-error').textContent()).toBe('');
    await page.close();
  });

  it('keeps the session the user typed when the page’s first pets arrive after it', async () => {
    const mock = await start();
    const page = await browser.newPage();
    page.on('pageerror', error => pageErrors.push(String(error)));
    let held = false;
    await page.route('**/__admin/state', async route => {
      if (!held && route.request().headers()['x-petstore-session'] === undefined) {
        held = true;
        await new Promise(resolve => setTimeout(resolve, 800));
      }
      await route.continue();
    });
    await page.goto(mock.dashboardUrl ?? '');
    await expect.poll(() => page.locator('#override-operation option').count()).toBeGreaterThan(0);
    await chooseSession(page, 'typed-first');
    await expect.poll(() => page.locator('#records-session').textContent(), { timeout: 5_000 }).toBe('(default session)');
    await page.waitForTimeout(200);
    expect(held).toBe(true);
    expect(await page.locator('#control-session').inputValue()).toBe('typed-first');
    expect(await page.locator('#overrides-session').textContent()).toBe('(session typed-first)');
    await page.close();
  });

  it('shows the mock’s refusal of a session id beside the session field', async () => {
    const mock = await start();
    const page = await open(mock);
    await chooseSession(page, 'no spaces!');
    await expect.poll(() => page.locator('#control-session-error').textContent()).toMatch(/^X-Petstore-Session must be 1 to 128 letters/);
    expect(await page.locator('#control-session').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#control-session').getAttribute('aria-describedby')).toBe('control-session-hint control-session-error');
    await page.getByRole('button', { name: 'Set override' }).click();
    await expect.poll(() => page.locator('#override-message').textContent()).toMatch(/^Not set: X-Petstore-Session must be/);
    expect(mock.engine.overrides.size).toBe(0);
    await chooseSession(page, 'fine');
    await expect.poll(() => page.locator('#control-session').getAttribute('aria-invalid')).toBeNull();
    await page.close();
  });

  it('replaces a session’s pets with two from the editor, and the API answers them', async () => {
    const mock = await start();
    const page = await open(mock);
    await chooseSessionAndRead(page, 'editor-1');
    await page.locator('#state-records').fill(JSON.stringify(TWO_PETS));
    await page.getByRole('button', { name: 'Replace records' }).click();
    await expect.poll(() => page.locator('#state-message').textContent()).toBe('Replaced the records of session editor-1: 2 pets now.');
    expect(await (await listPets(mock, 'editor-1')).json()).toEqual(TWO_PETS);
    await expect.poll(() => page.locator('#records tbody').textContent()).toBe('101Ada1available102Brin2sold');
    expect(await page.locator('#records-session').textContent()).toBe('(session editor-1)');
    expect(await state(mock, 'other')).toHaveLength(3);
    await page.close();
  });

  it('keeps what the user typed in the editor when the session’s pets arrive after the edit', async () => {
    const mock = await start();
    const page = await open(mock);
    let release: () => void = () => undefined;
    const released = new Promise<void>(resolve => (release = resolve));
    let held = false;
    await page.route('**/__admin/state', async route => {
      if (route.request().method() === 'GET' && route.request().headers()['x-petstore-session'] === 'slow-read') {
        held = true;
        await released;
      }
      await route.continue();
    });
    await chooseSession(page, 'slow-read');
    await expect.poll(() => held).toBe(true);
    await page.locator('#state-records').fill(JSON.stringify(TWO_PETS));
    release();
    await expect.poll(() => page.locator('#state-message').textContent()).toBe('Kept your edits; "Reload from the mock" reads the records of session slow-read.');
    expect(await page.locator('#state-records').inputValue()).toBe(JSON.stringify(TWO_PETS));
    await page.getByRole('button', { name: 'Replace records' }).click();
    await expect.poll(() => page.locator('#state-message').textContent()).toBe('Replaced the records of session slow-read: 2 pets now.');
    expect(await state(mock, 'slow-read')).toEqual(TWO_PETS);
    await page.locator('#state-records').fill('[]');
    await page.getByRole('button', { name: 'Reload from the mock' }).click();
    await expect.poll(async () => JSON.parse(await page.locator('#state-records').inputValue()) as unknown).toEqual({ pets: TWO_PETS });
    await page.close();
  });

  it('refuses a pet whose name is over 255 characters with the mock’s message, and changes nothing', async () => {
    const mock = await start();
    const page = await open(mock);
    await chooseSessionAndRead(page, 'bad-pet');
    const before = await state(mock, 'bad-pet');
    const bad = JSON.stringify([TWO_PETS[0], { ...TWO_PETS[1], name: 'x'.repeat(256) }]);
    await page.locator('#state-records').fill(bad);
    await page.getByRole('button', { name: 'Replace records' }).click();
    await expect.poll(() => page.locator('#state-records-error').textContent()).not.toBe('');
    const direct = await fetch(`${mock.origin}/__admin/state`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-petstore-session': 'probe' }, body: bad });
    const { message } = (await direct.json()) as { message: string };
    expect(message).toMatch(/pets\[1\] \(id 102\).*name.*nothing was changed/);
    expect(await page.locator('#state-records-error').textContent()).toBe(message);
    expect(await page.locator('#state-message').textContent()).toBe(`Refused: ${message}`);
    expect(await page.locator('#state-records').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#state-records').inputValue()).toBe(bad);
    await page.screenshot({ path: `${OUTPUT}dashboard-controls-refused.png`, fullPage: true });
    expect(await state(mock, 'bad-pet')).toEqual(before);
    await page.close();
  });

  it('does the whole flow with the keyboard alone, the focus staying where the user is', async () => {
    const mock = await start();
    const page = await open(mock);
    await tabTo(page, 'control-session');
    await page.keyboard.type('kbd');
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('override-operation');
    expect(await page.locator('#override-operation').inputValue()).toBe('listPets');
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('override-status');
    await page.keyboard.press('End');
    expect(await page.locator('#override-status').inputValue()).toBe('503');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('override-body');
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('override-submit');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#overrides').textContent()).toContain('listPets → 503, 2 more calls');
    expect(await activeId(page)).toBe('override-submit');
    expect((await listPets(mock, 'kbd')).status).toBe(503);
    await expect.poll(() => page.locator('#overrides').textContent(), { timeout: 5_000 }).toContain('listPets → 503, 1 more call, used 1');

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['override'])).toBe('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#overrides li').count()).toBe(0);
    expect(await activeId(page)).toBe('overrides-title');
    expect((await listPets(mock, 'kbd')).status).toBe(200);

    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('state-records');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(JSON.stringify(TWO_PETS));
    await page.keyboard.press('Tab');
    expect(await activeId(page)).toBe('state-submit');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#state-message').textContent()).toBe('Replaced the records of session kbd: 2 pets now.');
    expect(await activeId(page)).toBe('state-submit');
    expect(await (await listPets(mock, 'kbd')).json()).toEqual(TWO_PETS);
    await page.close();
  });

  it('sends the admin token the page asked for with every request of the controls, from the mock’s own origin', async () => {
    const mock = await start({ adminToken: 'secret-token' });
    const page = await browser.newPage();
    page.on('pageerror', error => pageErrors.push(String(error)));
    const seen: Promise<{ method: string; path: string; authorization: string | undefined; origin: string | undefined }>[] = [];
    page.on('request', request => {
      const { pathname } = new URL(request.url());
      // allHeaders(): the headers as sent, Origin included.
      if (/^\/__admin\/(overrides|state)/.test(pathname)) seen.push(request.allHeaders().then(headers => ({ method: request.method(), path: pathname, authorization: headers['authorization'], origin: headers['origin'] })));
    });
    await page.goto(mock.dashboardUrl ?? '');
    await page.locator('#token').fill('secret-token');
    await page.getByRole('button', { name: 'Use token' }).click();
    await expect.poll(() => page.locator('#override-operation option').count()).toBeGreaterThan(0);
    await chooseSession(page, 'tok');
    await page.locator('#override-status').selectOption('503');
    await page.getByRole('button', { name: 'Set override' }).click();
    await expect.poll(() => page.locator('#overrides li').count()).toBe(1);
    await page.locator('#overrides').getByRole('button', { name: /^Clear override/ }).click();
    await expect.poll(() => page.locator('#overrides li').count()).toBe(0);
    await page.locator('#state-records').fill(JSON.stringify(TWO_PETS));
    await page.getByRole('button', { name: 'Replace records' }).click();
    await expect.poll(() => page.locator('#state-message').textContent()).toBe('Replaced the records of session tok: 2 pets now.');
    const sent = await Promise.all(seen);
    expect(new Set(sent.map(request => `${request.method} ${request.path}`))).toEqual(new Set(['GET /__admin/overrides', 'GET /__admin/state', 'POST /__admin/overrides', 'DELETE /__admin/overrides/1', 'PUT /__admin/state']));
    expect(sent.filter(request => request.authorization !== 'Bearer secret-token')).toEqual([]);
    expect(sent.filter(request => request.method !== 'GET').map(request => request.origin)).toEqual([mock.origin, mock.origin, mock.origin]);
    await page.close();
  });
});
