import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../src/serve/static-server.js';
import { chromiumPath, launchBrowser, openPage, serveOutput } from '../helpers/browser.js';
import { sharedBuild } from '../helpers/shared-build.js';
import { exampleSiteDir } from '../helpers/site.js';

let browser: Browser;
let server: StaticServer;
let context: BrowserContext;

/** How long to wait for the page to get somewhere: the machine may be busy with other builds. */
const slow = { timeout: 20_000 };

/** Search files are the only JSON under assets/search; fuse.js comes in a JavaScript chunk. */
const isSearchFile = (url: string) => url.includes('/assets/search/');

async function openSearchPage(path: string): Promise<{ page: Page; problems: string[]; requests: string[] }> {
  const { page, problems } = await openPage(context);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(new URL(path, server.url).href);
  const input = page.getByRole('combobox', { name: 'Search' });
  // Hydrated: the placeholder has switched from the server-rendered `Loading...`.
  await expect.poll(() => input.getAttribute('placeholder'), slow).toBe('Search Ctrl+K');
  return { page, problems, requests };
}

/** The options that are results, not "See all results". */
const resultOptions = '[role="listbox"] [role="option"]:not(.search-see-all)';

/** Link targets (`path#hash`) of the options in the open results list. */
async function resultTargets(page: Page): Promise<string[]> {
  const hrefs = await page.locator(`${resultOptions} a`).evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  return hrefs.map((href) => {
    const url = new URL(href);
    return `${url.pathname}${url.hash}`;
  });
}

async function search(page: Page, query: string): Promise<string[]> {
  const input = page.getByRole('combobox', { name: 'Search' });
  // Empty first, so that the results read below are this query's and not the previous one's.
  await input.fill('');
  await expect.poll(async () => (await resultTargets(page)).length, slow).toBe(0);
  await input.fill(query);
  await expect.poll(async () => (await resultTargets(page)).length, slow).toBeGreaterThan(0);
  return resultTargets(page);
}

