import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

const storageKey = 'docs-preferred-version-default';

/** A site with `includeCurrentVersion: false`: the released versions only, the newest read as the site's own docs. */
describe.skipIf(!chromiumPath)('released docs versions only, in the browser', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('versioned-no-current'), '/kit/');
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  const dropdown = (page: Page) => page.locator('.navbar .navbar-dropdown').first();
  const toggle = (page: Page) => dropdown(page).locator('[role="button"]');
  const versionLinks = (page: Page) =>
    dropdown(page)
      .locator('.dropdown-menu a')
      .evaluateAll((links) => links.map((link) => [link.textContent ?? '', link.getAttribute('href')]));

  it('lists the released versions and moves between them', async () => {
    const { page, problems } = await site.open({ viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, site.url('docs/guides/setup'));
    expect(await toggle(page).textContent()).toBe('2.0.0');
    expect(await versionLinks(page)).toEqual([
      ['2.0.0', '/kit/docs/guides/setup'],
      ['1.0.0', '/kit/docs/1.0.0/intro'],
    ]);
    await toggle(page).click();
    await dropdown(page).getByRole('link', { name: '1.0.0' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/kit/docs/1.0.0/intro');
    await eventually(() => page.locator('.doc-article .markdown').textContent()).toContain('Kit 1 introduction.');
    await eventually(() => toggle(page).textContent()).toBe('1.0.0');
    await eventually(() => page.locator('[data-version-banner]').getAttribute('data-version-banner')).toBe('unmaintained');
    expect(problems).toEqual([]);
  });

  it('drops a remembered "current" from when the site published it', async () => {
    const { page, problems } = await site.open({ viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, site.url(''));
    await page.evaluate((key) => localStorage.setItem(key, 'current'), storageKey);
    await gotoHydrated(page, site.url(''));
    await eventually(() => page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
    expect(await toggle(page).textContent()).toBe('2.0.0');
    expect(problems).toEqual([]);
  });
});
