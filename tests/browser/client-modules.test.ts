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

// analytics.gtag's page views: gtag.js counts the first page; each page reached in the client is
// sent as a page_view event (gtag.js itself is stood in for: its inline queue records the calls).
describe.skipIf(!chromiumPath)('gtag page views in the browser', () => {
  let site: SiteUnderTest;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-gtag-');
    cleanup = made.cleanup;
    await writeSiteFiles(made.dir, {
      'docusaurus.config.js': "module.exports = { title: 'Kit', url: 'https://kit.example.com', baseUrl: '/kit/', presets: [['classic', { blog: false, gtag: { trackingID: 'G-TEST1' } }]] };\n",
      'docs/intro.md': '# Intro\n\nRead the [guide](guide.md) next.\n',
      'docs/guide.md': '# Guide\n',
    });
    site = await startSiteUnderTest(made.dir, '/kit/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it('sends a page view for each client-side navigation, none more for the first page', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    const calls = () => page.evaluate(() => ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => JSON.stringify(Array.from(entry))));
    await gotoHydrated(page, site.url('docs/intro'));
    await eventually(calls).toEqual([expect.stringMatching(/^\["js",/), '["config","G-TEST1"]']);
    await page.locator('.markdown a', { hasText: 'guide' }).click();
    await eventually(() => calls().then((list) => list.slice(2))).toEqual([
      '["set","page_path","/kit/docs/guide"]',
      expect.stringMatching(/^\["event","page_view",\{"page_location":"http:\/\/127\.0\.0\.1:\d+\/kit\/docs\/guide","page_title":"Guide \| Kit"\}\]$/),
    ]);
    expect(problems).toEqual([]);
  });
});
