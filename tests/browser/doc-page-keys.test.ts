import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, markRealm, realmSurvived, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

// The parts of a doc page that front matter adds (tags, last update, the unlisted banner) and the
// tag pages hydrate without a mismatch and work with client-side navigation.
describe.skipIf(!chromiumPath)('front matter on the page, in a browser (fixture)', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('front-matter-keys'), '/sdk/');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('hydrates a doc with tags and a last update, and follows a tag to its page in the client', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    expect(await page.locator('.last-updated').innerText()).toBe('Last updated on Jan 31, 2025 by Ada');
    await markRealm(page);
    await page.locator('.doc-tags').getByRole('link', { name: 'sdk' }).click();
    await eventually(() => page.locator('h1').first().innerText()).toBe('2 doc(s) tagged with "sdk"');
    expect(await realmSurvived(page)).toBe(true);
    await page.getByRole('link', { name: 'View all tags' }).click();
    await eventually(() => page.locator('h1').first().innerText()).toBe('Tags');
    expect(problems).toEqual([]);
  });

  it('shows the unlisted banner, with no sidebar entry for the page', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/secret'));
    expect(await page.locator('.visibility-banner').textContent()).toContain('Unlisted page');
    expect(await page.locator('.doc-sidebar a[href="/sdk/docs/secret"]').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
