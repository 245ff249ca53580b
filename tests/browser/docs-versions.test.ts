import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath } from '../helpers/browser.js';
import { fixture } from '../helpers/site.js';
import { eventually, gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

const storageKey = 'docs-preferred-version-default';

describe.skipIf(!chromiumPath)('docs versions in the browser', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSiteUnderTest(fixture('versioned-docs'), '/kit/');
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  const dropdown = (page: Page) => page.locator('.navbar .navbar-dropdown').first();
  const toggleLabel = (page: Page) => dropdown(page).locator('[role="button"]').textContent();
  async function versionLinks(page: Page): Promise<[string, string | null][]> {
    const links = dropdown(page).locator('.dropdown-menu a');
    const result: [string, string | null][] = [];
    for (let index = 0; index < (await links.count()); index++) {
      const link = links.nth(index);
      result.push([(await link.textContent()) ?? '', await link.getAttribute('href')]);
    }
    return result;
  }

  it('lists every version, each leading to the same page in it when it has the page, else to its main doc', async () => {
    const { page, problems } = await site.open({ viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, site.url('docs/next/guides/setup'));
    expect(await toggleLabel(page)).toBe('Next');
    expect(await versionLinks(page)).toEqual([
      ['Next', '/kit/docs/next/guides/setup'],
      ['1.1.0', '/kit/docs/guides/setup'],
      ['1.0.0', '/kit/docs/1.0.0/intro'],
    ]);
    await dropdown(page).locator('[role="button"]').click();
    await dropdown(page).getByRole('link', { name: '1.1.0' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/kit/docs/guides/setup');
    await eventually(() => page.locator('.doc-article .markdown').textContent()).toContain('npm install kit@1.1');
    expect(await toggleLabel(page)).toBe('1.1.0');
    expect(await page.locator('[data-version-banner]').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('remembers the chosen version for pages outside the docs, and drops one that no longer exists', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, site.url('docs/intro'));
    await dropdown(page).locator('[role="button"]').click();
    await dropdown(page).getByRole('link', { name: '1.0.0' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/kit/docs/1.0.0/intro');
    await eventually(() => page.evaluate((key) => localStorage.getItem(key), storageKey)).toBe('1.0.0');
    // A full load of a page outside the docs: the dropdown shows the remembered version.
    await gotoHydrated(page, site.url(''));
    await eventually(() => toggleLabel(page)).toBe('1.0.0');
    expect(await versionLinks(page)).toEqual([
      ['Next', '/kit/docs/next/intro'],
      ['1.1.0', '/kit/docs/intro'],
      ['1.0.0', '/kit/docs/1.0.0/intro'],
    ]);

    await page.evaluate((key) => localStorage.setItem(key, '0.9'), storageKey);
    await gotoHydrated(page, site.url(''));
    await eventually(() => page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
    expect(await toggleLabel(page)).toBe('1.1.0');
  });

  it('shows a banner on unreleased and unmaintained versions that leads to the same page in the last version', async () => {
    const { page, problems } = await site.open({ viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, site.url('docs/next/guides/setup'));
    const banner = page.locator('[data-version-banner]');
    expect(await banner.getAttribute('data-version-banner')).toBe('unreleased');
    expect(await banner.textContent()).toContain('This is unreleased documentation for Versioned Kit Next version.');
    await banner.getByRole('link', { name: 'latest version' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/kit/docs/guides/setup');
    await eventually(() => banner.count()).toBe(0);

    // Client-side navigation to an old page brings the unmaintained banner; its page exists in no later version.
    await gotoHydrated(page, site.url('docs/1.0.0/intro'));
    await page.locator('.markdown a', { hasText: 'legacy page' }).click();
    await eventually(() => new URL(page.url()).pathname).toBe('/kit/docs/1.0.0/legacy');
    await eventually(() => banner.getAttribute('data-version-banner')).toBe('unmaintained');
    expect(await banner.textContent()).toContain('This is documentation for Versioned Kit 1.0.0, which is no longer actively maintained.');
    expect(await banner.getByRole('link', { name: 'latest version' }).getAttribute('href')).toBe('/kit/docs/intro');
    expect(problems).toEqual([]);
  });

  it('searches every version, ranking the one being read first and labelling the others', async () => {
    const { page, problems } = await site.open({ viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, site.url('docs/1.0.0/intro'));
    const input = page.getByRole('combobox', { name: 'Search' });
    await eventually(() => input.getAttribute('placeholder')).toBe('Search Ctrl+K');
    await input.fill('introduction');
    const options = page.locator('[role="listbox"] [role="option"]:not(.search-see-all)');
    await eventually(() => options.count()).toBe(3);
    const results = await options.evaluateAll((items) =>
      items.map((item) => [new URL(item.querySelector('a')!.href).pathname, item.querySelector('.search-result-version')?.textContent ?? '']),
    );
    expect(results[0]).toEqual(['/kit/docs/1.0.0/intro', '']);
    expect(results.slice(1).sort()).toEqual([
      ['/kit/docs/intro', '1.1.0'],
      ['/kit/docs/next/intro', 'Next'],
    ]);
    expect(problems).toEqual([]);
  });

  it('passes axe on a page with the banner and the open dropdown', async () => {
    const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const { page } = await site.open({ viewport: { width: 1280, height: 800 } });
    await gotoHydrated(page, site.url('docs/1.0.0/legacy'));
    await dropdown(page).locator('[role="button"]').click();
    await eventually(() => dropdown(page).getAttribute('class')).toContain('navbar-dropdown-open');
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
      const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
      return results.violations.map((violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
    });
    expect(violations).toEqual([]);
  });
});
