import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, markRealm, realmSurvived, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

/** Every content image of the page: whether it loaded, its pixel size and its width/height attributes. */
function contentImages(page: Page) {
  return page.$$eval('.markdown img', (images) =>
    (images as HTMLImageElement[]).map((img) => ({
      alt: img.alt,
      loaded: img.complete && img.naturalWidth > 0,
      natural: `${img.naturalWidth}x${img.naturalHeight}`,
      attributes: `${img.getAttribute('width')}x${img.getAttribute('height')}`,
    })),
  );
}

describe.skipIf(!chromiumPath)('images next to docs, in the browser', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('images-next-to-docs'), '/kit/');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('load from their assets, at the size the page reserved, after client-side navigation too', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    await markRealm(page);
    await page.getByRole('link', { name: 'setup', exact: true }).click();
    await eventually(() => page.locator('h1').innerText()).toBe('Setup');
    expect(await realmSurvived(page)).toBe(true);
    for (const img of await page.locator('.markdown img').all()) await img.scrollIntoViewIfNeeded();
    await eventually(async () => (await contentImages(page)).every((image) => image.loaded)).toBe(true);
    const images = await contentImages(page);
    expect(images.map((image) => `${image.alt} ${image.natural} ${image.attributes}`)).toEqual([
      'Shot 64x48 64x48',
      'Diagram 120x80 120x80',
      'Anim 40x30 40x30',
      'Photo 20x10 200xnull',
      'Centered 40x30 40x30',
      'Shot by reference 64x48 64x48',
      'Light or dark 64x48 64x48',
    ]);
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!chromiumPath)('HTML in markdown, in the browser', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('html-in-markdown'), '/kit/');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('works as HTML: details open, anchors of HTML are scroll targets, HTML links navigate in the app', async () => {
    // Short, so that the page can scroll its anchor to the top.
    const { page, problems } = await site.open({ viewport: { width: 1280, height: 300 } });
    await gotoHydrated(page, site.url('docs/intro'));
    const hidden = page.getByText('Hidden markdown content.');
    expect(await hidden.isVisible()).toBe(false);
    await page.getByText('More details').click();
    await eventually(() => hidden.isVisible()).toBe(true);

    await gotoHydrated(page, site.url('docs/other'));
    await markRealm(page);
    await page.getByRole('link', { name: "to a doc's anchor" }).click();
    await eventually(() => page.evaluate(() => location.pathname + location.hash)).toBe('/kit/docs/intro#legacy-anchor');
    expect(await realmSurvived(page)).toBe(true);
    // The target of the fragment is an <a name> of the HTML: the page scrolled to it.
    const anchorTop = () => page.evaluate(() => Math.round(document.querySelector('a[name="legacy-anchor"]')!.getBoundingClientRect().top));
    await eventually(async () => (await page.evaluate(() => scrollY)) > 0 && (await anchorTop()) < 100).toBe(true);
    expect(problems).toEqual([]);
  });
});
