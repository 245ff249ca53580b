import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface NavbarLayout {
  viewport: number;
  search: Box;
  navbar: Box;
  /** Every item shown, with its box and whether each of its words sits on one line. */
  shown: { label: string; box: Box; oneLine: boolean }[];
  hidden: string[];
}

/** The navbar as the reader sees it: the boxes of the items shown, the labels of those hidden. */
function readNavbar(page: Page): Promise<NavbarLayout> {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { left, right, top, bottom };
    };
    const labelOf = (item: HTMLElement) => item.querySelector('a')?.getAttribute('aria-label') || item.querySelector('a')!.textContent!.trim();
    // One line: every piece of the label's text lies on the same line box.
    const isOneLine = (item: HTMLElement) => {
      const walker = document.createTreeWalker(item.querySelector('a')!, NodeFilter.SHOW_TEXT);
      const middles: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) middles.push((rect.top + rect.bottom) / 2);
      }
      return middles.every((middle) => Math.abs(middle - middles[0]!) < 2);
    };
    const items = [...document.querySelectorAll<HTMLElement>('.navbar-inner .navbar-item')];
    return {
      viewport: window.innerWidth,
      search: box(document.querySelector('.navbar-search')!),
      navbar: box(document.querySelector('.navbar')!),
      shown: items.filter((item) => item.checkVisibility()).map((item) => ({ label: labelOf(item), box: box(item), oneLine: isOneLine(item) })),
      hidden: items.filter((item) => !item.checkVisibility()).map(labelOf),
    };
  });
}

const overlap = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

describe.skipIf(!chromiumPath)('a navbar of eleven items', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('crowded-navbar'), '/kit/');
  });
  afterAll(async () => {
    await site?.close();
  });

  for (const width of [1280, 1024]) {
    it(`stays on one line at ${width} px: no label wraps, nothing overlaps, the search box is whole, the rest is in the menu`, async () => {
      const { page, problems } = await site.open({ viewport: { width, height: 800 } });
      await gotoHydrated(page, site.url('docs/intro'));
      const menuButton = page.getByRole('button', { name: 'Toggle navigation bar' });
      // Eleven items need more than these widths hold: some go, and the menu button comes.
      await menuButton.waitFor();
      const layout = await readNavbar(page);
      expect(layout.hidden.length).toBeGreaterThan(0);
      expect(layout.shown.length + layout.hidden.length).toBe(11);
      // The items hidden are the last ones, the GitHub icon first.
      expect(layout.hidden.at(-1)).toBe('GitHub repository');
      for (const item of layout.shown) {
        expect(item.oneLine, `${item.label} is on one line`).toBe(true);
        expect(overlap(item.box, layout.search), `${item.label} overlaps the search box`).toBe(false);
        expect(item.box.bottom - item.box.top, `${item.label} keeps the navbar's height`).toBeLessThanOrEqual(layout.navbar.bottom - layout.navbar.top);
        for (const other of layout.shown) if (other !== item) expect(overlap(item.box, other.box), `${item.label} overlaps ${other.label}`).toBe(false);
      }
      expect(layout.search.left).toBeGreaterThanOrEqual(0);
      expect(layout.search.right).toBeLessThanOrEqual(layout.viewport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

      await menuButton.click();
      const menu = page.getByRole('dialog', { name: 'Navigation menu' });
      for (const label of layout.hidden) {
        const entry = label === 'GitHub repository' ? menu.getByRole('link', { name: label }) : menu.getByText(label, { exact: true });
        await entry.first().waitFor();
      }
      await menu.getByRole('link', { name: 'GitHub repository' }).focus();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('https://github.com/crowded/kit');
      expect(problems).toEqual([]);
    });
  }

  it('shows every item again, without the menu button, once the window is wide enough', async () => {
    const { page } = await site.open({ viewport: { width: 1024, height: 800 } });
    await gotoHydrated(page, site.url('docs/intro'));
    await page.getByRole('button', { name: 'Toggle navigation bar' }).waitFor();
    await page.setViewportSize({ width: 2200, height: 800 });
    await eventually(async () => (await readNavbar(page)).hidden).toEqual([]);
    expect(await page.getByRole('button', { name: 'Toggle navigation bar' }).isVisible()).toBe(false);
  });

  it("draws the site's custom-… item with its component, hydrated, in the navbar and in the menu", async () => {
    const { page, problems } = await site.open({ viewport: { width: 2200, height: 800 } });
    await gotoHydrated(page, site.url('docs/intro'));
    const link = page.locator('.navbar-inner .navbar-item > a[href="https://play.example.com"]');
    await eventually(() => link.getAttribute('data-hydrated')).toBe('true');
    expect(await link.innerText()).toBe('Playground');
    await page.setViewportSize({ width: 800, height: 800 });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const menu = page.getByRole('dialog', { name: 'Navigation menu' });
    await menu.getByRole('button', { name: '← Back to main menu' }).click();
    await menu.locator('li.menu-item > a.menu-link[href="https://play.example.com"]').waitFor();
    expect(problems).toEqual([]);
  });
});
