import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

/** Computed styles the theme settings decide, read in the page. */
function themedStyles(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    const visible = (selector: string) => style(selector).display !== 'none';
    return {
      link: style('.markdown p a').color,
      navbar: style('.navbar').backgroundColor,
      navbarText: style('.navbar-brand').color,
      body: style('body').fontFamily,
      heading: style('.markdown h1').fontFamily,
      code: style('.markdown code').fontFamily,
      radius: getComputedStyle(document.documentElement).getPropertyValue('--sdkdocs-radius').trim(),
      headingSpacing: style('.markdown h1').letterSpacing,
      lightLogo: visible('.navbar-logo .themed-image-light'),
      darkLogo: visible('.navbar-logo .themed-image-dark'),
    };
  });
}

describe.skipIf(!chromiumPath)('theme settings in the browser', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('theme-settings'), '/kit/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  it('applies the primary colour, fonts and logo of the light mode', async () => {
    const { page } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    expect(await themedStyles(page)).toEqual({
      link: 'rgb(46, 133, 85)',
      navbar: 'rgb(46, 133, 85)',
      navbarText: 'rgb(255, 255, 255)',
      body: '"Brand Sans", system-ui, sans-serif',
      heading: '"Brand Sans", Georgia, serif',
      code: '"Brand Mono", ui-monospace, monospace',
      radius: '2px',
      headingSpacing: expect.stringMatching(/^-0\.\d+px$/),
      lightLogo: true,
      darkLogo: false,
    });
  });

  it('applies the dark shade of the primary colour and the dark logo in dark mode', async () => {
    const { page } = await site.open({ colorScheme: 'dark' });
    await gotoHydrated(page, site.url('docs/intro'));
    expect(await themedStyles(page)).toMatchObject({ link: 'rgb(71, 192, 125)', navbar: 'rgb(71, 192, 125)', navbarText: 'rgb(28, 30, 33)', radius: '2px', lightLogo: false, darkLogo: true });
  });

  it('loads customCss after the theme stylesheet: its rules and custom properties win', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    // The theme sets --sdkdocs-radius to 6px and no letter spacing on headings; custom.css overrides both.
    const order = await page.evaluate(() => {
      const sheet = [...document.styleSheets].find((candidate) => candidate.href?.includes('/assets/css/theme.'))!;
      const texts = [...sheet.cssRules].map((rule) => rule.cssText);
      return {
        themeRadius: texts.findIndex((text) => text.includes('--sdkdocs-radius: 6px')),
        customRadius: texts.findIndex((text) => text.includes('--sdkdocs-radius: 2px')),
        sheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')),
      };
    });
    expect(order.themeRadius).toBeGreaterThan(-1);
    expect(order.customRadius).toBeGreaterThan(order.themeRadius);
    expect(order.sheets).toEqual([expect.stringMatching(/^\/kit\/assets\/css\/theme\.\w+\.css$/), '/kit/css/extra-sheet.css', '/kit/css/print.css']);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.markdown h2')!).textTransform)).toBe('uppercase');
  });

  it('paints the page while an analytics script is still loading, then runs it', async () => {
    const { page } = await site.open();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/js/analytics.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(site.url('docs/intro'), { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'));
    expect(await page.evaluate(() => document.querySelector('.markdown h1')?.textContent)).toBe('Intro');
    expect(await page.evaluate(() => (window as unknown as { analyticsLoaded?: boolean }).analyticsLoaded)).toBeUndefined();
    release();
    await eventually(() => page.evaluate(() => (window as unknown as { analyticsLoaded?: boolean }).analyticsLoaded)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { inlineAnalytics?: boolean; widgetLoaded?: boolean }).inlineAnalytics)).toBe(true);
    await eventually(() => page.evaluate(() => (window as unknown as { widgetLoaded?: boolean }).widgetLoaded)).toBe(true);
  });
});
