import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, tempDir } from '../helpers/browser.js';
import { layoutProviderSiteFiles } from '../helpers/layout-provider-site.js';
import { writeSiteFiles } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

// A site's src/theme/Layout/Provider in the browser: the page hydrates with the context it gives,
// and a navbar item and an MDX doc's component read the same value: switching it in the navbar
// changes the doc's component, on the page and after a client-side navigation.
describe.skipIf(!chromiumPath)("a site's Layout/Provider in the browser", () => {
  let site: SiteUnderTest;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-layout-provider-browser-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, { ...layoutProviderSiteFiles, 'docs/other.md': '# Other\n\nBack to the [intro](intro.mdx).\n' });
    site = await startSiteUnderTest(made.dir, '/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it('hydrates, and the mode the navbar item sets reaches the MDX component, also on a doc reached in the client', async () => {
    const { page, problems } = await site.open({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    await expect(page.locator('.mode').innerText()).resolves.toBe('reader');
    // The MDX doc reached by client-side navigation mounts its own root, inside the provider too.
    await gotoHydrated(page, site.url('docs/other'));
    await page.locator('.markdown a', { hasText: 'intro' }).click();
    await eventually(() => page.locator('.mode').innerText()).toBe('reader');
    await page.locator('.navbar-dropdown', { hasText: 'Mode: reader' }).hover();
    await page.locator('.dropdown-link', { hasText: 'writer' }).click();
    await eventually(() => page.locator('.mode').innerText()).toBe('writer');
    await eventually(() => page.locator('.navbar-dropdown').first().innerText()).toContain('Mode: writer');
    expect(problems).toEqual([]);
  });
});