describe.skipIf(!chromiumPath)('search in the browser', () => {
  beforeAll(async () => {
    server = await serveOutput(await sharedBuild(exampleSiteDir));
    browser = await launchBrowser();
    context = await browser.newContext();
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('renders `Loading...`, switches the placeholder once hydrated, and fetches nothing for search before the first use', async () => {
    const html = await (await fetch(new URL('docs/intro', server.url))).text();
    expect(html).toMatch(/<input[^>]*placeholder="Loading\.\.\."/);
    const { page, problems, requests } = await openSearchPage('docs/intro');
    await page.waitForLoadState('networkidle');
    expect(requests.filter(isSearchFile)).toEqual([]);
    const scriptsBefore = new Set(requests.filter((url) => url.endsWith('.js')));

    await page.getByRole('combobox', { name: 'Search' }).focus();
    await expect.poll(() => requests.filter(isSearchFile).length, slow).toBe(2);
    expect(requests.filter(isSearchFile).map((url) => new URL(url).pathname).sort()).toEqual([
      expect.stringMatching(/^\/sdk\/assets\/search\/documents\.[0-9a-f]+\.json$/),
      expect.stringMatching(/^\/sdk\/assets\/search\/index\.[0-9a-f]+\.json$/),
    ]);
    // fuse.js and the engine arrive as a lazily loaded chunk of their own.
    expect(requests.filter((url) => url.endsWith('.js') && !scriptsBefore.has(url)).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('finds RgsError, timeout and a phrase from a getting-started page, with the words marked', async () => {
    const { page, problems } = await openSearchPage('docs/intro');
    const rgsError = (await search(page, 'RgsError')).slice(0, 3);
    expect(rgsError.some((target) => target === '/sdk/api/class/RgsError' || target === '/sdk/docs/advanced/error-handling#rgserror')).toBe(true);
    const timeout = (await search(page, 'timeout')).slice(0, 3);
    expect(timeout.some((target) => target === '/sdk/api/class/TimeoutError' || target.startsWith('/sdk/docs/advanced/error-handling#timeouterror'))).toBe(true);
    const phrase = await search(page, 'empty game shell');
    expect(phrase[0]).toBe('/sdk/docs/getting-started/quick-start');
    await expect.poll(() => page.locator('[role="option"] mark').allTextContents(), slow).toEqual(expect.arrayContaining(['empty', 'game', 'shell']));
    expect(await page.locator(resultOptions).count()).toBeLessThanOrEqual(8);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works from the keyboard alone: Ctrl+K, arrows, Escape, Enter to the section, highlight until the next navigation', async () => {
    const { page, problems } = await openSearchPage('docs/intro');
    const input = page.getByRole('combobox', { name: 'Search' });
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+k');
    await expect.poll(() => input.evaluate((element) => element === document.activeElement), slow).toBe(true);

    await page.keyboard.type('minor units');
    await expect.poll(async () => (await resultTargets(page))[0], slow).toBe('/sdk/docs/getting-started/localization#minor-units');
    await expect.poll(() => input.getAttribute('aria-expanded'), slow).toBe('true');
    const listboxId = await input.getAttribute('aria-controls');
    expect(await page.locator(`[id="${listboxId}"]`).getAttribute('role')).toBe('listbox');
    const options = page.getByRole('option');
    const optionIds = await options.evaluateAll((elements) => elements.map((element) => element.id));
    expect(optionIds.length).toBeGreaterThan(1);
    expect(await input.getAttribute('aria-activedescendant')).toBe(optionIds[0]);

    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(optionIds[1]);
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(optionIds[0]);

    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox', { includeHidden: true }).isVisible()).toBe(false);
    expect(await input.inputValue()).toBe('minor units');
    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-expanded')).toBe('true');

    await page.evaluate(() => Object.assign(window, { searchTestMarker: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/sdk/docs/getting-started/localization' && url.hash === '#minor-units');
    expect(new URL(page.url()).searchParams.getAll('_highlight')).toEqual(expect.arrayContaining(['minor', 'units']));
    // The client runtime navigated without reloading the page.
    expect(await page.evaluate(() => 'searchTestMarker' in window)).toBe(true);
    await expect.poll(() => page.locator('main .markdown mark.search-highlight').count(), slow).toBeGreaterThan(1);
    expect((await page.locator('main .markdown mark.search-highlight').allTextContents()).map((text) => text.toLowerCase())).toEqual(
      expect.arrayContaining(['minor', 'units']),
    );
    expect(await input.getAttribute('aria-expanded')).toBe('false');

    await page.locator('main a[href="/sdk/docs/getting-started/quick-start"], nav a[href="/sdk/docs/getting-started/quick-start"]').first().click();
    await page.waitForURL((url) => url.pathname === '/sdk/docs/getting-started/quick-start');
    await expect.poll(() => page.locator('mark.search-highlight').count(), slow).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works with the mouse: hovering selects a result, clicking opens it', async () => {
    const { page, problems } = await openSearchPage('docs/intro');
    const input = page.getByRole('combobox', { name: 'Search' });
    const targets = await search(page, 'launcher');
    expect(targets.length).toBeGreaterThan(2);
    const second = page.getByRole('option').nth(1);
    await second.hover();
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    await second.click();
    await page.waitForURL((url) => `${url.pathname}${url.hash}` === targets[1]);
    expect(await input.inputValue()).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says ⌘+K on a Mac, where ⌘+K focuses the box', async () => {
    const mac = await browser.newContext();
    await mac.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => ({ platform: 'macOS' }) });
    });
    try {
      const { page, problems } = await openPage(mac);
      await page.goto(new URL('docs/intro', server.url).href);
      const input = page.getByRole('combobox', { name: 'Search' });
      await expect.poll(() => input.getAttribute('placeholder'), slow).toBe('Search ⌘+K');
      await page.keyboard.press('Meta+k');
      await expect.poll(() => input.evaluate((element) => element === document.activeElement), slow).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await mac.close();
    }
  });

  it('closes the results when the focus leaves the search box', async () => {
    const { page, problems } = await openSearchPage('docs/intro');
    const input = page.getByRole('combobox', { name: 'Search' });
    await search(page, 'currency');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.locator('main').click({ position: { x: 10, y: 10 } });
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('marks only the words as typed: "sound" never marks "round", in the results or on the page opened', async () => {
    const { page, problems } = await openSearchPage('docs/intro');
    const targets = await search(page, 'sound');
    expect(targets[0]).toBe('/sdk/docs/getting-started/reacting-to-events#sound');
    await expect.poll(() => page.locator(`${resultOptions} mark`).count(), slow).toBeGreaterThan(0);
    const marked = await page.locator(`${resultOptions} mark`).allTextContents();
    expect(marked.filter((text) => !/^sounds?$/i.test(text))).toEqual([]);

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/sdk/docs/getting-started/reacting-to-events' && url.hash === '#sound');
    expect(new URL(page.url()).searchParams.getAll('_highlight')).not.toContain('round');
    await expect.poll(() => page.locator('main .markdown mark.search-highlight').count(), slow).toBeGreaterThan(0);
    const onPage = await page.locator('main .markdown mark.search-highlight').allTextContents();
    expect(onPage.filter((text) => !/^sounds?$/i.test(text))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the results page from "See all results" or from Enter with nothing to pick, and the page works from its address alone', async () => {
    const { page, problems } = await openSearchPage('docs/intro');
    const input = page.getByRole('combobox', { name: 'Search' });
    const targets = await search(page, 'launcher');
    expect(targets).toHaveLength(8);
    // The option after the last result.
    await page.keyboard.press('ArrowUp');
    const seeAll = page.getByRole('option', { name: 'See all results for "launcher"' });
    expect(await seeAll.getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await seeAll.getAttribute('id'));
    await page.evaluate(() => Object.assign(window, { searchTestMarker: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/sdk/search' && url.searchParams.get('q') === 'launcher');
    expect(await page.evaluate(() => 'searchTestMarker' in window)).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), slow).toBe('Search results for "launcher"');
    const listed = page.locator('.search-page-results > li');
    await expect.poll(() => listed.count(), slow).toBeGreaterThan(8);
    expect(await page.title()).toBe('Search results for "launcher" | Playkit');

    // Typing on the page searches again and keeps the address shareable.
    await page.locator('.search-page-input').fill('currency format');
    await page.waitForURL((url) => url.searchParams.get('q') === 'currency format');
    await expect.poll(() => listed.first().locator('a').getAttribute('href'), slow).toMatch(/^\/sdk\/api\/enum\/CurrencyFormat\?/);

    // Enter with no result to pick.
    await input.fill('zzqqxx');
    await expect.poll(() => page.locator('.search-status').textContent(), slow).toBe('No results for "zzqqxx"');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/sdk/search' && url.searchParams.get('q') === 'zzqqxx');
    await expect.poll(() => page.locator('.search-page-status').textContent(), slow).toBe('No results for "zzqqxx"');
    expect(problems).toEqual([]);
    await page.close();

    // Loaded straight from its address, as a plain static file.
    const direct = await openSearchPage('search?q=currency%20format');
    const first = direct.page.locator('.search-page-results > li').first();
    await expect.poll(() => first.locator('a').getAttribute('href'), slow).toMatch(/^\/sdk\/api\/enum\/CurrencyFormat\?/);
    expect(await first.locator('.search-result-title mark').allTextContents()).toEqual(['Currency', 'Format']);
    expect(direct.problems).toEqual([]);
    await direct.page.close();
  });
});
