import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, tempDir } from '../helpers/browser.js';
import { clientModulesSiteFiles } from '../helpers/client-modules-site.js';
import { writeSiteFiles } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

// A Docusaurus site's clientModules in the browser: each runs once before the page hydrates, its
// stylesheets apply to every page, and its route lifecycles are called for the first page and
// for each one the reader goes to.
describe.skipIf(!chromiumPath)('clientModules in the browser', () => {
  let site: SiteUnderTest;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-client-modules-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, clientModulesSiteFiles);
    site = await startSiteUnderTest(made.dir, '/kit/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it('runs each module once, applies their stylesheets and calls the route lifecycles on each navigation', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    const routeLog = () => page.evaluate(() => (window as unknown as { __routeLog?: unknown[] }).__routeLog ?? []);
    await gotoHydrated(page, site.url('docs/intro'));
    await expect(page.evaluate(() => document.documentElement.dataset.clientModule)).resolves.toBe('ran');
    await expect(page.evaluate(() => getComputedStyle(document.querySelector('.markdown h1')!).letterSpacing)).resolves.toBe('3px');
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--client-module-extra').trim())).resolves.toBe('on');
    await eventually(routeLog).toEqual([
      ['update', '/kit/docs/intro', null],
      ['after', '/kit/docs/intro'],
      ['did', '/kit/docs/intro', null],
    ]);

    await page.locator('.markdown a', { hasText: 'guide' }).click();
    await eventually(routeLog).toHaveLength(6);
    expect((await routeLog()).slice(3)).toEqual([
      ['update', '/kit/docs/guide', '/kit/docs/intro'],
      ['after', '/kit/docs/guide'],
      ['did', '/kit/docs/guide', '/kit/docs/intro'],
    ]);
    // A client-side navigation: the module ran once, and its stylesheet still applies.
    await expect(page.evaluate(() => (window as unknown as { __clientModuleRuns: number }).__clientModuleRuns)).resolves.toBe(1);
    await expect(page.evaluate(() => getComputedStyle(document.querySelector('.markdown h1')!).letterSpacing)).resolves.toBe('3px');

    await page.locator('.toc-desktop a', { hasText: 'Steps' }).click();
    await eventually(routeLog).toHaveLength(9);
    expect((await routeLog()).slice(6)).toEqual([
      ['update', '/kit/docs/guide#steps', '/kit/docs/guide'],
      ['after', '/kit/docs/guide#steps'],
      ['did', '/kit/docs/guide#steps', '/kit/docs/guide'],
    ]);
    await expect(page.evaluate(() => (window as unknown as { __pageViews?: string[] }).__pageViews)).resolves.toEqual(['/kit/docs/guide', '/kit/docs/guide']);
    expect(problems).toEqual([]);
  });
});
