import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, markRealm, routeEvents, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

// The blog in a browser: list → post → tag → author by client-side navigation, in the site's layout.
describe.skipIf(!chromiumPath)('the blog in the browser', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('blog-site'), '/kit/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  it('goes from the list to a post, its tag and its author without loading a page, and hydrates the MDX post', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('blog'));
    // In the site's layout, with its navbar.
    expect(await page.locator('nav.navbar').count()).toBe(1);
    expect(await page.locator('.blog-post-title').allInnerTexts()).toEqual(['Untruncated & "escaped" <post>', 'Second post']);
    await markRealm(page);

    await page.locator('.blog-post-title a', { hasText: 'Second post' }).click();
    await eventually(() => page.evaluate(() => location.pathname)).toBe('/kit/blog/second');
    await eventually(() => page.locator('h1.blog-post-title').innerText()).toBe('Second post');
    expect(await page.locator('[data-route-content]').innerText()).toContain('Only on the post');
    // The post's MDX components come alive as an MDX doc's do.
    await eventually(() => page.locator('[data-mdx-hydrated]').count()).toBe(1);
    await eventually(() => page.evaluate(() => document.title)).toBe('Second post | Blog Kit');

    await page.locator('.blog-post-tags a', { hasText: 'Release' }).click();
    await eventually(() => page.evaluate(() => location.pathname)).toBe('/kit/blog/tags/releases');
    await eventually(() => page.locator('[data-route-content] h1').first().innerText()).toBe('2 posts tagged with "Release"');

    await page.locator('.blog-author-name a', { hasText: 'Ada Lovelace' }).first().click();
    await eventually(() => page.evaluate(() => location.pathname)).toBe('/kit/blog/authors/ada');
    await eventually(() => page.locator('h1.blog-author-name').innerText()).toBe('Ada Lovelace');

    // One document all along: every step was a client-side navigation.
    expect(await page.evaluate(() => (window as unknown as { __realm?: boolean }).__realm)).toBe(true);
    expect((await routeEvents(page)).map((event) => event.path)).toEqual(['/kit/blog', '/kit/blog/second', '/kit/blog/tags/releases', '/kit/blog/authors/ada']);
    expect(problems).toEqual([]);
  });

  it('serves the feeds its pages link, which parse', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('blog/second'));
    const hrefs = await page.locator('head link[rel="alternate"]:not([type="text/markdown"])').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(hrefs).toEqual([site.url('blog/rss.xml'), site.url('blog/atom.xml'), site.url('blog/feed.json')]);
    for (const href of hrefs.slice(0, 2)) {
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/xml/);
      const document = parseDocument(await response.text(), { xmlMode: true });
      const titles = DomUtils.findAll((element) => element.name === 'item' || element.name === 'entry', document.children).map((entry) =>
        DomUtils.textContent(DomUtils.findOne((element) => element.name === 'title', entry.children)!),
      );
      expect(titles).toEqual(['Untruncated & "escaped" <post>', 'Second post', 'First release', 'Dated in front matter']);
    }
    const json = (await (await page.request.get(hrefs[2])).json()) as { items: { url: string }[] };
    expect(json.items[1].url).toBe('https://blog.example.com/kit/blog/second');
  });
});
