import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collapseDuration } from '../../templates/Collapsible.js';
import { chromiumPath } from '../helpers/browser.js';
import { exampleSiteDir } from '../helpers/site.js';
import { eventually, gotoHydrated, routeRendered, settled, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

const toggleLabel = (mode: string) => `Switch between dark and light mode (currently ${mode} mode)`;
const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const storageBlockedScript = () =>
  Object.defineProperty(window, 'localStorage', {
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });

describe.skipIf(!chromiumPath)('client runtime: theme behaviour on the example site', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(exampleSiteDir, '/sdk/', { sharedBuild: true });
  });
  afterAll(async () => {
    await site?.close();
  });

  describe('colour mode', () => {
    it('starts light, switches, stores the choice under "theme" and reloads dark without a light flash', async () => {
      const { page, problems } = await site.open({ colorScheme: 'light' });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { __firstTheme: string | null }).__firstTheme = document.documentElement.getAttribute('data-theme');
        });
      });
      await gotoHydrated(page, site.url('docs/intro'));
      expect(await theme(page)).toBe('light');
      await page.getByRole('button', { name: toggleLabel('light') }).click();
      expect(await theme(page)).toBe('dark');
      await page.getByRole('button', { name: toggleLabel('dark') }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await gotoHydrated(page, site.url('docs/intro'));
      expect(await page.evaluate(() => (window as unknown as { __firstTheme: string }).__firstTheme)).toBe('dark');
      await page.getByRole('button', { name: toggleLabel('dark') }).waitFor();
      expect(problems).toEqual([]);
    });

    it('follows the system preference while nothing is stored, also when it changes', async () => {
      const { page, problems } = await site.open({ colorScheme: 'dark' });
      await gotoHydrated(page, site.url(''));
      expect(await theme(page)).toBe('dark');
      await page.getByRole('button', { name: toggleLabel('dark') }).waitFor();
      await page.emulateMedia({ colorScheme: 'light' });
      await eventually(() => theme(page)).toBe('light');
      await page.getByRole('button', { name: toggleLabel('light') }).waitFor();
      // A stored choice wins over the system.
      await page.getByRole('button', { name: toggleLabel('light') }).click();
      await page.emulateMedia({ colorScheme: 'light' });
      await settled(page);
      expect(await theme(page)).toBe('dark');
      expect(problems).toEqual([]);
    });

    it('keeps working with a console error when browser storage is unavailable', async () => {
      const { page, problems } = await site.open({ colorScheme: 'light' });
      await page.addInitScript(storageBlockedScript);
      await gotoHydrated(page, site.url('docs/intro'));
      await page.getByRole('button', { name: toggleLabel('light') }).click();
      expect(await theme(page)).toBe('dark');
      expect(problems.some((problem) => problem.startsWith('error:') && /storage is unavailable/.test(problem))).toBe(true);
    });
  });

  it('hides the navbar while scrolling down and shows it when scrolling up or at the top (hideOnScroll)', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 700 } });
    await gotoHydrated(page, site.url('docs/getting-started/installation'));
    const hidden = () => page.evaluate(() => document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
    for (const y of [200, 400, 600]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await settled(page);
    }
    await eventually(hidden).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 500));
    await eventually(hidden).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 900));
    await eventually(hidden).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await eventually(hidden).toBe(false);
  });

  describe('mobile layout below 996 px', () => {
    it('opens a menu with the docs sidebar, goes back to the main menu, closes, and closes on navigation', async () => {
      const { page, problems } = await site.open({ viewport: { width: 390, height: 844 } });
      await gotoHydrated(page, site.url('docs/getting-started/installation'));
      const menu = page.locator('.navbar-sidebar');
      expect(await menu.count()).toBe(0);
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await menu.waitFor();
      await menu.getByRole('link', { name: 'Configuration' }).waitFor();
      await menu.getByRole('button', { name: '← Back to main menu' }).click();
      await menu.getByRole('link', { name: 'API' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Docs' }).count()).toBe(1);
      await page.getByRole('button', { name: 'Close navigation bar' }).click();
      await menu.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await menu.getByRole('link', { name: 'Quick Start' }).click();
      await page.waitForURL('**/docs/getting-started/quick-start');
      await menu.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
    });

    it('shows the navbar items, not the sidebar, in the desktop navbar’s place', async () => {
      const { page } = await site.open({ viewport: { width: 390, height: 844 } });
      await gotoHydrated(page, site.url('docs/intro'));
      expect(await page.locator('.doc-sidebar').isVisible()).toBe(false);
      expect(await page.locator('.navbar-items-left > .navbar-item').first().isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Toggle navigation bar' }).isVisible()).toBe(true);
    });
  });

  describe('sidebar categories', () => {
    const category = (page: Page, label: string) => page.locator('.doc-sidebar .menu-item-category', { has: page.locator(`.menu-category-link:text-is("${label}")`) });

    it('opens the active page’s category, renders collapsed ones on demand with an animated height', async () => {
      const { page, problems } = await site.open();
      await gotoHydrated(page, site.url('docs/getting-started/installation'));
      const advanced = category(page, 'Advanced');
      expect(await category(page, 'Getting Started').locator('.menu-collapsible a').count()).toBeGreaterThan(3);
      expect(await advanced.locator('.menu-collapsible').count()).toBe(0);
      await advanced.getByRole('button', { name: "Expand sidebar category 'Advanced'" }).click();
      const list = advanced.locator('.menu-collapsible');
      await list.getByRole('link', { name: 'Error Handling' }).waitFor();
      const height = await list.evaluate((element) => element.scrollHeight);
      expect(await list.evaluate((element) => element.style.transition)).toContain(`${collapseDuration(height)}ms`);
      await advanced.getByRole('button', { name: "Collapse sidebar category 'Advanced'" }).click();
      await eventually(() => list.evaluate((element) => element.style.display)).toBe('none');
      expect(problems).toEqual([]);
    });

    it('animates in 1 ms when reduced motion is preferred', async () => {
      const { page } = await site.open({ reducedMotion: 'reduce' });
      await gotoHydrated(page, site.url('docs/intro'));
      const wrapper = category(page, 'Playkit SDK Wrapper');
      await wrapper.getByRole('button', { name: /^Expand/ }).click();
      const list = wrapper.locator('.menu-collapsible');
      await list.getByRole('link', { name: 'Overview' }).waitFor();
      expect(await list.evaluate((element) => element.style.transition)).toMatch(/height (1ms|0\.001s)/);
    });

    it('does not collapse categories by itself when another page opens', async () => {
      const { page } = await site.open();
      await gotoHydrated(page, site.url('docs/getting-started/installation'));
      await category(page, 'Advanced').getByRole('button', { name: /^Expand/ }).click();
      await page.locator('.doc-sidebar a[href="/sdk/docs/advanced/error-handling"]').click();
      await page.waitForURL('**/docs/advanced/error-handling');
      await routeRendered(page, '/docs/advanced/error-handling');
      await settled(page);
      expect(await category(page, 'Getting Started').getAttribute('class')).not.toContain('menu-item-collapsed');
      expect(await category(page, 'Getting Started').locator('.menu-collapsible').isVisible()).toBe(true);
    });
  });

  it('copies a code block with its copy button (shown only with JavaScript)', async () => {
    const { context, page } = await site.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url()).origin });
    await gotoHydrated(page, site.url('docs/getting-started/installation'));
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
    const block = page.locator('.code-block').first();
    const button = block.locator('button.code-copy-button');
    expect(await button.evaluate((element) => getComputedStyle(element).display)).not.toBe('none');
    await block.hover();
    await button.click();
    await eventually(() => button.innerText()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await block.locator('pre code').innerText());

    const { page: staticPage } = await site.open({ javaScriptEnabled: false });
    await staticPage.goto(site.url('docs/getting-started/installation'));
    expect(await staticPage.locator('button.code-copy-button').first().evaluate((element) => getComputedStyle(element).display)).toBe('none');
  });

  it('highlights the table-of-contents entry of the heading being read', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, site.url('docs/getting-started/installation'));
    await page.evaluate(() => document.getElementById('bundler-notes')!.scrollIntoView());
    await eventually(() => page.locator('.toc .toc-link-active').getAttribute('href')).toBe('#bundler-notes');
    await page.evaluate(() => document.getElementById('requirements')!.scrollIntoView());
    await eventually(() => page.locator('.toc .toc-link-active').getAttribute('href')).toBe('#requirements');
  });

  describe('docs plugin', () => {
    it('saves the preferred docs version per docs plugin and discards one that no longer exists', async () => {
      const { page } = await site.open();
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('docs-preferred-version-default', '0.9');
        }
      });
      await gotoHydrated(page, site.url(''));
      expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
      await gotoHydrated(page, site.url('docs/intro'));
      expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    });

    /** Serves the route file of `path` with `change` applied to its data. */
    async function alterRoute(page: Page, path: string, change: Record<string, unknown>) {
      await page.route('**/assets/routes/*.json', async (route) => {
        const response = await route.fetch();
        const data = await response.json();
        await route.fulfill({ response, json: data.path === path ? { ...data, ...change } : data });
      });
    }

    it.each([
      ['a sidebar id that does not exist', '/sdk/docs/getting-started/configuration', { sidebar: 'ghostSidebar' }, /can't find any sidebar with id "ghostSidebar"/],
      ['a doc id that does not exist', '/sdk/docs/getting-started/configuration', { docId: 'ghost/doc' }, /couldn't find any doc with id "ghost\/doc"/],
      ['a docs route outside every docs plugin', '/sdk/', { kind: 'doc', docId: 'intro' }, /no active docs plugin found for the path "\/sdk\/"/],
    ])('reports %s on the console and keeps the page working', async (_name, path, change, message) => {
      const { page, problems } = await site.open();
      await alterRoute(page, path, change);
      await gotoHydrated(page, site.url('docs/intro'));
      await page.locator(`a[href="${path}"]`).first().click();
      await page.waitForURL(`**${path}`);
      await eventually(() => problems.filter((problem) => problem.startsWith('error:') && message.test(problem))).toHaveLength(1);
      expect(await page.locator('[data-route-content]').count()).toBe(1);
    });
  });

  it('shows a banner suggesting the right base URL when served outside it', async () => {
    const elsewhere = await site.serveAt('/');
    const { page } = await site.open();
    await page.goto(`${elsewhere.url}docs/intro`);
    const banner = page.locator('.base-url-banner[role="alert"]');
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain('Your site did not load properly.');
    expect(text).toContain('We suggest trying baseUrl = /');
    expect(text).toContain('baseUrl = /sdk/');
    const { page: right } = await site.open();
    await gotoHydrated(right, site.url('docs/intro'));
    expect(await right.locator('.base-url-banner').count()).toBe(0);
  });
});
