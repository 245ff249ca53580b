import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuildContext } from '../src/core/site.js';
import { createMemoryLogger } from '../src/core/logger.js';
import { linkCodeSamples } from '../src/api/link-sample-names.js';
import { buildSite, copySite, fixture } from './helpers/site.js';

// Every call of the HTML parser, wherever in the build it is made.
const parsedHtml = vi.hoisted(() => ({ calls: 0 }));
vi.mock('hast-util-from-html', async (importOriginal) => {
  const actual = await importOriginal<typeof import('hast-util-from-html')>();
  return {
    ...actual,
    fromHtml: (...args: Parameters<typeof actual.fromHtml>) => {
      parsedHtml.calls++;
      return actual.fromHtml(...args);
    },
  };
});

describe('names in code samples are linked from the model, not from HTML read back', () => {
  let site: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    site = await copySite(fixture('api-basic'));
  });
  afterAll(() => site.cleanup());

  it('links the samples of docs and of @examples without parsing any page HTML', async () => {
    const result = await buildSite(site.dir, { until: 'buildSearchIndex' });
    const intro = result.site.pages.find((page) => page.route === '/sdk/docs/intro')!;
    expect(intro.data.html).not.toContain('api-code-link');
    parsedHtml.calls = 0;
    await linkCodeSamples(result.site, { logger: createMemoryLogger() } as unknown as BuildContext);
    expect(parsedHtml.calls).toBe(0);
    expect(intro.data.html).toContain('<a href="/sdk/api/enum/Color#green" class="api-code-link"');
    expect(result.site.pages.some((page) => page.kind === 'api' && page.data.html.includes('href="/sdk/api/function/createWidget" class="api-code-link"'))).toBe(true);
  }, 120_000);

  it('links a doc’s sample where its compile wrote it, not HTML that looks the same', async () => {
    const first = await buildSite(site.dir, { until: 'buildSearchIndex' });
    const intro = first.site.pages.find((page) => page.route === '/sdk/docs/intro')!;
    // The author pastes the block's HTML as raw HTML: the same bytes, but not a checked sample.
    const blockStart = intro.data.html.indexOf('<code class="hljs language-ts">');
    const blockHtml = intro.data.html.slice(blockStart, intro.data.html.indexOf('</code>', blockStart) + '</code>'.length);
    expect(blockHtml).toContain('createWidget');
    expect(blockHtml).toMatch(/^<code class="hljs language-ts">/);
    const introFile = path.join(site.dir, 'docs', 'intro.md');
    await appendFile(introFile, `\n<div id="pasted"><pre>${blockHtml}</pre></div>\n`);
    const result = await buildSite(site.dir, { until: 'linkCodeSamples' });
    const html = result.site.pages.find((page) => page.route === '/sdk/docs/intro')!.data.html;
    const pasted = html.slice(html.indexOf('<div id="pasted">'));
    expect(pasted).toContain(blockHtml);
    expect(pasted.slice(0, pasted.indexOf('</div>'))).not.toContain('api-code-link');
    expect(html.slice(0, html.indexOf('<div id="pasted">'))).toContain('<a href="/sdk/api/enum/Color#green" class="api-code-link"');
  }, 120_000);
});
