import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

describe.skipIf(!chromiumPath)('Docusaurus markdown in the browser', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('markdown-compat'), '/');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('copies code without its magic comments', async () => {
    const { context, page, problems } = await site.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url()).origin });
    await gotoHydrated(page, site.url('docs/magic-comments'));
    const block = page.locator('.code-block').first();
    await block.hover();
    await block.locator('button.code-copy-button').click();
    await eventually(() => block.locator('button.code-copy-button').innerText()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const a = 1;\nconst b = 2;\ncall();\ndone();\nconst c = 3;');
    expect(problems).toEqual([]);
  });

  it('draws each admonition icon in its colour, beside the title', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/admonitions'));
    const icon = page.locator('.admonition-important .admonition-icon').first();
    expect(await icon.isVisible()).toBe(true);
    expect(await icon.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(130, 80, 223)');
    const [iconBox, titleBox] = await Promise.all([icon.boundingBox(), page.locator('.admonition-important .admonition-title').first().boundingBox()]);
    expect(Math.abs(iconBox!.y + iconBox!.height / 2 - (titleBox!.y + titleBox!.height / 2))).toBeLessThan(2);
    expect(problems).toEqual([]);
  });
});
