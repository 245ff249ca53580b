import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

/** The custom.css of the fixture: the classic template's green, and its dark-mode green. */
const primary = { light: 'rgb(46, 133, 85)', dark: 'rgb(37, 194, 160)' };

/** What Infima's classes and the site's --ifm-color-primary decide, read in the page. */
function landingStyles(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    const row = document.querySelector('.row')!.getBoundingClientRect().width;
    return {
      hero: style('.hero').backgroundColor,
      heroImage: style('.hero').backgroundImage,
      button: style('.button--primary').backgroundColor,
      buttonBorder: style('.button--primary').borderTopColor,
      // Three col--4 in a row: a third of it each.
      column: Math.round((document.querySelector('.col--4')!.getBoundingClientRect().width / row) * 100),
    };
  });
}

/** The page's stylesheets, with the media a page stylesheet is switched off with. */
function linkedStylesheets(page: Page) {
  return page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => `${link.getAttribute('href')!.replace(/\.\w+\.css$/, '')} ${link.getAttribute('media') ?? ''}`.trim()));
}

describe.skipIf(!chromiumPath)('Infima’s classes on a Docusaurus landing page, in the browser', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('docusaurus-infima'), '/kit/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  it('shows the hero and the primary button in the site’s primary colour in light mode', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url());
    expect(await landingStyles(page)).toEqual({ hero: primary.light, heroImage: 'none', button: primary.light, buttonBorder: primary.light, column: 33 });
    expect(problems).toEqual([]);
  });

  it('shows them in the site’s dark-mode primary colour in dark mode', async () => {
    const { page, problems } = await site.open({ colorScheme: 'dark' });
    await gotoHydrated(page, site.url());
    expect(await landingStyles(page)).toMatchObject({ hero: primary.dark, button: primary.dark });
    expect(problems).toEqual([]);
  });

  it('colours a docs page’s links in the site’s primary colour, without Infima', async () => {
    const { page } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.markdown p a')!).color)).toBe(primary.light);
    expect(await linkedStylesheets(page)).toEqual(['/kit/assets/css/theme']);
  });

  it('switches Infima on for the landing page and off for a docs page when navigating in the page', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    await page.click('.markdown p a');
    await page.waitForSelector('.hero');
    expect(await page.evaluate(() => location.pathname)).toBe('/kit/');
    expect(await landingStyles(page)).toMatchObject({ hero: primary.light, button: primary.light, column: 33 });
    expect(await linkedStylesheets(page)).toEqual(['/kit/assets/css/infima', '/kit/assets/css/theme']);
    await page.click('.hero .button--primary');
    await page.waitForSelector('.breadcrumbs');
    expect(await page.evaluate(() => location.pathname)).toBe('/kit/docs/intro');
    expect(await linkedStylesheets(page)).toEqual(['/kit/assets/css/infima not all', '/kit/assets/css/theme']);
    await page.goBack();
    await eventually(() => page.evaluate(() => document.querySelector('.hero') && getComputedStyle(document.querySelector('.hero')!).backgroundColor)).toBe(primary.light);
    expect(problems).toEqual([]);
  });
});
