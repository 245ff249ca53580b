import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAxeServer, type AxeServer } from '../helpers/axe.js';
import { chromiumPath } from '../helpers/browser.js';
import { exampleSiteDir } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

// What a reader of the example site meets besides the content: the rough edges issue 31 lists.

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const desktop = { viewport: { width: 1280, height: 900 } };

/** Paths (`/sdk/docs/intro`) of the sitemap's URLs. */
async function sitemapPaths(outDir: string): Promise<string[]> {
  const sitemap = await readFile(path.join(outDir, 'sdk', 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** Stores the colour mode the way the toggle does, before any script of the page runs. */
async function storeColourMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.context().addInitScript((stored) => localStorage.setItem('theme', stored), mode);
}

/** The relative luminance (WCAG) of each colour in a computed CSS value, `rgb()` or `color(srgb …)`. */
function luminances(cssValue: string): number[] {
  const channels = [...cssValue.matchAll(/rgba?\(([^)]+)\)/g)].map((match) => match[1]!.split(/[\s,/]+/).slice(0, 3).map((part) => Number(part) / 255));
  channels.push(...[...cssValue.matchAll(/color\(srgb ([^)]+)\)/g)].map((match) => match[1]!.split(/\s+/).slice(0, 3).map(Number)));
  return channels.map((rgb) => {
    const [r, g, b] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

describe.skipIf(!chromiumPath)('reader polish on the example site', () => {
  let site: SiteUnderTest;
  let axe: AxeServer;
  beforeAll(async () => {
    [site, axe] = await Promise.all([startSiteUnderTest(exampleSiteDir, '/sdk/', { sharedBuild: true }), startAxeServer()]);
  }, 300_000);
  afterAll(async () => {
    await site?.close();
    await axe?.close();
  });

  describe('heading anchors', () => {
    const opacities = (page: Page) => page.locator('.markdown .hash-link').evaluateAll((links) => links.map((link) => getComputedStyle(link).opacity));

    it('are hidden at rest on a touch screen, and shown when their heading is tapped or they have focus', async () => {
      const { page } = await site.open(phone);
      await gotoHydrated(page, site.url('docs/getting-started/installation'));
      const all = await opacities(page);
      expect(all.length).toBeGreaterThan(2);
      expect(new Set(all)).toEqual(new Set(['0']));

      const heading = page.locator('.markdown h2').nth(1);
      const anchor = heading.locator('.hash-link');
      await anchor.focus();
      await eventually(() => anchor.evaluate((link) => getComputedStyle(link).opacity)).toBe('1');
      await anchor.blur();
      await eventually(() => anchor.evaluate((link) => getComputedStyle(link).opacity)).toBe('0');
      await heading.tap({ position: { x: 5, y: 5 } });
      await eventually(() => anchor.evaluate((link) => getComputedStyle(link).opacity)).toBe('1');
    });

    it('leave no link told from its text by colour alone (axe link-in-text-block) on any page, at 390 and 1280 px, in both modes', async () => {
      const paths = await sitemapPaths(site.outDir);
      expect(paths.length).toBeGreaterThan(20);
      const sizes = [['390 px', phone], ['1280 px', desktop]] as const;
      const settings = sizes.flatMap(([size, options]) => (['light', 'dark'] as const).map((mode) => ({ size, options, mode })));
      // The four settings side by side, one context and page each: one page's load overlaps another's axe run.
      const bySetting = await Promise.all(
        settings.map(async ({ size, options, mode }) => {
          const { page } = await site.open({ ...options, colorScheme: mode });
          await storeColourMode(page, mode);
          const found: string[] = [];
          for (const pagePath of paths) {
            await page.goto(new URL(pagePath, site.server.url).href, { waitUntil: 'load' });
            await axe.inject(page);
            const targets = await page.evaluate(async () => {
              const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { nodes: { target: unknown[] }[] }[] }> } }).axe;
              const results = await axe.run(document, { runOnly: { type: 'rule', values: ['link-in-text-block'] }, resultTypes: ['violations'] });
              return results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
            });
            found.push(...targets.map((target) => `${size} ${mode} ${pagePath}: ${target}`));
          }
          await page.close();
          return found;
        }),
      );
      const violations = bySetting.flat();
      expect(violations.slice(0, 10)).toEqual([]);
      expect(violations.length).toBe(0);
    }, 600_000);
  });

  describe('landing page hero', () => {
    it('takes the dark palette in dark mode: a dark background under light text, not bright lavender', async () => {
      const { page } = await site.open({ ...desktop, colorScheme: 'dark' });
      await storeColourMode(page, 'dark');
      await gotoHydrated(page, site.url());
      const hero = page.locator('.landing-hero');
      const style = await hero.evaluate((element) => ({ background: getComputedStyle(element).backgroundImage, text: getComputedStyle(element).color }));
      const backgrounds = luminances(style.background);
      expect(backgrounds.length, style.background).toBeGreaterThan(1);
      for (const luminance of backgrounds) expect(luminance, style.background).toBeLessThan(0.1);
      expect(luminances(style.text)[0], style.text).toBeGreaterThan(0.5);
    });

    it('keeps the primary colour gradient in light mode', async () => {
      const { page } = await site.open({ ...desktop, colorScheme: 'light' });
      await storeColourMode(page, 'light');
      await gotoHydrated(page, site.url());
      const background = await page.locator('.landing-hero').evaluate((element) => getComputedStyle(element).backgroundImage);
      expect(background).toContain('linear-gradient');
      expect(luminances(background).every((luminance) => luminance > 0.05 && luminance < 0.5)).toBe(true);
    });
  });

  describe('search excerpts of API pages', () => {
    it('keep a type apart from its description and show no badge or member-group title', async () => {
      const { page } = await site.open(desktop);
      const excerpts: string[] = [];
      for (const query of ['limit in milliseconds', 'error specific data', 'balance in minor units']) {
        await gotoHydrated(page, `${site.url('search')}?q=${encodeURIComponent(query)}`);
        const results = page.locator('.search-page-results > li');
        await eventually(() => results.count()).toBeGreaterThan(0);
        excerpts.push(...(await results.allInnerTexts()));
      }
      const text = excerpts.join('\n');
      expect(text).toContain('number The limit in milliseconds');
      expect(text).not.toMatch(/\b(?:number|string|boolean|void)[A-Z]/);
      expect(text).not.toMatch(/\bInherited\b/);
    });
  });
});
