import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBuiltSite } from '../../src/links/check-built-site.js';
import { chromiumPath } from '../helpers/browser.js';
import { copySite, exampleSiteDir, fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

describe.skipIf(!chromiumPath)('names in code samples: links to the API and their popovers (example site)', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(exampleSiteDir, '/sdk/', { sharedBuild: true });
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  /** Where the popover of a link is, and what it says, or null while it is hidden. */
  const popoverOf = (page: import('playwright-core').Page, selector: string) =>
    page.evaluate((linkSelector) => {
      const link = document.querySelector(linkSelector)!;
      const card = document.getElementById(link.getAttribute('aria-describedby')!)!;
      if (card.hidden) return null;
      const box = card.getBoundingClientRect();
      const around = link.getBoundingClientRect();
      return { text: card.textContent, top: box.top, bottom: box.bottom, linkTop: around.top, linkBottom: around.bottom, visible: box.width > 0 && box.height > 0 };
    }, selector);

  it('shows the signature and summary on hover, without moving the page, and hides it when the pointer leaves', async () => {
    const { page, problems } = await site.open({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, site.url('docs/getting-started/quick-start'));
    const selector = 'a.api-code-link[href="/sdk/api/class/PlaykitSdk#init"]';
    const link = page.locator(selector).first();
    await link.scrollIntoViewIfNeeded();
    const layout = () => page.evaluate(() => [document.documentElement.scrollHeight, document.querySelector('article')!.getBoundingClientRect().height, window.scrollY]);
    const before = await layout();
    expect(await popoverOf(page, selector)).toBeNull();
    await link.hover();
    // The popover code loads on the first hover.
    await eventually(async () => (await popoverOf(page, selector))?.visible).toBe(true);
    const shown = await popoverOf(page, selector);
    expect(shown?.visible).toBe(true);
    expect(shown?.text).toMatch(/^PlaykitSdk\.init\(\): Promise<.*>\S/);
    // Next to the link, above or below it.
    expect(shown!.top >= shown!.linkBottom - 1 || shown!.bottom <= shown!.linkTop + 1).toBe(true);
    expect(await layout()).toEqual(before);
    await page.mouse.move(5, 5);
    await eventually(() => popoverOf(page, selector)).toBeNull();
    expect(problems).toEqual([]);
  });

  it('shows it on keyboard focus and closes it with Escape; the link leads to the member', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, site.url('docs/getting-started/quick-start'));
    const selector = 'a.api-code-link[href="/sdk/api/class/PlaykitSdk#playround"]';
    // Tab from the element before the link, as a keyboard user gets there.
    await page.evaluate((linkSelector) => {
      const link = document.querySelector<HTMLElement>(linkSelector)!;
      const before = link.closest('pre')!;
      before.focus();
      const links = [...before.querySelectorAll<HTMLElement>('a')];
      links.slice(0, links.indexOf(link)).forEach((earlier) => earlier.setAttribute('tabindex', '-1'));
    }, selector);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/sdk/api/class/PlaykitSdk#playround');
    await eventually(async () => (await popoverOf(page, selector))?.visible).toBe(true);
    expect((await popoverOf(page, selector))?.text).toContain('PlaykitSdk.playRound(');
    // The open popover passes axe too (WCAG 2.1 AA and best practice), as the closed page does in accessibility.test.ts.
    await page.evaluate(await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Element, options: object): Promise<{ violations: { id: string }[] }> } }).axe;
      const results = await axe.run(document.querySelector('article')!, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
      return results.violations.map((violation) => violation.id);
    });
    expect(violations).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await popoverOf(page, selector)).toBeNull();
    await page.keyboard.press('Enter');
    await eventually(() => page.evaluate(() => location.pathname + location.hash)).toBe('/sdk/api/class/PlaykitSdk#playround');
  });

  it('emits only links the link checker accepts', async () => {
    const report = await checkBuiltSite({ outDir: site.outDir, baseUrl: '/sdk/', siteUrl: 'https://docs.playkit.dev', workers: 0 });
    expect(report.broken).toEqual([]);
    expect(report.links).toBeGreaterThan(0);
  });
});

describe.skipIf(!chromiumPath)('names in code samples: what the browser keeps after hydration (MDX and markdown docs)', () => {
  let copy: { dir: string; cleanup: () => Promise<void> };
  let site: SiteUnderTest;
  beforeAll(async () => {
    copy = await copySite(fixture('api-basic'));
    // The same checked sample in an MDX doc, whose content the browser hydrates from its module.
    const intro = await readFile(path.join(copy.dir, 'docs', 'intro.md'), 'utf8');
    await writeFile(path.join(copy.dir, 'docs', 'in-mdx.mdx'), intro.replace('title: Introduction', 'title: In MDX\nslug: in-mdx'));
    site = await startSiteUnderTest(copy.dir, '/sdk/');
  }, 300_000);
  afterAll(async () => {
    await site?.close();
    await copy?.cleanup();
  });

  /** The sample links of a page as served, and as the page shows them once hydrated, with the popovers no link points at. */
  const linksOf = async (route: string) => {
    const { page, problems } = await site.open();
    const served = await (await fetch(site.url(route))).text();
    await gotoHydrated(page, site.url(route));
    const shown = await page.evaluate(() => {
      const links = [...document.querySelectorAll('a.api-code-link')];
      const described = new Set(links.map((link) => link.getAttribute('aria-describedby')));
      return { links: links.length, orphanCards: [...document.querySelectorAll('.api-card')].filter((card) => !described.has(card.id)).map((card) => card.id) };
    });
    return { served: served.split('class="api-code-link"').length - 1, ...shown, problems };
  };

  it('shows in an MDX doc exactly the sample links the server sent, and no popover without its link', async () => {
    const mdx = await linksOf('docs/in-mdx');
    expect(mdx.links).toBe(mdx.served);
    expect(mdx.orphanCards).toEqual([]);
    expect(mdx.problems).toEqual([]);
  });

  it('keeps the links of a markdown doc’s samples after hydration', async () => {
    const markdown = await linksOf('docs/intro');
    expect(markdown.served).toBeGreaterThan(0);
    expect(markdown.links).toBe(markdown.served);
    expect(markdown.orphanCards).toEqual([]);
  });
});
