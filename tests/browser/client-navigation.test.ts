import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { exampleSiteDir } from '../helpers/site.js';
import { eventually, gotoHydrated, markRealm, realmSurvived, routeEvents, settled, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

/** Turns link prefetching off (data saving), so that requests seen are the navigation's own. */
const saveDataScript = () => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });

function heading(page: Page): Promise<string> {
  return page.locator('[data-route-content] h1').first().innerText();
}

/** Adds a link outside the app root (the router's click handler is delegated) and clicks it. */
async function clickInjectedLink(page: Page, href: string): Promise<void> {
  await page.evaluate((target) => {
    const anchor = document.createElement('a');
    anchor.href = target;
    anchor.textContent = 'injected';
    anchor.id = 'injected-link';
    anchor.style.cssText = 'position:fixed;bottom:0;left:0;z-index:9999;background:#fff';
    document.body.appendChild(anchor);
  }, href);
  await page.click('#injected-link');
}

describe.skipIf(!chromiumPath)('client runtime: hydration, navigation, loading', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(exampleSiteDir, '/sdk/', { sharedBuild: true });
  });
  afterAll(async () => {
    await site?.close();
  });

  it.each([
    ['landing page', ''],
    ['docs page', 'docs/getting-started/installation'],
    ['category page', 'docs/category/getting-started'],
    ['404 page', '404.html'],
  ])('hydrates the %s with a clean console', async (_name, path) => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url(path));
    await settled(page);
    expect(problems).toEqual([]);
    expect(await routeEvents(page)).toHaveLength(1);
  });

  it('hydrates the 404 page of an unknown path and keeps that address', async () => {
    const { page, problems } = await site.open();
    await gotoHydrated(page, site.url('docs/no-such-page'));
    expect(await page.title()).toMatch(/^Page Not Found/);
    expect(new URL(page.url()).pathname).toBe('/sdk/docs/no-such-page');
    // The only complaint is the browser's note that the document itself answered 404.
    expect(problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
  });

  it('ships the first route without its HTML twice and without the full sidebar', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('docs/getting-started/installation'));
    const boot = await page.evaluate(() => JSON.parse(document.getElementById('__sdkdocs-data')!.textContent!));
    expect(boot.route.html).toBeUndefined();
    expect(boot.site.docsVersion.docs).toBeUndefined();
    const advanced = boot.sidebars.docsSidebar.find((item: { label: string }) => item.label === 'Advanced');
    expect(advanced).toMatchObject({ items: [], itemsOmitted: true });
  });

  it('navigates on internal link clicks without a full page load; title, focus and the event follow', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('docs/getting-started/installation'));
    await markRealm(page);
    await page.click('.doc-sidebar a[href="/sdk/docs/getting-started/configuration"]');
    await page.waitForURL('**/sdk/docs/getting-started/configuration');
    await eventually(() => heading(page)).toBe('Configuration');
    expect(await realmSurvived(page)).toBe(true);
    expect(await page.title()).toBe('Configuration | Playkit');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__main-content');
    expect(await page.evaluate(() => document.querySelector('[aria-live="assertive"]')?.textContent)).toBe('Configuration | Playkit');
    expect((await routeEvents(page)).at(-1)).toEqual({ path: '/sdk/docs/getting-started/configuration', search: '', hash: '' });
  });

  it('fetches only the new route’s data file on a later navigation', async () => {
    const { page } = await site.open();
    await page.addInitScript(saveDataScript);
    await gotoHydrated(page, site.url('docs/getting-started/installation'));
    // The first navigation also loads the manifest shard once; count the second one.
    await page.click('.doc-sidebar a[href="/sdk/docs/getting-started/configuration"]');
    await eventually(() => heading(page)).toBe('Configuration');
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.click('.doc-sidebar a[href="/sdk/docs/getting-started/quick-start"]');
    await eventually(() => heading(page)).toBe('Quick Start');
    // Only data and documents count: the runtime may load a chunk of its own on demand (the
    // progress bar on a slow machine), and the browser may ask for the favicon again.
    const urls = requests
      .filter((request) => ['document', 'fetch', 'xhr', 'stylesheet'].includes(request.resourceType()))
      .map((request) => new URL(request.url()).pathname);
    expect(urls, urls.join(', ')).toHaveLength(1);
    expect(urls[0]).toMatch(/^\/sdk\/assets\/routes\/[0-9a-z]{6}\.[0-9a-f]{8}\.json$/);
    expect(requests.some((request) => request.resourceType() === 'document')).toBe(false);
  });

  it('goes back and forward between client-side routes', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    await markRealm(page);
    await page.click('.pagination-link-next');
    await eventually(() => page.title()).not.toBe('Introduction | Playkit');
    const second = page.url();
    await page.goBack();
    await eventually(() => heading(page)).toBe('Introduction');
    expect(page.url()).toBe(site.url('docs/intro'));
    await page.goForward();
    await eventually(() => page.url()).toBe(second);
    await eventually(() => page.title()).not.toBe('Introduction | Playkit');
    expect(await realmSurvived(page)).toBe(true);
  });

  it('replaces .html and /index.html addresses by the clean path', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('docs/intro/index.html'));
    expect(new URL(page.url()).pathname).toBe('/sdk/docs/intro');
    await clickInjectedLink(page, '/sdk/docs/getting-started/installation.html');
    await eventually(() => heading(page)).toBe('Installation');
    expect(new URL(page.url()).pathname).toBe('/sdk/docs/getting-started/installation');
  });

  it('scrolls to the hash target after a route change, and to the top without one', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    await clickInjectedLink(page, '/sdk/docs/getting-started/installation#bundler-notes');
    await eventually(() => heading(page)).toBe('Installation');
    await eventually(() => page.evaluate(() => Math.round(document.getElementById('bundler-notes')!.getBoundingClientRect().top))).toBeLessThan(150);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await routeEvents(page)).at(-1)?.hash).toBe('#bundler-notes');
    await page.click('.pagination-link-next');
    await eventually(() => heading(page)).toBe('Configuration');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('leaves modified clicks, new-window links and downloads to the browser', async () => {
    const { context, page } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    const opened = context.waitForEvent('page');
    await page.click('.doc-sidebar a[href="/sdk/docs/category/getting-started"]', { modifiers: ['Control'] });
    await (await opened).close();
    expect(new URL(page.url()).pathname).toBe('/sdk/docs/intro');
    const external = await page.locator('.navbar a[href^="https://github.com"]').first().getAttribute('target');
    expect(external).toBe('_blank');
  });

  it('shows the spinner and the progress bar only when loading takes over 200 ms', async () => {
    const { page } = await site.open();
    await page.addInitScript(() => {
      const seen: Record<string, boolean> = ((window as unknown as { __seen: Record<string, boolean> }).__seen = {});
      const timing: { clickedAt?: number; shownAt?: number } = ((window as unknown as { __timing: { clickedAt?: number; shownAt?: number } }).__timing = {});
      new MutationObserver(() => {
        if (document.querySelector('.route-spinner')) seen.spinner = true;
        if (document.querySelector('.progress-bar')) seen.progress = true;
        if (timing.clickedAt !== undefined && timing.shownAt === undefined && document.querySelector('h1')?.textContent === 'Getting Started') timing.shownAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await gotoHydrated(page, site.url('docs/intro'));
    await page.evaluate(() => ((window as unknown as { __timing: { clickedAt?: number } }).__timing.clickedAt = performance.now()));
    await page.click('.doc-sidebar a[href="/sdk/docs/category/getting-started"]');
    await eventually(() => heading(page)).toBe('Getting Started');
    // A page that arrived within 200 ms showed neither; on a machine so loaded that it took longer,
    // showing them was right, and the held load below is what tests that they appear.
    const took = await page.evaluate(() => {
      const { clickedAt, shownAt } = (window as unknown as { __timing: { clickedAt: number; shownAt?: number } }).__timing;
      return (shownAt ?? performance.now()) - clickedAt;
    });
    if (took < 200) expect(await page.evaluate(() => (window as unknown as { __seen: object }).__seen)).toEqual({});

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/routes/*.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.click('.pagination-link-next');
    await page.locator('.route-spinner[role="status"]').waitFor({ state: 'visible' });
    const bar = page.locator('.progress-bar');
    await bar.waitFor({ state: 'attached' });
    const start = Number(await bar.getAttribute('aria-valuenow'));
    expect(start).toBeGreaterThanOrEqual(0.08);
    await eventually(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(start);
    release();
    await eventually(() => heading(page)).toBe('Installation');
    await page.locator('.route-spinner').waitFor({ state: 'detached' });
    await bar.waitFor({ state: 'detached' });
    await page.unroute('**/assets/routes/*.json');
  });

  it('shows a red error box with Retry when a route file fails, and Retry loads it', async () => {
    const { page } = await site.open();
    await page.addInitScript(saveDataScript);
    await gotoHydrated(page, site.url('docs/intro'));
    await page.route('**/assets/routes/*.json', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.click('.pagination-link-next');
    const box = page.locator('.route-error[role="alert"]');
    await box.waitFor({ state: 'visible' });
    expect(await box.innerText()).toContain('This page could not be loaded.');
    expect(await box.evaluate((element) => getComputedStyle(element).color)).toMatch(/rgb\((2\d\d), (\d+), (\d+)\)/);
    await page.unroute('**/assets/routes/*.json');
    await box.getByRole('button', { name: 'Retry' }).click();
    await eventually(() => heading(page)).toBe('Getting Started');
    await box.waitFor({ state: 'detached' });
  });

  it('reloads the page when a route cannot be loaded at all', async () => {
    const { page } = await site.open();
    await page.route('**/assets/data/routes-*.json', (route) => route.abort());
    await gotoHydrated(page, site.url('docs/intro'));
    await markRealm(page);
    await page.click('.pagination-link-next');
    await eventually(() => realmSurvived(page).catch(() => false)).toBe(false);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/sdk/docs/category/getting-started');
    await eventually(() => heading(page)).toBe('Getting Started');
  });

  it('lets the server answer paths that are not routes (full load of its 404 page)', async () => {
    const { page } = await site.open();
    await gotoHydrated(page, site.url('docs/intro'));
    await markRealm(page);
    await clickInjectedLink(page, '/sdk/docs/not-a-page');
    await eventually(() => page.title()).toMatch(/^Page Not Found/);
    expect(await realmSurvived(page)).toBe(false);
  });

  describe('prefetching', () => {
    /** The data file URL of a route, from the page's own route manifest. */
    async function routeFile(page: Page, path: string): Promise<string> {
      return page.evaluate(async (routePath) => {
        const boot = JSON.parse(document.getElementById('__sdkdocs-data')!.textContent!);
        for (const url of boot.files.routeManifest as string[]) {
          const shard = await (await fetch(url)).json();
          if (shard[routePath]) return `/sdk/assets/routes/${shard[routePath]}.json`;
        }
        throw new Error(`no route file for ${routePath}`);
      }, path);
    }
    const prefetchLinks = (page: Page) =>
      page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => new URL(link.href).pathname));

    it('prefetches the routes of links in view, each once', async () => {
      const { page } = await site.open();
      await gotoHydrated(page, site.url('docs/getting-started/installation'));
      const configuration = await routeFile(page, '/sdk/docs/getting-started/configuration');
      await eventually(() => prefetchLinks(page)).toContain(configuration);
      const links = await prefetchLinks(page);
      expect(new Set(links).size).toBe(links.length);
      expect(links.every((link) => link.startsWith('/sdk/assets/routes/'))).toBe(true);
    });

    it('prefetches a hovered link’s route', async () => {
      const { page } = await site.open();
      // Without IntersectionObserver only hovering can trigger it.
      await page.addInitScript(() => {
        (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
          observe() {}
          unobserve() {}
          disconnect() {}
        };
      });
      await gotoHydrated(page, site.url('docs/intro'));
      const target = await routeFile(page, '/sdk/docs/category/advanced');
      await settled(page);
      expect(await prefetchLinks(page)).not.toContain(target);
      await page.hover('.doc-sidebar a[href="/sdk/docs/category/advanced"]');
      await eventually(() => prefetchLinks(page)).toContain(target);
      await page.hover('.navbar-brand');
      await page.hover('.doc-sidebar a[href="/sdk/docs/category/advanced"]');
      await settled(page);
      expect((await prefetchLinks(page)).filter((link) => link === target)).toHaveLength(1);
    });

    it('uses a plain GET where link prefetch is unsupported', async () => {
      const { page } = await site.open();
      await page.addInitScript(() => {
        const supports = DOMTokenList.prototype.supports;
        DOMTokenList.prototype.supports = function (token: string) {
          return token === 'prefetch' ? false : supports.call(this, token);
        };
      });
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/assets/routes/') && request.resourceType() === 'fetch') fetched.push(request.url());
      });
      await gotoHydrated(page, site.url('docs/getting-started/installation'));
      await eventually(() => fetched.length).toBeGreaterThan(0);
      expect(await prefetchLinks(page)).toEqual([]);
    });

    it.each([
      ['data saving is on', { saveData: true, effectiveType: '4g' }],
      ['the connection is 2g', { saveData: false, effectiveType: '2g' }],
    ])('never prefetches when %s', async (_name, connection) => {
      const { page } = await site.open();
      await page.addInitScript((value) => Object.defineProperty(navigator, 'connection', { value }), connection);
      const routeRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/assets/routes/')) routeRequests.push(request.url());
      });
      await gotoHydrated(page, site.url('docs/getting-started/installation'));
      await page.hover('.doc-sidebar a[href="/sdk/docs/getting-started/configuration"]');
      await settled(page);
      expect(await prefetchLinks(page)).toEqual([]);
      expect(routeRequests).toEqual([]);
    });
  });
});
