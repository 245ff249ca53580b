import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, markRealm, realmSurvived, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

const menuVisible = (page: Page) => page.locator('.navbar-dropdown .dropdown-menu').isVisible();
const expanded = (page: Page) => page.locator('.navbar-dropdown [aria-haspopup]').getAttribute('aria-expanded');

describe.skipIf(!chromiumPath)('client runtime: announcement bar, dropdowns and custom React pages (fixture)', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('client-features'), '/kit/');
  });
  afterAll(async () => {
    await site?.close();
  });

  describe('announcement bar', () => {
    it('closes, stays closed on reload without showing first, and comes back when its id changes', async () => {
      const { page, problems } = await site.open();
      await gotoHydrated(page, site.url('docs/intro'));
      const bar = page.locator('.announcement-bar');
      expect(await bar.innerText()).toContain('Client Kit 2 is out!');
      await bar.getByRole('button', { name: 'Close' }).click();
      await bar.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('announcement-bar-dismissed'))).toBe('launch-2');

      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const bar = document.querySelector('.announcement-bar');
          (window as unknown as { __barShown: boolean }).__barShown = Boolean(bar && getComputedStyle(bar).display !== 'none');
        });
      });
      await gotoHydrated(page, site.url('docs/intro'));
      expect(await page.evaluate(() => (window as unknown as { __barShown: boolean }).__barShown)).toBe(false);
      expect(await bar.count()).toBe(0);

      // A bar with another id (the site published a new one) shows again.
      await page.evaluate(() => localStorage.setItem('announcement-bar-dismissed', 'launch-1'));
      await gotoHydrated(page, site.url('docs/intro'));
      expect(await bar.isVisible()).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  describe('navbar dropdown', () => {
    it('opens on hover', async () => {
      const { page } = await site.open();
      await gotoHydrated(page, site.url('docs/intro'));
      expect(await menuVisible(page)).toBe(false);
      await page.hover('.navbar-dropdown > a');
      await eventually(() => menuVisible(page)).toBe(true);
      await page.mouse.move(600, 500);
      await eventually(() => menuVisible(page)).toBe(false);
    });

    it('opens on click and closes on a click, a touch or focus outside', async () => {
      const { page } = await site.open({ hasTouch: true });
      await gotoHydrated(page, site.url('docs/intro'));
      const toggle = page.locator('.navbar-dropdown > a');
      await toggle.click();
      expect(await expanded(page)).toBe('true');
      await page.mouse.move(600, 500);
      expect(await menuVisible(page)).toBe(true);
      await page.mouse.click(600, 500);
      await eventually(() => expanded(page)).toBe('false');

      await toggle.click();
      await page.mouse.move(600, 500);
      await page.dispatchEvent('[data-route-content]', 'touchstart');
      await eventually(() => expanded(page)).toBe('false');

      await toggle.click();
      await page.mouse.move(600, 500);
      await page.focus('.navbar-brand');
      await eventually(() => expanded(page)).toBe('false');
      await eventually(() => menuVisible(page)).toBe(false);
    });

    it('works with the keyboard', async () => {
      const { page } = await site.open();
      await gotoHydrated(page, site.url('docs/intro'));
      await page.focus('.navbar-dropdown > a');
      await page.keyboard.press('Enter');
      expect(await expanded(page)).toBe('true');
      await eventually(() => menuVisible(page)).toBe(true);
      await page.keyboard.press('ArrowDown');
      await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Widget');
      await page.keyboard.press('Escape');
      expect(await expanded(page)).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('true');
      await page.keyboard.press(' ');
      expect(await expanded(page)).toBe('true');
      // As after Enter above: the menu's links take the focus once it is shown, not while it opens.
      await eventually(() => menuVisible(page)).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/kit/widget');
    });
  });

  describe('custom React page', () => {
    it('hydrates its component and runs it after client-side navigation too', async () => {
      const { page, problems } = await site.open();
      await gotoHydrated(page, site.url('widget'));
      await page.getByRole('button', { name: 'Clicked 0 times' }).click();
      await page.getByRole('button', { name: 'Clicked 1 times' }).waitFor();
      await gotoHydrated(page, site.url('docs/intro'));
      await markRealm(page);
      await page.click('[data-route-content] a[href="/kit/widget"]');
      await page.getByRole('button', { name: 'Clicked 0 times' }).click();
      await page.getByRole('button', { name: 'Clicked 1 times' }).waitFor();
      expect(await realmSurvived(page)).toBe(true);
      expect(problems).toEqual([]);
    });

    it('shows the crash screen with the message chain and title Page Error; Try again recovers', async () => {
      const { page } = await site.open();
      await gotoHydrated(page, site.url('widget'));
      await page.getByRole('button', { name: 'Break this page' }).click();
      const crash = page.locator('.page-crash[role="alert"]');
      await crash.getByRole('heading', { name: 'This page crashed.' }).waitFor();
      const messages = await crash.locator('.page-crash-message').allInnerTexts();
      expect(messages).toEqual(['The widget failed to render', 'Cause: Its settings are missing']);
      expect(await page.title()).toBe('Page Error');
      await crash.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('button', { name: 'Clicked 0 times' }).waitFor();
      expect(await page.title()).toBe('Widget | Client Kit');
    });
  });
});
