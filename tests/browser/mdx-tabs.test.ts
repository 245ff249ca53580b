import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, markRealm, realmSurvived, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

/** The page's MDX content has been hydrated: its components respond. */
async function mdxHydrated(page: Page): Promise<void> {
  await page.waitForSelector('[data-mdx-content][data-mdx-hydrated]');
}

/** The selected tab's label of each `<Tabs>` on the page, in order. */
function selectedTabs(page: Page): Promise<string[]> {
  return page.$$eval('.tabs-container [role="tablist"]', (lists) => lists.map((list) => list.querySelector('[aria-selected="true"]')?.textContent ?? ''));
}

/** The text of each visible panel, in order. */
function visiblePanels(page: Page): Promise<string[]> {
  return page.$$eval('[role="tabpanel"]', (panels) =>
    panels.filter((panel) => (panel as HTMLElement).offsetParent !== null).map((panel) => (panel as HTMLElement).innerText.trim()),
  );
}

describe.skipIf(!chromiumPath)('MDX docs in the browser: components hydrate, tabs (fixture mdx-components)', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('mdx-components'), '/kit/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  it('puts the phone\'s "On this page" below the title, where a markdown doc has it, before and after hydration', async () => {
    const { page, problems } = await site.open({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    for (const doc of ['docs/components', 'docs/outline']) {
      await page.goto(site.url(doc));
      for (const moment of ['prerendered', 'hydrated']) {
        if (moment === 'hydrated') await mdxHydrated(page);
        const toc = page.locator('details.toc-mobile');
        expect(await toc.count(), `${doc} ${moment}`).toBe(1);
        const title = (await page.locator('h1').first().boundingBox())!;
        expect((await toc.boundingBox())!.y, `${doc} ${moment}`).toBeGreaterThanOrEqual(title.y + title.height);
      }
      await page.locator('details.toc-mobile summary').click();
      expect(await page.locator('details.toc-mobile .toc-link').first().isVisible()).toBe(true);
    }
    expect(problems).toEqual([]);
  });

  it('hydrates the content: a site component responds, and the prerendered diagram stays', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/components'));
    await mdxHydrated(page);
    await page.getByRole('button', { name: 'Clicked 0 times' }).click();
    await eventually(() => page.locator('.counter').innerText()).toBe('Clicked 1 times');
    expect(await page.locator('.mdx-diagram figure svg').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('hydrates partials and Docusaurus hooks; ThemedImage shows the image of the colour mode', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/detected'));
    await mdxHydrated(page);
    await eventually(() => page.locator('.where').innerText()).toBe('dom browser');
    const visibleImages = () => page.$$eval('img.themed-image', (images) => images.filter((image) => (image as HTMLElement).offsetParent !== null).map((image) => image.getAttribute('src')));
    expect(await visibleImages()).toEqual(['/kit/img/logo.svg']);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await visibleImages()).toEqual(['/kit/img/logo-dark.svg']);
    expect(await page.getByText('A plain markdown partial.').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('hydrates @theme/TOCInline with the doc\'s toc, and its links go to the headings', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/outline'));
    await mdxHydrated(page);
    expect(await page.locator('.toc-inline').first().locator('a').allInnerTexts()).toEqual([
      'Setting up',
      'Installing kit',
      'Using <kit>',
      'Kit.createMockFromModuleWithAVeryLongName(moduleName)',
    ]);
    // A heading with no space to break at wraps in the "On this page" column instead of scrolling it sideways.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.locator('.toc').evaluate((toc) => toc.scrollWidth <= toc.clientWidth)).toBe(true);
    await page.locator('.toc-inline.from-second a', { hasText: 'On Windows' }).click();
    await eventually(() => page.evaluate(() => location.hash)).toBe('#on-windows');
    expect(problems).toEqual([]);
  });

  it('switches tabs by click, keeps tabs of the same groupId in step, and writes the choice to the URL and local storage', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/components'));
    await mdxHydrated(page);
    expect(await selectedTabs(page)).toEqual(['npm', 'npm', 'Web']);
    await page.getByRole('tab', { name: 'Yarn' }).first().click();
    await eventually(() => selectedTabs(page)).toEqual(['Yarn', 'Yarn', 'Web']);
    expect(await visiblePanels(page)).toEqual(['yarn add playkit\nCopy', 'Second yarn panel.', 'Runs in any browser.']);
    expect(await page.evaluate(() => localStorage.getItem('sdkdocs.tab.package-manager'))).toBe('yarn');
    expect(new URL(page.url()).searchParams.get('package-manager')).toBe('yarn');
    // The panel is labelled by its tab.
    const panel = page.getByRole('tabpanel', { name: 'Yarn' }).first();
    expect(await panel.innerText()).toContain('yarn add playkit');
    expect(problems).toEqual([]);
  });

  it('follows the ARIA tabs pattern on the keyboard: arrows, Home and End move and select, one tab stop', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('docs/components'));
    await mdxHydrated(page);
    const first = page.locator('.tabs-container').first();
    await first.getByRole('tab', { name: 'npm', exact: true }).focus();
    expect(await first.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yarn');
    expect(await selectedTabs(page)).toEqual(['Yarn', 'Yarn', 'Web']);
    await page.keyboard.press('End');
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('pnpm');
    await page.keyboard.press('ArrowRight');
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('npm');
    await page.keyboard.press('ArrowLeft');
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('pnpm');
    await page.keyboard.press('Home');
    await eventually(() => selectedTabs(page)).toEqual(['npm', 'npm', 'Web']);
    expect(await first.getByRole('tab', { name: 'npm', exact: true }).getAttribute('tabindex')).toBe('0');
    expect(await first.getByRole('tab', { name: 'pnpm' }).getAttribute('tabindex')).toBe('-1');
  });

  it('remembers a group choice across page loads, and a query string wins over it', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('docs/components'));
    await mdxHydrated(page);
    await page.getByRole('tab', { name: 'pnpm' }).first().click();
    await eventually(() => selectedTabs(page)).toEqual(['pnpm', 'pnpm', 'Web']);
    await gotoHydrated(page, site.url('docs/components'));
    await mdxHydrated(page);
    await eventually(() => selectedTabs(page)).toEqual(['pnpm', 'pnpm', 'Web']);
    await gotoHydrated(page, site.url('docs/components?package-manager=yarn'));
    await mdxHydrated(page);
    await eventually(() => selectedTabs(page)).toEqual(['Yarn', 'Yarn', 'Web']);
  });

  it('loads no MDX or component code on a page without MDX, and hydrates after a client-side navigation', async () => {
    const { page, problems } = await site.open();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url());
    });
    await gotoHydrated(page, site.url('docs/intro'));
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts.map(async (url) => ({ url, text: await (await fetch(url)).text() })));
    expect(loaded.filter(({ url }) => url.includes('/mdx-'))).toEqual([]);
    expect(loaded.filter(({ text }) => text.includes('tabs-item') || text.includes('Clicked ')).map(({ url }) => url)).toEqual([]);

    await markRealm(page);
    await page.locator('.markdown').getByRole('link', { name: 'the components page' }).click();
    await mdxHydrated(page);
    expect(await realmSurvived(page)).toBe(true);
    expect(scripts.some((url) => url.includes('/mdx-components.'))).toBe(true);
    await page.getByRole('tab', { name: 'Desktop' }).click();
    await eventually(() => selectedTabs(page)).toEqual(['npm', 'npm', 'Desktop']);
    expect(problems).toEqual([]);
  });

  it('shows every panel under its label, and no tab list, with JavaScript off', async () => {
    const { page } = await site.open({ javaScriptEnabled: false });
    await page.goto(site.url('docs/components'));
    expect(await page.locator('[role="tablist"]').first().isVisible()).toBe(false);
    const panels = await visiblePanels(page);
    expect(panels).toHaveLength(8);
    expect(panels[1]).toContain('Yarn');
    expect(panels[1]).toContain('yarn add playkit');
    expect(panels[7]).toContain('Runs on Windows');
  });
});
