import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { locateDocument, type ApiError, type Pet } from '../../src/index.js';
import type { PetstoreMockOptions } from '../../src/msw/index.js';
import { describeAnimalStoreContract } from '../contract/animal-store.contract.js';
import { describeControlsContract } from '../contract/controls.contract.js';
import { describeTestControlsContract } from '../contract/test-controls.contract.js';
import { CORPUS } from '../contract/corpus.js';
import { describeResourceCrudContract } from '../contract/resource-crud.contract.js';
import { parse } from 'yaml';
import { createBrowserSurface, openTestApp, waitForTestApp, type OpenTestAppOptions } from '../support/browser-surface.js';
import { expectCreatesAndReads, midSizedDocument } from '../support/big-document-checks.js';
import { browserUnavailable, launchChromium } from '../support/chromium.js';
import { reusedPageSurfaces } from './reused-pages.js';
import { buildPackedBrowserApp, serveStatic, type StaticSite } from '../support/packed-browser-app.js';

const unavailable = browserUnavailable('the browser tests');
const AUTH = { authorization: 'Bearer browser' };

describe.skipIf(unavailable !== undefined)('petstore-mock/msw in Chromium, from the packed package built by Vite', () => {
  let browser: Browser;
  let site: StaticSite;
  const pageErrors: string[] = [];
  // The contract suites pass their pages on (see reusedPageSurfaces): one for the app, one for it under a strict CSP.
  const appPages = reusedPageSurfaces(() => browser, () => site.origin, pageErrors);
  const strictPages = reusedPageSurfaces(() => browser, () => site.origin, pageErrors, { path: '/?csp=strict' });

  beforeAll(async () => {
    const [dist, launched] = await Promise.all([buildPackedBrowserApp(), launchChromium()]);
    browser = launched;
    site = await serveStatic(dist);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([appPages.closeAll(), strictPages.closeAll()]);
    await browser.close();
    await site.close();
  });
  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  const createSurface = appPages.createSurface;
  describeAnimalStoreContract('the MSW handlers in Chromium', createSurface, { fetchesFromPage: true });
  describeControlsContract('the MSW handlers in Chromium', createSurface);
  describeTestControlsContract('the MSW handlers in Chromium', createSurface);
  it('serves a generated document of Stripe’s shape handed to the page: creates, reads, lists and actions answer', async () => {
    const surface = await createBrowserSurface(browser, site.origin, { document: midSizedDocument() }, pageErrors);
    try {
      await expectCreatesAndReads(surface);
    } finally {
      await surface.close();
    }
  }, 60_000);
  it('keeps every seeded pet’s values in a page when the document grows (an enum value, a property, a collection before the pets)', async () => {
    const grown = parse(readFileSync(locateDocument(), 'utf8')) as { paths: Record<string, unknown>; components: { schemas: Record<string, { enum?: string[]; properties?: Record<string, unknown> }> } };
    grown.components.schemas['PetStatus']?.enum?.push('adopted');
    const pet = grown.components.schemas['Pet'];
    if (pet) pet.properties = { nickname: { type: 'string', maxLength: 30 }, ...pet.properties };
    grown.paths = { '/owners': { get: { operationId: 'listOwners', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } } } } } } }, ...grown.paths };
    const before = await createBrowserSurface(browser, site.origin, {}, pageErrors);
    const after = await createBrowserSurface(browser, site.origin, { document: grown }, pageErrors);
    try {
      // Each page's engine has started (its document read) once it has answered.
      for (const surface of [before, after]) expect((await surface.request('GET', '/v1/pets', { headers: { authorization: 'Bearer k' } })).status).toBe(200);
      const seeded = (await before.controls().getState()).pets as unknown as Record<string, unknown>[];
      const grownPets = (await after.controls().getState()).pets as unknown as Record<string, unknown>[];
      expect(grownPets).toHaveLength(seeded.length);
      for (const [index, old] of seeded.entries()) expect(grownPets[index]).toMatchObject(old);
      expect(grownPets.every(each => typeof each['nickname'] === 'string')).toBe(true);
    } finally {
      await before.close();
      await after.close();
    }
  });

  // A document nobody here wrote, given as an object (a page reads no files): every collection keeps state in the page too.
  for (const corpus of CORPUS.slice(2)) {
    const document = parse(readFileSync(corpus.documentPath, 'utf8')) as object;
    describeResourceCrudContract('the MSW handlers in Chromium', options => createSurface({ ...options, document }), corpus);
  }

  // A Content-Security-Policy without 'unsafe-eval' (script-src 'self'), as most production pages and
  // every browser extension have: the package's validators were compiled when it was built.
  const createStrictSurface = strictPages.createSurface;
  describeAnimalStoreContract('the MSW handlers in a Chromium page whose CSP forbids eval', createStrictSurface, { fetchesFromPage: true });
  describeControlsContract('the MSW handlers in a Chromium page whose CSP forbids eval', createStrictSurface);
  describeTestControlsContract('the MSW handlers in a Chromium page whose CSP forbids eval', createStrictSurface);

  describe('in a page', () => {
    const pages: Page[] = [];
    afterEach(async () => {
      await Promise.all(pages.splice(0).map(page => page.context() === browser.contexts()[0] ? page.close() : page.context().close()));
    });

    async function open(options: OpenTestAppOptions = {}): Promise<Page> {
      const page = await openTestApp(browser, site.origin, pageErrors, options);
      pages.push(page);
      return page;
    }
    const start = (page: Page, options: PetstoreMockOptions = {}): Promise<void> => page.evaluate(given => window.petstoreTest.start(given), options);
    const request = (page: Page, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
      page.evaluate(([m, p, i]) => window.petstoreTest.request(m, p, i), [method, path, init] as const);
    const listNames = async (page: Page): Promise<string[]> => {
      const response = await request(page, 'GET', '/v1/pets?limit=100', { headers: AUTH });
      expect(response.status).toBe(200);
      return (JSON.parse(response.body ?? '[]') as Pet[]).map(pet => pet.name);
    };
    const create = async (page: Page, name: string): Promise<void> => {
      const response = await request(page, 'POST', '/v1/pets', { headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ name, categoryId: 1 }) });
      expect(response.status).toBe(201);
    };

    it('answers a cross-origin API, and the page’s code reads its deprecation headers', async () => {
      const page = await open();
      await start(page, { baseUrl: 'https://api.animal-store.example/v1' });
      const seen = await page.evaluate(async () => {
        const response = await fetch('https://api.animal-store.example/v1/pets/1', { headers: { authorization: 'Bearer browser' } });
        return { status: response.status, deprecation: response.headers.get('deprecation'), sunset: response.headers.get('sunset'), link: response.headers.get('link') };
      });
      expect(seen).toEqual({ status: 200, deprecation: '@1764892800', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT', link: '</v1/pets>; rel="successor-version"' });
    });

    it('evaluates the engine from petstore-mock/msw’s own chunks once the app’s worker.start() has registered the worker', async () => {
      const page = await open({
        initScript: () => {
          const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
          navigator.serviceWorker.register = (...args) => (performance.mark('test: register'), register(...args));
        },
      });
      await start(page);
      const seen = await page.evaluate(() => ({
        register: performance.getEntriesByName('test: register')[0]?.startTime,
        engine: performance.getEntriesByName('petstore-mock: engine evaluated')[0]?.startTime,
        engineChunks: performance.getEntriesByType('resource').filter(entry => /engine-module/.test(entry.name)).length,
      }));
      expect(seen.register).toBeTypeOf('number');
      expect(seen.engine).toBeGreaterThan(seen.register ?? Number.POSITIVE_INFINITY);
      // No chunk of its own, fetched after the app has started: the page loaded it with the rest.
      expect(seen.engineChunks).toBe(0);
    });

    it('reads request bodies without async iteration of streams, which Safari lacks', async () => {
      const page = await open({ initScript: () => void Reflect.deleteProperty(ReadableStream.prototype, Symbol.asyncIterator) });
      await start(page);
      expect(await page.evaluate(() => Symbol.asyncIterator in ReadableStream.prototype)).toBe(false);
      await create(page, 'Streamless');
      expect(await listNames(page)).toContain('Streamless');
    });

    it('opens sessions with a random UUID where crypto.randomUUID is missing (an http:// LAN address)', async () => {
      const page = await open({ initScript: () => void Reflect.deleteProperty(Crypto.prototype, 'randomUUID') });
      await start(page);
      const ids = await page.evaluate(() => [window.petstoreTest.openSessionId(), window.petstoreTest.openSessionId(), typeof crypto.randomUUID]);
      expect(ids[2]).toBe('undefined');
      expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(ids[1]).not.toBe(ids[0]);
    });

    it('refuses documentPath, saying why', async () => {
      const page = await open();
      await expect(start(page, { documentPath: '/openapi/petstore.yaml' })).rejects.toThrow(/documentPath is not available in the browser: a page cannot read files/);
    });

    it('answers by another document given as an object: its base path, its pets and its other operations', async () => {
      const page = await open();
      const shelter = JSON.parse(readFileSync(new URL('../documents/shelter.json', import.meta.url), 'utf8')) as object;
      await start(page, { document: shelter, pets: 2 });
      const animals = await request(page, 'GET', '/api/v2/animals', { headers: AUTH });
      expect(animals.status).toBe(200);
      expect((JSON.parse(animals.body ?? '[]') as { animalId: number; kind: string }[]).map(animal => animal.animalId)).toEqual([1, 2]);
      const admitted = await request(page, 'POST', '/api/v2/animals', { headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"Tom","kind":"cat","adminNote":"x"}' });
      expect(admitted.status).toBe(200);
      expect(JSON.parse(admitted.body ?? '{}')).toMatchObject({ animalId: 3, name: 'Tom', kind: 'cat' });
      expect(JSON.parse(admitted.body ?? '{}')).not.toHaveProperty('adminNote');
      expect((await request(page, 'GET', '/api/v2/shelter/stats', { headers: AUTH })).status).toBe(200);
      // Today's base path is not the document's: the page's own request passes through unanswered.
      expect((await request(page, 'GET', '/v1/pets', { headers: AUTH })).status).not.toBe(200);
    });

    it('answers by the package’s document under a CSP without unsafe-eval, and by another one 500 eval_not_allowed saying what to do, once in the console', async () => {
      const page = await open({ path: '/?csp=strict' });
      const consoleErrors: string[] = [];
      page.on('console', message => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      // The mock's default reporter: the console.
      await page.evaluate(() => window.petstoreTest.start({}, true));
      expect((await request(page, 'GET', '/v1/pets', { headers: AUTH })).status).toBe(200);
      expect((await request(page, 'GET', '/v1/pets?limit=0', { headers: AUTH })).status).toBe(400);

      const shelter = JSON.parse(readFileSync(new URL('../documents/shelter.json', import.meta.url), 'utf8')) as object;
      await page.evaluate(given => window.petstoreTest.start(given, true), { document: shelter });
      const response = await request(page, 'POST', '/api/v2/animals', { headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"name":"Tom","kind":"cat"}' });
      expect(response.status).toBe(500);
      const body = JSON.parse(response.body ?? '{}') as ApiError;
      expect(body).toMatchObject({ code: 'eval_not_allowed', status: 500 });
      expect(body.message).toMatch(/validators were not compiled when petstore-mock was built .*Content-Security-Policy does not allow 'unsafe-eval'.*Mock petstore-mock's own document/);
      await request(page, 'GET', '/api/v2/animals?limit=1', { headers: AUTH });
      // Said once, not on every request.
      expect(consoleErrors.filter(text => text.startsWith('[petstore-mock] The mock cannot validate requests here'))).toHaveLength(1);
    });

    describe('keeping the pets across reloads', () => {
      it('keeps them in sessionStorage when asked, and not by default', async () => {
        const page = await open();
        await start(page, { persist: 'sessionStorage', seed: 3, pets: 2 });
        await create(page, 'Kept');
        await page.reload();
        await waitForTestApp(page);
        await start(page, { persist: 'sessionStorage', seed: 3, pets: 2 });
        expect(await listNames(page)).toContain('Kept');

        await start(page, { seed: 3, pets: 2 });
        await create(page, 'Forgotten');
        await page.reload();
        await waitForTestApp(page);
        await start(page, { seed: 3, pets: 2 });
        expect(await listNames(page)).toHaveLength(2);
      });

      it('keeps the sessions’ pets too, in localStorage across pages', async () => {
        const context = await browser.newContext();
        const first = await context.newPage();
        pages.push(first);
        first.on('pageerror', error => pageErrors.push(String(error)));
        await first.goto(site.origin);
        await waitForTestApp(first);
        await start(first, { persist: 'localStorage' });
        const created = await request(first, 'POST', '/v1/pets', { headers: { ...AUTH, 'content-type': 'application/json', 'x-petstore-session': 'story-1' }, body: '{"name":"InSession","categoryId":2}' });
        expect(created.status).toBe(201);
        const second = await context.newPage();
        await second.goto(site.origin);
        await waitForTestApp(second);
        await start(second, { persist: 'localStorage' });
        const listed = await request(second, 'GET', '/v1/pets?limit=100', { headers: { ...AUTH, 'x-petstore-session': 'story-1' } });
        expect((JSON.parse(listed.body ?? '[]') as Pet[]).map(pet => pet.name)).toContain('InSession');
        expect(await listNames(second)).not.toContain('InSession');
        await second.close();
      });

      /** Two pages of one origin, sharing its localStorage, each with its mock keeping the pets there. */
      async function twoTabs(options: PetstoreMockOptions = {}): Promise<[Page, Page]> {
        const context = await browser.newContext();
        const tabs: Page[] = [];
        for (let count = 0; count < 2; count += 1) {
          const page = await context.newPage();
          pages.push(page);
          page.on('pageerror', error => pageErrors.push(String(error)));
          await page.goto(site.origin);
          await waitForTestApp(page);
          await start(page, { persist: 'localStorage', ...options });
          tabs.push(page);
        }
        return tabs as [Page, Page];
      }
      const eventually = async (check: () => Promise<void>): Promise<void> => {
        for (let tries = 0; ; tries += 1) {
          try {
            return await check();
          } catch (error) {
            if (tries >= 40) throw error;
            await new Promise(resolve => setTimeout(resolve, 50));
          }
        }
      };

      it('shares them between two tabs on localStorage: each sees the other’s pets, and neither write overwrites the other', async () => {
        const [first, second] = await twoTabs({ pets: 2 });
        await create(first, 'FromFirst');
        await eventually(async () => expect(await listNames(second)).toContain('FromFirst'));
        await create(second, 'FromSecond');
        await eventually(async () => expect(await listNames(first)).toEqual(expect.arrayContaining(['FromFirst', 'FromSecond'])));
        const sessionHeaders = { ...AUTH, 'content-type': 'application/json', 'x-petstore-session': 'shared' };
        expect((await request(first, 'POST', '/v1/pets', { headers: sessionHeaders, body: '{"name":"InSession","categoryId":1}' })).status).toBe(201);
        await eventually(async () => {
          const listed = await request(second, 'GET', '/v1/pets?limit=100', { headers: sessionHeaders });
          expect((JSON.parse(listed.body ?? '[]') as Pet[]).map(pet => pet.name)).toContain('InSession');
        });

        await first.reload();
        await waitForTestApp(first);
        await start(first, { persist: 'localStorage', pets: 2 });
        expect(await listNames(first)).toEqual(expect.arrayContaining(['FromFirst', 'FromSecond']));
        // One tab's reset() empties the storage, and the other starts over with it.
        await first.evaluate(() => window.petstoreTest.reset());
        await eventually(async () => expect(await listNames(second)).toHaveLength(2));
      });

      it('says, when localStorage is full, what was not kept and what a reload restores, and the reload says it too', async () => {
        const [page] = await twoTabs({ pets: 2 });
        await create(page, 'Saved');
        const savedAt = await page.evaluate(() => (JSON.parse(localStorage.getItem('petstore-mock:/v1') ?? '{}') as { savedAt: string }).savedAt);
        // Fill the rest of the storage but for a little room: enough for the note, not for another pet. The room
        // is held first and freed last; the rest is filled by halving chunks, each under a key of its own, so no
        // write repeats what an earlier one stored (a search rewriting one key took seconds on a busy machine,
        // every try a copy for the other tab's storage event too).
        await page.evaluate(() => {
          localStorage.setItem('filler-room', 'x'.repeat(120));
          let chunk = 4 * 1024 * 1024;
          for (let key = 0; chunk >= 1; key += 1) {
            try {
              localStorage.setItem(`filler-${key}`, 'x'.repeat(chunk));
            } catch {
              chunk = Math.floor(chunk / 2);
            }
          }
          localStorage.removeItem('filler-room');
        });
        await page.evaluate(() => window.petstoreTest.drainWarnings());
        await create(page, `Lost${'x'.repeat(250)}`);
        const warnings = await page.evaluate(() => window.petstoreTest.drainWarnings());
        expect(warnings).toEqual([expect.stringContaining(`could not be kept in localStorage`) as string]);
        expect(warnings[0]).toMatch(/the change of the default store at \S+, and every change after it until a write succeeds, will not survive a reload/);
        expect(warnings[0]).toContain(`a reload restores the pets as they were kept at ${savedAt}, and says so`);

        await page.reload();
        await waitForTestApp(page);
        await start(page, { persist: 'localStorage', pets: 2 });
        const names = await listNames(page);
        expect(names).toContain('Saved');
        expect(names.some(name => name.startsWith('Lost'))).toBe(false);
        expect(await page.evaluate(() => window.petstoreTest.drainWarnings())).toEqual([expect.stringMatching(new RegExp(`restored from localStorage are those kept at ${savedAt.replace(/[.]/g, '\\.')}: the changes made from \\S+ on could not be kept`)) as string]);
        await page.evaluate(() => {
          for (const key of Object.keys(localStorage)) if (key.startsWith('filler-')) localStorage.removeItem(key);
        });
      });

      it('forgets them on reset()', async () => {
        const page = await open();
        await start(page, { persist: 'sessionStorage' });
        await create(page, 'ResetMe');
        await page.evaluate(() => window.petstoreTest.reset());
        await page.reload();
        await waitForTestApp(page);
        await start(page, { persist: 'sessionStorage' });
        expect(await listNames(page)).not.toContain('ResetMe');
        expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      });

      it.each([
        ['not JSON', '{"format":', /are not JSON/],
        ['another format', '{"pets":[]}', /are not in petstore-mock's format/],
        ['grown from other starting pets', 'OTHER_SEED', /grew from other starting pets/],
        ['a pet the document refuses', 'BAD_PET', /are not valid for this document: the default store pets\[0\] \(id 1\).*name/],
      ])('discards a stored value that is %s with a warning, never a broken page', async (_what, stored, warning) => {
        const page = await open();
        const key = 'petstore-mock:/v1';
        if (stored === 'OTHER_SEED' || stored === 'BAD_PET') {
          await start(page, { persist: 'sessionStorage', seed: stored === 'OTHER_SEED' ? 9 : 1 });
          await create(page, 'Stored');
          if (stored === 'BAD_PET') {
            await page.evaluate(storageKey => {
              const value = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as { stores: { pets: { name: string }[] }[] };
              const [first] = value.stores[0]?.pets ?? [];
              if (first) first.name = 'x'.repeat(300);
              sessionStorage.setItem(storageKey, JSON.stringify(value));
            }, key);
          }
        } else {
          await page.evaluate(([storageKey, text]) => sessionStorage.setItem(storageKey, text), [key, stored] as const);
        }
        await page.reload();
        await waitForTestApp(page);
        await start(page, { persist: 'sessionStorage', seed: 1 });
        expect(await listNames(page)).toHaveLength(20);
        expect(await listNames(page)).not.toContain('Stored');
        const warnings = await page.evaluate(() => window.petstoreTest.drainWarnings());
        expect(warnings).toEqual([expect.stringMatching(warning) as string]);
        expect(warnings[0]).toMatch(/were discarded and the mock starts from its starting pets/);
        expect(await page.evaluate(storageKey => sessionStorage.getItem(storageKey), key)).toBeNull();
      });
    });

    it('starts every Storybook story from its own pets with the loader of petstore-mock/storybook, whatever the story before changed', async () => {
      const page = await open();
      await start(page);
      const story = (parameters: object) => page.evaluate(given => window.petstoreTest.loadStory(given), parameters);
      await story({ petstore: { pets: 2, seed: 7 } });
      expect(await listNames(page)).toHaveLength(2);
      await create(page, 'Leaky');
      await request(page, 'POST', '/v1/pets', { headers: { ...AUTH, 'content-type': 'application/json', 'x-petstore-session': 'other' }, body: '{"name":"LeakySession","categoryId":1}' });
      await story({});
      const names = await listNames(page);
      expect(names).toHaveLength(20);
      expect(names).not.toContain('Leaky');
      await story({ petstore: { pets: [{ id: 7, name: 'Only', categoryId: 3, status: 'sold' }], overrides: [{ operationId: 'listPets', status: 503, times: 1 }] } });
      expect((await request(page, 'GET', '/v1/pets', { headers: AUTH })).status).toBe(503);
      expect(await listNames(page)).toEqual(['Only']);
      await story({ petstore: {} });
      expect(await listNames(page)).toHaveLength(20);
      const sessionPets = await request(page, 'GET', '/v1/pets?limit=100', { headers: { ...AUTH, 'x-petstore-session': 'other' } });
      expect((JSON.parse(sessionPets.body ?? '[]') as Pet[]).map(pet => pet.name)).not.toContain('LeakySession');
    });
  });
});
