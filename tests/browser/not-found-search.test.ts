import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

describe.skipIf(!chromiumPath)('the not-found page', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('basic'), '/kit/');
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  it("offers the site's search, which finds a page and opens it", async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/moved-away'));
    const main = page.getByRole('main');
    const search = main.getByRole('region', { name: 'Search the documentation' }).getByRole('combobox', { name: 'Search' });
    await search.fill('setting up');
    const firstResult = main.getByRole('option').first();
    await eventually(() => firstResult.textContent()).toContain('Setting Up');
    await search.press('Enter');
    await eventually(() => new URL(page.url()).pathname).toBe('/kit/docs/guides/setup');
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Setting Up');
    // The only complaint is the browser's note that the document itself answered 404.
    expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
  });

  it('links home', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('no-such-page'));
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/kit/');
    await page.getByRole('heading', { level: 1, name: 'Fixture Kit' }).waitFor();
  });
});
