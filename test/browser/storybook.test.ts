import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPets } from '../../src/fixtures/index.js';
import { browserUnavailable, launchChromium } from '../support/chromium.js';
import { packPackage, serveStatic, type StaticSite } from '../support/packed-browser-app.js';
import { ADDON_VERSIONS, buildStorybook, type BuiltStorybook } from '../support/storybook-app.js';
import { ADDON_MAJOR, type AddonSetup } from '../support/storybook-app-files.js';

const unavailable = browserUnavailable('the Storybook tests');
const SETUPS: readonly AddonSetup[] = ['3.x mswLoader(setup)', '3.x addonMsw(setup)', '2.x initialize'];

describe.skipIf(unavailable !== undefined)('petstore-mock/storybook in a Storybook 10 build', () => {
  // Undefined where beforeAll stopped early: afterAll closes what was opened.
  let browser: Browser | undefined;
  let packed: string | undefined;
  const built = new Map<AddonSetup, BuiltStorybook>();

  beforeAll(async () => {
    packed = mkdtempSync(join(tmpdir(), 'petstore-storybook-'));
    const tarball = await packPackage(packed);
    const [launched, ...storybooks] = await Promise.all([launchChromium(), ...SETUPS.map(setup => buildStorybook(setup, tarball))]);
    browser = launched;
    SETUPS.forEach((setup, index) => built.set(setup, storybooks[index] as BuiltStorybook));
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    for (const storybook of built.values()) storybook.remove();
    if (packed) rmSync(packed, { recursive: true, force: true });
  });

  describe.each(SETUPS)('with msw-storybook-addon %s', setup => {
    let site: StaticSite | undefined;
    let page: Page | undefined;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      const storybook = built.get(setup);
      if (!storybook) throw new Error(`No Storybook was built for msw-storybook-addon ${setup}.`);
      if (!browser) throw new Error('Chromium did not start.');
      site = await serveStatic(storybook.staticDir);
      page = await browser.newPage();
      page.on('pageerror', error => pageErrors.push(error.message));
    });
    afterAll(async () => {
      await page?.close();
      await site?.close();
    });

    function opened(): { page: Page; site: StaticSite } {
      if (!page || !site) throw new Error('The Storybook page did not open.');
      return { page, site };
    }
    /** Shows story `id` in the page as Storybook's manager would, and waits until its list is in. */
    async function show(id: string): Promise<string> {
      await opened().page.evaluate(storyId => (window as unknown as { __STORYBOOK_PREVIEW__: { onSetCurrentStory(selection: object): Promise<void> } }).__STORYBOOK_PREVIEW__.onSetCurrentStory({ storyId, viewMode: 'story' }), id);
      return listed(id);
    }
    async function listed(id: string): Promise<string> {
      const section = opened().page.locator(`#storybook-root section[data-story="${id}"][data-state]`);
      await section.waitFor({ timeout: 15_000 });
      return section.locator('output').innerText();
    }

    it(`renders each story from its own pets, story after story in one page (msw-storybook-addon ${ADDON_VERSIONS[ADDON_MAJOR[setup]]})`, async () => {
      const { page, site } = opened();
      const three = buildPets(3, { seed: 7 }).map(pet => pet.name).join(', ');
      await page.goto(`${site.origin}/iframe.html?id=petlist--three-pets&viewMode=story`);
      expect(await listed('petlist--three-pets')).toBe(three);

      // A change the story makes: it must not reach the stories after it.
      await page.locator('#storybook-root button').click();
      await page.locator('#storybook-root section[data-state="loaded"] output', { hasText: 'Biscuit' }).waitFor({ timeout: 15_000 });
      expect(await listed('petlist--three-pets')).toBe(`${three}, Biscuit`);

      expect(await show('petlist--outage')).toBe('Error 503');
      expect(await show('petlist--empty')).toBe('No pets');
      expect(await show('petlist--three-pets')).toBe(three);
      expect(await show('petlist--outage')).toBe('Error 503');
      expect(await show('petlist--three-pets')).toBe(three);
      expect(pageErrors).toEqual([]);
    });
  });
});
