import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, tempDir } from '../helpers/browser.js';
import { eventually, gotoHydrated, markRealm, realmSurvived, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

describe.skipIf(!chromiumPath)('"Copy page as Markdown"', () => {
  let site: SiteUnderTest;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const work = await tempDir('sdkdocs-copy-page-');
    cleanup = work.cleanup;
    await mkdir(path.join(work.dir, 'docs'), { recursive: true });
    await writeFile(path.join(work.dir, 'docs', 'intro.md'), '---\nsidebar_position: 1\n---\n\n# Intro\n\nHello **readers**.\n\n```ts\nconst x = 1;\n```\n');
    await writeFile(path.join(work.dir, 'docs', 'guide.md'), '---\nsidebar_position: 2\n---\n\n# Guide\n\nSecond page.\n');
    await writeFile(path.join(work.dir, 'sdkdocs.config.ts'), "export default { title: 'Copy', url: 'https://copy.example.com', baseUrl: '/kit/' };\n");
    site = await startSiteUnderTest(work.dir, '/kit/');
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  const markdownOf = (file: string) => readFile(path.join(site.outDir, 'kit', 'docs', file), 'utf8');

  it('copies the page\'s markdown to the clipboard and says so in a live region, also after client navigation', async () => {
    const { page, problems } = await site.open({ permissions: ['clipboard-read', 'clipboard-write'] });
    await gotoHydrated(page, site.url('docs/intro'));
    const status = page.getByRole('status').filter({ hasText: /./ });
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await eventually(() => page.locator('.copy-page-status').textContent()).toBe('Copied the page as Markdown');
    expect(await status.count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await markdownOf('intro.md'));

    await markRealm(page);
    await page.locator('.pagination-nav a, a[href="/kit/docs/guide"]').first().click();
    await page.waitForURL(/\/kit\/docs\/guide$/);
    // The address changes before the new page is drawn: the button is the new page's once its title shows.
    await page.getByRole('heading', { level: 1, name: 'Guide' }).waitFor();
    expect(await realmSurvived(page)).toBe(true);
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await markdownOf('guide.md'));
    await eventually(() => page.locator('.copy-page-status').textContent()).toBe('Copied the page as Markdown');
    expect(problems).toEqual([]);
  });

  it('says so when the copy cannot be fetched', async () => {
    const { page } = await site.open({ permissions: ['clipboard-read', 'clipboard-write'] });
    await gotoHydrated(page, site.url('docs/intro'));
    await page.route('**/*.md', (route) => route.fulfill({ status: 500, body: 'no' }));
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await eventually(() => page.locator('.copy-page-status').textContent()).toBe('Could not copy the page; open its Markdown copy instead');
  });
});
