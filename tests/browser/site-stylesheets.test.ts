import { cp } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, tempDir } from '../helpers/browser.js';
import { writeFakeSass } from '../helpers/fake-sass.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, markRealm, realmSurvived, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

// The stylesheets of a custom page, its components and an MDX doc's component (fixture
// site-stylesheets): styled on the first load, kept by hydration, loaded by client navigation.
describe.skipIf(!chromiumPath)('stylesheets imported by the site’s code, in the browser', () => {
  let site: SiteUnderTest;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await tempDir('sdkdocs-stylesheets-site-');
    cleanup = made.cleanup;
    await cp(fixture('site-stylesheets'), made.dir, { recursive: true });
    writeFakeSass(made.dir);
    site = await startSiteUnderTest(made.dir, '/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  const glyphWidth = (page: Awaited<ReturnType<SiteUnderTest['open']>>['page']) => page.locator('header svg').evaluate((svg) => getComputedStyle(svg).width);

  it('styles the landing page on its first load, and hydration keeps the class names of the HTML', async () => {
    const { page, problems } = await site.open();
    const served = /<header class="([^"]+)"/.exec(readFileSync(path.join(site.outDir, 'index.html'), 'utf8'))![1];
    await gotoHydrated(page, site.url());
    expect(await glyphWidth(page)).toBe('120px');
    expect(await page.locator('section h2').evaluate((heading) => getComputedStyle(heading.parentElement!).paddingTop)).toBe('24px');
    expect(await page.locator('header').getAttribute('class')).toBe(served);
    expect(problems).toEqual([]);
  });

  it('loads the stylesheets of a page reached by client navigation before showing it', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    await markRealm(page);
    await page.getByRole('link', { name: 'home page', exact: true }).click();
    await eventually(() => page.locator('header svg').count()).toBe(1);
    expect(await realmSurvived(page)).toBe(true);
    expect(await glyphWidth(page)).toBe('120px');
    await page.getByRole('link', { name: 'Lamps', exact: true }).last().click();
    await eventually(() => page.getByText('Bright').count()).toBe(1);
    expect(await page.getByText('Bright').evaluate((badge) => getComputedStyle(badge).outlineColor)).toBe('rgb(255, 140, 0)');
    expect(problems).toEqual([]);
  });
});
