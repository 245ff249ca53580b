import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRenderedEvent } from '../../src/shared/client-data.js';
import { inLanes, startAxeServer, type AxeServer } from '../helpers/axe.js';
import { chromiumPath } from '../helpers/browser.js';
import { exampleSiteDir } from '../helpers/site.js';
import { startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

/** WCAG 2.1 A and AA, plus axe's best practices: every rule of these must pass on every page. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const colourModes = ['light', 'dark'] as const;
/** Pages checked at once per colour mode: one page's load and hydration overlap another's axe run. */
const lanesPerMode = 2;

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
}

/** Paths (`/sdk/docs/intro`) of the sitemap's URLs, which name the production origin. */
async function sitemapPaths(outDir: string): Promise<string[]> {
  const sitemap = await readFile(path.join(outDir, 'sdk', 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** Pages whose stored colour mode is `mode`, set the way the toggle stores it, before any script runs. */
async function pagesInMode(site: SiteUnderTest, mode: (typeof colourModes)[number], count: number): Promise<{ context: BrowserContext; pages: Page[] }> {
  const { context, page } = await site.open({ colorScheme: mode === 'dark' ? 'light' : 'dark' });
  await context.addInitScript(
    ({ stored, event }) => {
      localStorage.setItem('theme', stored);
      window.addEventListener(event, () => ((window as unknown as { __hydrated: boolean }).__hydrated = true));
    },
    { stored: mode, event: routeRenderedEvent },
  );
  const pages = [page];
  while (pages.length < count) pages.push(await context.newPage());
  return { context, pages };
}

describe.skipIf(!chromiumPath)('accessibility: axe-core on every page of the example site', () => {
  let site: SiteUnderTest;
  let axe: AxeServer;
  beforeAll(async () => {
    [site, axe] = await Promise.all([startSiteUnderTest(exampleSiteDir, '/sdk/', { sharedBuild: true }), startAxeServer()]);
  }, 300_000);
  afterAll(async () => {
    await site?.close();
    await axe?.close();
  });

  it('finds no violation of WCAG 2.1 AA or best practice on any page of the sitemap, in light and dark mode', async () => {
    const paths = await sitemapPaths(site.outDir);
    expect(paths).toContain('/sdk/');
    expect(paths).toContain('/sdk/api/class/PlaykitSdk');
    // The not-found page is not in the sitemap, but readers land on it.
    paths.push('/sdk/no-such-page');
    // Nor is the search results page, which fills itself from its query string.
    paths.push('/sdk/search?q=launcher');
    // The modes side by side, each in its own context: the stored choice is per context.
    const byMode = await Promise.all(
      colourModes.map(async (mode) => {
        // The opposite system preference, so that only the stored choice can give the mode checked.
        const { pages } = await pagesInMode(site, mode, lanesPerMode);
        const byPage = await inLanes(paths, pages, async (pagePath, page) => {
          await page.goto(new URL(pagePath, site.server.url).href, { waitUntil: 'load' });
          // Checked once hydrated, so that what the client adds (search box, copy buttons) is checked too.
          await page.waitForFunction(() => (window as unknown as { __hydrated?: boolean }).__hydrated === true);
          if (pagePath.startsWith('/sdk/search?')) await page.locator('.search-page-results > li').first().waitFor();
          expect(await page.evaluate(() => document.documentElement.dataset.theme), `${pagePath} in ${mode} mode`).toBe(mode);
          await axe.inject(page);
          const results = await page.evaluate(
            (tags) => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
            axeTags,
          );
          return results.violations.map((violation) => {
            const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
            return `${mode} ${pagePath}: ${violation.id} (${violation.impact}) at ${targets}`;
          });
        });
        return byPage.flat();
      }),
    );
    const violations = byMode.flat();
    expect(violations).toEqual([]);
  }, 600_000);
});
