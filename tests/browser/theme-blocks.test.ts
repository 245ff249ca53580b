import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, markRealm, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

describe.skipIf(!chromiumPath)('overrides of markdown blocks in the browser (fixture theme-blocks)', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('theme-blocks'), '/blocks/');
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it('hydrate a markdown doc without a mismatch, and the overrides respond', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    await page.waitForSelector('[data-mdx-hydrated]');
    const tip = page.locator('.admonition-wrapper[data-type="tip"]');
    await tip.getByRole('button', { name: 'Fold' }).click();
    await eventually(() => tip.locator('aside').count()).toBe(0);
    await tip.getByRole('button', { name: 'Unfold' }).click();
    await eventually(() => tip.locator('aside').count()).toBe(1);
    const disclosure = page.locator('.disclosure-button');
    expect(await page.locator('.disclosure-content').isVisible()).toBe(false);
    await disclosure.click();
    await eventually(() => page.locator('.disclosure-content').isVisible()).toBe(true);
    // The highlighted block that the wrapped CodeBlock shows is the build's.
    expect(await page.locator('.code-line-highlighted').count()).toBe(2);
    expect(problems).toEqual([]);
  });

  it('render after a client-side navigation, and respond there too', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/plain'));
    await markRealm(page);
    await page.getByRole('link', { name: 'Guide' }).first().click();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Guide');
    await page.waitForSelector('[data-mdx-hydrated]');
    expect(await page.evaluate(() => (window as unknown as { __realm?: boolean }).__realm)).toBe(true);
    const note = page.locator('.admonition-wrapper[data-type="note"]');
    await note.getByRole('button', { name: 'Fold' }).click();
    await eventually(() => note.locator('aside').count()).toBe(0);
    await page.getByRole('link', { name: 'Introduction' }).first().click();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Introduction');
    await page.waitForSelector('.disclosure-button');
    await page.locator('.disclosure-button').click();
    await eventually(() => page.locator('.disclosure-content').isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __realm?: boolean }).__realm)).toBe(true);
    expect(problems).toEqual([]);
  });
});
