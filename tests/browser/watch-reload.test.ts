import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../src/core/logger.js';
import { serve, type SiteServer } from '../../src/serve/serve.js';
import { chromiumPath, launchBrowser, openPage } from '../helpers/browser.js';
import { copySite, fixture } from '../helpers/site.js';

/** A page long enough to scroll, with a paragraph to edit far down. */
const longPage = [
  '---',
  'title: A Long Page',
  'sidebar_position: 3',
  '---',
  '',
  '# A Long Page',
  '',
  ...Array.from({ length: 80 }, (_, index) => `Paragraph ${index + 1} of a page that is long enough to scroll.\n`),
  'The paragraph being edited: ORIGINAL-TEXT.',
  '',
  ...Array.from({ length: 40 }, (_, index) => `Closing paragraph ${index + 1}.\n`),
].join('\n');

describe.skipIf(!chromiumPath)('serve --watch in Chromium', () => {
  let site: Awaited<ReturnType<typeof copySite>>;
  let server: SiteServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let file: string;

  beforeAll(async () => {
    site = await copySite(fixture('serve-site'));
    file = path.join(site.dir, 'docs', 'long.md');
    await writeFile(file, longPage);
    server = await serve({ siteDir: site.dir, watch: true, port: 0, logger: createMemoryLogger() });
    browser = await launchBrowser();
    ({ page, problems } = await openPage(await browser.newContext()));
    const connected = page.waitForResponse((response) => response.url().endsWith('/__sdkdocs/events'));
    await page.goto(`${server.url}docs/long`);
    await connected;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.cleanup();
  });

  /** Saves the file and waits for the page to show `text` by itself. */
  async function saveAndWaitFor(contents: string, text: string): Promise<void> {
    await writeFile(file, contents);
    await page.locator('article', { hasText: text }).waitFor({ timeout: 30_000 });
  }

  /** Marks the loaded document: the mark survives an in-place update, not a reload. */
  const markDocument = () => page.evaluate(() => Object.assign(window, { sdkdocsTestMark: true }));
  const documentKept = () => page.evaluate(() => 'sdkdocsTestMark' in window);

  it('updates an open page by itself with the new text, in place, at the same scroll position', async () => {
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY === 1500);
    await markDocument();
    await saveAndWaitFor(longPage.replace('ORIGINAL-TEXT', 'EDITED-TEXT'), 'EDITED-TEXT');
    expect(await page.locator('article').innerText()).toContain('EDITED-TEXT');
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) <= 1);
    expect(await documentKept()).toBe(true);
    // The page's data moved on too: the title in the tab is the new one.
    await saveAndWaitFor(longPage.replace('title: A Long Page', 'title: A Longer Page').replace('ORIGINAL-TEXT', 'RETITLED-TEXT'), 'RETITLED-TEXT');
    await page.waitForFunction(() => document.title.startsWith('A Longer Page'));
    expect(await documentKept()).toBe(true);
  });

  it('reloads the whole page when a stylesheet or static file may have changed', async () => {
    await markDocument();
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await writeFile(path.join(site.dir, 'static', 'img', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="reloaded-logo"/>');
    await reloaded;
    expect(await documentKept()).toBe(false);
  });

  it('shows a build error over the page, and reloads without it once the file is fixed', async () => {
    const failed = longPage.replace('sidebar_position: 3', 'sidebar_position: third');
    await writeFile(file, failed);
    const overlay = page.locator('#__sdkdocs-build-error');
    await overlay.waitFor({ state: 'attached', timeout: 30_000 });
    const text = await overlay.evaluate((host) => host.shadowRoot?.textContent ?? '');
    expect(text).toContain(`${path.join('docs', 'long.md')}:3:`);
    expect(text).toContain('sidebar_position');
    expect(await overlay.getByRole('heading').innerText()).toBe('Build failed');
    // Its code says where it is explained: the package names no docs site, so the command.
    const code = overlay.locator('.code').first();
    expect(await code.innerText()).toMatch(/^\[[a-z][\w-]*\]$/);
    expect(await code.getAttribute('title')).toMatch(/^Run `sdkdocs errors [a-z][\w-]*` to see what it means/);

    await saveAndWaitFor(longPage.replace('ORIGINAL-TEXT', 'FIXED-TEXT'), 'FIXED-TEXT');
    expect(await page.locator('article').innerText()).toContain('FIXED-TEXT');
    expect(await overlay.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('lists a build\'s warnings in a panel the writer can close, at their file and line', async () => {
    const warned = longPage.replace('The paragraph being edited', 'See [the missing guide](./missing-guide.md) and [a lost section](#no-such-section). The paragraph being edited');
    const warnedLine = warned.split('\n').findIndex((line) => line.includes('missing-guide')) + 1;
    await writeFile(file, warned);
    const panel = page.locator('#__sdkdocs-build-warnings');
    await panel.waitFor({ state: 'attached', timeout: 30_000 });
    const text = await panel.evaluate((host) => host.shadowRoot?.textContent ?? '');
    expect(text).toContain(`${path.join('docs', 'long.md')}:${warnedLine}:`);
    expect(text).toContain('missing-guide.md');
    expect(text).toContain('no-such-section');
    expect(text).toContain('[broken-markdown-link]');
    expect(text).toContain('[broken-anchor]');
    // A panel in a corner, not over the page: the article stays in view and clickable.
    expect(await page.locator('article').isVisible()).toBe(true);

    await panel.getByRole('button', { name: 'Close' }).click();
    expect(await panel.count()).toBe(0);
    // Closed stays closed, across a reload too, while a build has the same warnings.
    const connected = page.waitForResponse((response) => response.url().endsWith('/__sdkdocs/events'));
    await page.reload();
    await connected;
    await saveAndWaitFor(warned.replace('ORIGINAL-TEXT', 'STILL-WARNED-TEXT'), 'STILL-WARNED-TEXT');
    expect(await panel.count()).toBe(0);

    await saveAndWaitFor(longPage.replace('ORIGINAL-TEXT', 'CLEAN-TEXT'), 'CLEAN-TEXT');
    expect(await panel.count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
