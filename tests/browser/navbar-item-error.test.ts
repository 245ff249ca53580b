import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

describe.skipIf(!chromiumPath)('a navbar item that fails to render', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('client-features'), '/kit/');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('is left out, the page keeps working, and the console names the item to check', async () => {
    const { page, problems } = await site.open();
    // Hand the client a dropdown whose items are not a list, as a broken theme item would be.
    await page.route('**/kit/docs/intro', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/("type":"dropdown","label":"More".*?"items":)\[[^\]]*\]/, '$15');
      await route.fulfill({ response, body: html });
    });
    await gotoHydrated(page, site.url('docs/intro'));
    expect(await page.locator('.navbar-dropdown').count()).toBe(0);
    expect(await page.locator('h1').first().innerText()).toBeTruthy();
    expect(await page.getByRole('button', { name: /Switch between dark and light mode/ }).count()).toBe(1);
    const report = problems.find((problem) => problem.includes('A theme navbar item failed to render'));
    expect(report).toBeDefined();
    expect(report).toContain('"label": "More"');
  });
});
