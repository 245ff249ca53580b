import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../src/serve/static-server.js';
import { chromiumPath, launchBrowser, openPage, serveOutput, tempDir } from '../helpers/browser.js';
import { buildSite, copySite, fixture } from '../helpers/site.js';

/*
 * A site large enough for its search index to come in parts: the search box fetches every part
 * and finds words from pages in the first and in the last part.
 */

const docCount = 240;
let browser: Browser;
let server: StaticServer;
let context: BrowserContext;
const cleanups: (() => Promise<void>)[] = [];

/** How long to wait for the page to get somewhere: the machine may be busy with other builds. */
const slow = { timeout: 20_000 };
const docName = (number: number) => `topic-${String(number).padStart(3, '0')}`;
const resultOptions = '[role="listbox"] [role="option"]:not(.search-see-all)';

describe.skipIf(!chromiumPath)('search over an index in parts, in the browser', () => {
  beforeAll(async () => {
    const site = await copySite(fixture('serve-site'));
    cleanups.push(site.cleanup);
    const folder = path.join(site.dir, 'docs', 'many');
    await mkdir(folder, { recursive: true });
    for (let number = 0; number < docCount; number++) {
      await writeFile(path.join(folder, `${docName(number)}.md`), `---\ntitle: Topic ${number}\n---\n\nThe body of topic ${number}: word${number}x.\n`);
    }
    const out = await tempDir('sdkdocs-search-parts-browser-');
    cleanups.push(out.cleanup);
    await buildSite(site.dir, { outDir: out.dir });
    server = await serveOutput(out.dir);
    browser = await launchBrowser();
    context = await browser.newContext();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  it('fetches every part on first use and finds words from the first and the last part', async () => {
    const { page, problems } = await openPage(context);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(new URL('docs/intro', server.url).href);
    const input = page.getByRole('combobox', { name: 'Search' });
    await expect.poll(() => input.getAttribute('placeholder'), slow).toBe('Search Ctrl+K');

    for (const number of [0, docCount - 1]) {
      await input.fill(`word${number}x`);
      const first = page.locator(`${resultOptions} a`).first();
      await expect.poll(async () => ((await first.count()) > 0 ? new URL((await first.getAttribute('href'))!, server.url).pathname : ''), slow).toBe(`/sdk/docs/many/${docName(number)}`);
    }
    const searchFiles = requests.filter((url) => url.includes('/assets/search/'));
    expect(searchFiles.filter((url) => /\/index-\d+\.[0-9a-f]+\.json$/.test(url)).length).toBeGreaterThan(0);
    expect(searchFiles).toContainEqual(expect.stringMatching(/\/assets\/search\/index\.[0-9a-f]+\.json$/));
    expect(problems).toEqual([]);
    await page.close();
  });
});
