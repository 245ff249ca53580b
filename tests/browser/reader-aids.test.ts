import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { startPlainStaticHost, type PlainStaticHost } from '../helpers/plain-static-host.js';
import { exampleSiteDir } from '../helpers/site.js';
import { eventually, gotoHydrated, settled, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

const phone = { viewport: { width: 390, height: 844 } };
const desktop = { viewport: { width: 1280, height: 800 } };
const activeTocHref = (page: Page) => page.locator('.toc .toc-link-active').getAttribute('href');
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** Smallest diagram text a page shrinks a diagram to (src/core/diagram-figure.ts). */
const readableTextPx = 12;

/**
 * A figure's diagram as shown: its natural and smallest readable widths (the build's
 * `--diagram-width` and `--diagram-min-width`, fixed in the figure's markup), the column it sits
 * in, its shown width, and the height of its text at that size.
 */
function diagramSize(figure: Locator) {
  return figure.evaluate((element) => {
    const svg = element.querySelector<SVGSVGElement>(':scope > svg')!;
    const width = svg.getBoundingClientRect().width;
    const textPx = (Number.parseFloat(getComputedStyle(svg).fontSize) * width) / svg.viewBox.baseVal.width;
    const style = getComputedStyle(element);
    const column = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const length = (name: string) => Number.parseFloat(style.getPropertyValue(name));
    return { natural: length('--diagram-width'), minimum: length('--diagram-min-width'), column, width, textPx };
  });
}

/** Issue 15: what a reader meets on any static host, on a phone, with the keyboard. */
describe.skipIf(!chromiumPath)('reader aids on the example site', () => {
  let site: SiteUnderTest;
  let host: PlainStaticHost;
  beforeAll(async () => {
    site = await startSiteUnderTest(exampleSiteDir, '/sdk/', { sharedBuild: true });
    host = await startPlainStaticHost(site.outDir, path.join(site.outDir, 'sdk', '404.html'));
  }, 300_000);
  afterAll(async () => {
    await host?.close();
    await site?.close();
  });

  describe('.html addresses on a static host without rewrites', () => {
    /** Whether the 404 content could be seen when the document was parsed (before any script of the bundle ran). */
    async function recordFirstPaintOf404(page: Page) {
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const main = document.querySelector('.page-notFound');
          (window as unknown as { __notFoundVisible?: boolean }).__notFoundVisible = main ? getComputedStyle(main).visibility !== 'hidden' : false;
        });
      });
    }
    const notFoundWasVisible = (page: Page) => page.evaluate(() => (window as unknown as { __notFoundVisible?: boolean }).__notFoundVisible);

    it.each(['sdk/docs/getting-started/installation.html', 'sdk/docs/getting-started/installation/index.html'])(
      'shows the page at %s and puts the clean address in the location bar, without showing the 404 page',
      async (address) => {
        const { page, problems } = await site.open(desktop);
        await recordFirstPaintOf404(page);
        const response = await page.goto(`${host.origin}${address}#requirements`);
        expect(response?.status()).toBe(address.endsWith('/index.html') ? 200 : 404);
        await page.waitForURL(`${host.origin}sdk/docs/getting-started/installation#requirements`);
        await page.getByRole('heading', { level: 1, name: 'Installation' }).waitFor();
        expect(await page.locator('.page-notFound').count()).toBe(0);
        expect(await notFoundWasVisible(page)).toBe(false);
        expect(await page.evaluate(() => document.documentElement.className)).not.toContain('route-resolving');
        expect(await page.title()).toContain('Installation');
        expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
      },
    );

    it('keeps the 404 page (shown) for a .html address that is no route', async () => {
      const { page } = await site.open(desktop);
      await page.goto(`${host.origin}sdk/docs/no-such-page.html`);
      const title = page.getByRole('heading', { level: 1, name: 'Page Not Found' });
      await eventually(() => page.evaluate(() => document.documentElement.classList.contains('route-resolving'))).toBe(false);
      expect(await title.isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/sdk/docs/no-such-page.html');
    });

    it('shows the 404 page at once without JavaScript', async () => {
      const { page } = await site.open({ ...desktop, javaScriptEnabled: false });
      await page.goto(`${host.origin}sdk/docs/getting-started/installation.html`);
      expect(await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).isVisible()).toBe(true);
    });
  });

  describe('mobile menu (390 px)', () => {
    it('keeps focus inside while open; Escape closes it and puts focus back on the menu button', async () => {
      const { page, problems } = await site.open(phone);
      await gotoHydrated(page, site.url('docs/getting-started/installation'));
      const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
      await toggle.click();
      const menu = page.getByRole('dialog', { name: 'Navigation menu' });
      await menu.waitFor();
      const focusInMenu = () => page.evaluate(() => document.querySelector('.navbar-sidebar')!.contains(document.activeElement));
      await eventually(focusInMenu).toBe(true);
      const count = await menu.locator('a[href], button').count();
      for (let i = 0; i < count + 3; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInMenu()).toBe(true);
      }
      for (let i = 0; i < count + 3; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInMenu()).toBe(true);
      }
      await page.keyboard.press('Escape');
      await page.locator('.navbar-sidebar').waitFor({ state: 'detached' });
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Toggle navigation bar');
      // The close button gives focus back too.
      await toggle.click();
      await page.getByRole('button', { name: 'Close navigation bar' }).click();
      await page.locator('.navbar-sidebar').waitFor({ state: 'detached' });
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Toggle navigation bar');
      expect(problems).toEqual([]);
    });
  });

  describe('table of contents highlight', () => {
    it('highlights the target of a deep link and of TOC clicks on an API page', async () => {
      const { page } = await site.open(desktop);
      await gotoHydrated(page, site.url('api/class/PlaykitSdk#refreshbalance'));
      await eventually(() => activeTocHref(page)).toBe('#refreshbalance');
      for (const id of ['getbalance', 'init', 'sendevent', 'balance']) {
        await page.locator(`.toc a[href="#${id}"]`).click();
        await eventually(() => activeTocHref(page)).toBe(`#${id}`);
      }
    });

    it('highlights the target of a search result on an API page', async () => {
      const { page } = await site.open(desktop);
      await gotoHydrated(page, site.url('docs/intro'));
      const input = page.getByRole('combobox', { name: 'Search' });
      await eventually(() => input.getAttribute('placeholder')).toBe('Search Ctrl+K');
      await input.fill('refreshBalance');
      const result = page.locator('[role="option"] a[href*="/api/class/PlaykitSdk"][href$="#refreshbalance"]').first();
      await result.click();
      await page.waitForURL(/\/api\/class\/PlaykitSdk.*#refreshbalance$/);
      await eventually(() => activeTocHref(page)).toBe('#refreshbalance');
    });

    it('highlights each TOC entry clicked on a doc page, also while the navbar is hidden (hideOnScroll)', async () => {
      const { page } = await site.open(desktop);
      await gotoHydrated(page, site.url('docs/getting-started/installation'));
      const hrefs = await page.locator('.toc a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      // The reader scrolls down a little: the navbar hides, and stays hidden while links scroll further down.
      for (let i = 0; i < 4; i++) {
        await page.mouse.wheel(0, 150);
        await settled(page);
      }
      await eventually(() => page.evaluate(() => document.querySelector('.navbar')!.classList.contains('navbar-hidden'))).toBe(true);
      for (const href of hrefs.slice(1)) {
        await page.locator(`.toc a[href="${href}"]`).click();
        await eventually(() => activeTocHref(page)).toBe(href);
      }
      // Scrolling by the reader takes over again.
      await page.mouse.wheel(0, -100_000);
      await eventually(() => activeTocHref(page)).toBe(hrefs[0]);
    });
  });

  describe('search box', () => {
    it('draws a magnifier: a ring with an empty middle and a handle', async () => {
      const { page } = await site.open(desktop);
      await gotoHydrated(page, site.url('docs/intro'));
      const alphas = await page.evaluate(async () => {
        const image = getComputedStyle(document.querySelector('.navbar-search-input')!).backgroundImage;
        const img = new Image();
        img.src = /^url\("(.*)"\)$/.exec(image)![1];
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 24;
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0, 24, 24);
        const alpha = (x: number, y: number) => context.getImageData(x, y, 1, 1).data[3];
        return { middle: alpha(10, 10), ringTop: alpha(10, 3), ringLeft: alpha(3, 10), ringBottom: alpha(10, 16), handle: alpha(19, 19), corner: alpha(21, 3) };
      });
      expect(alphas.middle).toBe(0);
      expect(alphas.corner).toBe(0);
      for (const part of [alphas.ringTop, alphas.ringLeft, alphas.ringBottom, alphas.handle]) expect(part).toBeGreaterThan(128);
    });

    it('stays inside a 390 px screen when focused: no sideways scrolling', async () => {
      const { page } = await site.open(phone);
      await gotoHydrated(page, site.url('docs/intro'));
      const input = page.getByRole('combobox', { name: 'Search' });
      await input.focus();
      await input.fill('sdk');
      await page.getByRole('option').first().waitFor();
      await settled(page);
      const box = (await input.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.width).toBeGreaterThan(200);
      expect(await noSidewaysScroll(page)).toBe(true);
    });
  });

  it.each(['light', 'dark'] as const)('has an opaque navbar in %s mode', async (colorScheme) => {
    const { page } = await site.open({ ...desktop, colorScheme });
    await gotoHydrated(page, site.url('docs/intro'));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
    const background = await page.locator('.navbar').evaluate((navbar) => getComputedStyle(navbar).backgroundColor);
    const alpha = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(background)?.[1];
    expect(background.startsWith('rgb(') || alpha === '1').toBe(true);
  });

  describe('wide content on a 390 px screen', () => {
    it('shrinks a wide mermaid diagram only down to readable text, then scrolls it with shaded edges', async () => {
      const { page, problems } = await site.open(phone);
      await gotoHydrated(page, site.url('docs/getting-started/sequence-diagram'));
      const figure = page.locator('figure.mermaid-diagram').first();
      const { natural, textPx, width } = await diagramSize(figure);
      expect(natural).toBeGreaterThan(390);
      expect(width).toBeLessThan(natural);
      expect(textPx).toBeGreaterThanOrEqual(readableTextPx - 0.01);
      expect(await figure.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await eventually(() => figure.evaluate((element) => element.classList.contains('diagram-scrolls'))).toBe(true);
      expect(await figure.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('gradient');
      expect(await figure.getByRole('button', { name: 'Open diagram full size' }).isVisible()).toBe(true);
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(problems).toEqual([]);
    });

    it.each([['phone', phone] as const, ['desktop', desktop] as const])(
      'opens the diagram full size on a %s fitted to the screen; it zooms, pans and closes with Escape',
      async (_, screen) => {
        const { page, problems } = await site.open(screen);
        await gotoHydrated(page, site.url('docs/getting-started/sequence-diagram'));
        const figure = page.locator('figure.mermaid-diagram').first();
        const open = figure.getByRole('button', { name: 'Open diagram full size' });
        await open.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        expect(await dialog.getAttribute('aria-label')).toContain('Playkit session and round sequence');
        expect(await page.evaluate(() => document.querySelector('dialog')!.contains(document.activeElement))).toBe(true);
        const shown = dialog.locator('svg.mermaid-svg');
        const fitted = (await shown.boundingBox())!;
        expect(fitted.x).toBeGreaterThanOrEqual(0);
        expect(fitted.x + fitted.width).toBeLessThanOrEqual(screen.viewport.width);
        expect(fitted.y).toBeGreaterThanOrEqual(0);
        expect(fitted.y + fitted.height).toBeLessThanOrEqual(screen.viewport.height);

        const view = dialog.getByRole('group');
        const scale = async () => Number(await view.getAttribute('data-scale'));
        const fittedScale = await scale();
        await dialog.getByRole('button', { name: 'Zoom in' }).click();
        await eventually(scale).toBeGreaterThan(fittedScale);
        expect((await shown.boundingBox())!.width).toBeGreaterThan(fitted.width);
        const zoomedIn = await scale();
        await dialog.getByRole('button', { name: 'Zoom out' }).click();
        await eventually(scale).toBeLessThan(zoomedIn);
        await view.focus();
        await page.keyboard.press('+');
        await eventually(scale).toBeGreaterThan(fittedScale);
        await dialog.getByRole('button', { name: 'Fit to screen' }).press('Enter');
        await eventually(scale).toBe(fittedScale);

        const box = (await view.boundingBox())!;
        const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        const before = (await shown.boundingBox())!;
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(from.x - 60, from.y + 40, { steps: 4 });
        await page.mouse.up();
        const dragged = (await shown.boundingBox())!;
        expect(dragged.x).toBeCloseTo(before.x - 60, 0);
        expect(dragged.y).toBeCloseTo(before.y + 40, 0);

        await page.mouse.move(from.x, from.y);
        await page.mouse.wheel(0, -200);
        await eventually(scale).toBeGreaterThan(fittedScale);

        await page.keyboard.press('Escape');
        // The role locator stops matching once the dialog is closed; its close handler, which puts the
        // SVG back into the figure, runs a task later and removes the element last.
        await page.locator('dialog.diagram-dialog').waitFor({ state: 'detached' });
        await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Open diagram full size');
        expect(await figure.locator('svg').count()).toBe(1);
        expect(problems).toEqual([]);
      },
    );

    it('fits the full-size diagram again when the phone turns, unless the reader zoomed it', async () => {
      const { page } = await site.open(phone);
      await gotoHydrated(page, site.url('docs/getting-started/sequence-diagram'));
      await page.getByRole('button', { name: 'Open diagram full size' }).first().click();
      const dialog = page.getByRole('dialog');
      const view = dialog.getByRole('group');
      await view.waitFor();
      const shown = dialog.locator('svg.mermaid-svg');
      const scale = async () => Number(await view.getAttribute('data-scale'));
      const upright = await scale();
      await page.setViewportSize({ width: 844, height: 390 });
      await eventually(scale).not.toBe(upright);
      const turned = (await shown.boundingBox())!;
      expect(turned.x).toBeGreaterThanOrEqual(0);
      expect(turned.x + turned.width).toBeLessThanOrEqual(844);
      expect(turned.y).toBeGreaterThanOrEqual(0);
      expect(turned.y + turned.height).toBeLessThanOrEqual(390);

      await dialog.getByRole('button', { name: 'Zoom in' }).click();
      const zoomed = await scale();
      // Listening before the resize: the dialog's own listener, added earlier, has run when this one has.
      await page.evaluate(() => {
        const record = window as unknown as { __resized?: Promise<void> };
        record.__resized = new Promise((resolve) => window.addEventListener('resize', () => resolve(), { once: true }));
      });
      await page.setViewportSize(phone.viewport);
      await page.evaluate(() => (window as unknown as { __resized: Promise<void> }).__resized);
      expect(await scale()).toBe(zoomed);
    });

    it('zooms the full-size diagram with a two-finger pinch and pans it with one finger on a touch screen', async () => {
      const { page, problems } = await site.open({ ...phone, hasTouch: true, isMobile: true });
      await gotoHydrated(page, site.url('docs/getting-started/sequence-diagram'));
      await page.getByRole('button', { name: 'Open diagram full size' }).first().click();
      const view = page.getByRole('dialog').getByRole('group');
      await view.waitFor();
      const scale = async () => Number(await view.getAttribute('data-scale'));
      const fittedScale = await scale();
      const box = (await view.boundingBox())!;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const touch = await page.context().newCDPSession(page);
      const fingers = (spread: number) => [
        { x: centre.x - spread, y: centre.y, id: 1 },
        { x: centre.x + spread, y: centre.y, id: 2 },
      ];
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
      for (const spread of [40, 60, 80]) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await eventually(scale).toBeGreaterThan(fittedScale * 3);

      const shown = page.getByRole('dialog').locator('svg.mermaid-svg');
      const before = (await shown.boundingBox())!;
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...centre, id: 3 }] });
      for (const step of [1, 2, 3]) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: centre.x + 20 * step, y: centre.y, id: 3 }] });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await eventually(async () => (await shown.boundingBox())!.x).toBeCloseTo(before.x + 60, 0);
      expect(problems).toEqual([]);
    });

    it.each(['docs/wrapper/overview', 'docs/getting-started/sequence-diagram'])(
      'shows the diagram of %s on a 1280 px desktop shrunk to the column, but not below readable text',
      async (route) => {
        const { page } = await site.open(desktop);
        await gotoHydrated(page, site.url(route));
        const figure = page.locator('figure.mermaid-diagram').first();
        const { natural, minimum, column, width, textPx } = await diagramSize(figure);
        expect(width).toBeCloseTo(Math.max(minimum, Math.min(column, natural)), 0);
        expect(width).toBeLessThanOrEqual(desktop.viewport.width);
        expect(textPx).toBeGreaterThanOrEqual(readableTextPx - 0.01);
        const scrolls = width > column + 1;
        await eventually(() => figure.evaluate((element) => element.classList.contains('diagram-scrolls'))).toBe(scrolls);
        expect(await noSidewaysScroll(page)).toBe(true);
      },
    );

    it('scrolls a wide table sideways, as a named region the keyboard can reach; a narrow one stays plain', async () => {
      const { page } = await site.open(phone);
      await gotoHydrated(page, site.url('docs/getting-started/configuration'));
      const wide = page.getByRole('region', { name: /^Table: Field, Type, Required/ });
      await eventually(() => wide.count()).toBe(1);
      expect(await wide.getAttribute('tabindex')).toBe('0');
      const lastHeader = wide.locator('th').last();
      const right = async () => (await lastHeader.boundingBox())!;
      expect((await right()).x + (await right()).width).toBeGreaterThan(390);
      await wide.focus();
      for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
      await eventually(async () => (await right()).x + (await right()).width).toBeLessThanOrEqual(390);
      expect(await noSidewaysScroll(page)).toBe(true);
      const narrow = page.locator('.table-wrapper').nth(1);
      expect(await narrow.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await narrow.getAttribute('tabindex')).toBeNull();
    });

    it.each(['docs/getting-started/configuration', 'api/class/PlaykitSdk', 'docs/intro'])(
      'puts the "On this page" box below the page title of %s',
      async (pathInSite) => {
        const { page } = await site.open(phone);
        await gotoHydrated(page, site.url(pathInSite));
        const toc = page.locator('details.toc-mobile');
        expect(await toc.count()).toBe(1);
        const title = (await page.locator('h1').first().boundingBox())!;
        const box = (await toc.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(title.y + title.height);
        // Opened and followed, it works like any TOC.
        await toc.locator('summary').click();
        const link = toc.locator('a').first();
        const href = (await link.getAttribute('href'))!;
        await link.click();
        await page.waitForURL(`**${href}`);
      },
    );

    it('keeps the mobile TOC below the title after a client-side navigation', async () => {
      const { page } = await site.open(phone);
      await gotoHydrated(page, site.url('docs/intro'));
      await page.evaluate(() => (document.querySelector('a[href="/sdk/docs/getting-started/configuration"]') as HTMLAnchorElement).click());
      await page.waitForURL('**/docs/getting-started/configuration');
      await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
      expect(await page.locator('details.toc-mobile').count()).toBe(1);
      const title = (await page.locator('h1').first().boundingBox())!;
      expect((await page.locator('details.toc-mobile').boundingBox())!.y).toBeGreaterThanOrEqual(title.y + title.height);
    });
  });
});
