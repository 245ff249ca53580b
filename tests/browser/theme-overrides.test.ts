import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

describe.skipIf(!chromiumPath)('theme overrides in the browser (fixture theme-overrides)', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('theme-overrides'), '/kit/');
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it('are in the static HTML: a page read without JavaScript shows them', async () => {
    const { page } = await site.open({ javaScriptEnabled: false });
    await page.goto(site.url('docs/intro'));
    expect(await page.locator('.feedback-button').innerText()).toBe('Helpful (0)');
    expect(await page.locator('.edit-this-page').count()).toBe(1);
    expect(await page.locator('.footer-note').innerText()).toBe('Thanks for reading the Override Kit docs.');
    expect(await page.locator('.custom-toggle').innerText()).toBe('Mode 0');
  });

  it('hydrate without a mismatch and respond: the wrapped doc footer and the replaced toggle keep state', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    await page.getByRole('button', { name: 'Helpful (0)' }).click();
    await eventually(() => page.locator('.feedback-button').innerText()).toBe('Helpful (1)');
    await page.getByRole('button', { name: 'Mode 0' }).first().click();
    await eventually(() => page.locator('.custom-toggle').first().innerText()).toBe('Mode 1');
    // The footer override is hydrated as a component, not kept as static HTML.
    expect(await page.locator('.footer-note').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('render after client-side navigation too, with the override of @theme/Admonition in MDX', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    await page.evaluate(() => ((window as unknown as { __realm: boolean }).__realm = true));
    await page.getByRole('link', { name: 'Components' }).first().click();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Components');
    expect(await page.evaluate(() => (window as unknown as { __realm?: boolean }).__realm)).toBe(true);
    expect(await page.locator('.feedback-button').innerText()).toBe('Helpful (0)');
    expect(await page.locator('.admonition-wrapper .admonition-info').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('replace the not-found content, whose link works', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/moved-away'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Lost in the kit');
    await page.getByRole('link', { name: 'Back to the introduction' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/kit/docs/intro');
    // The only complaint is the browser's note that the document itself answered 404.
    expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
  });
});
