import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { copySite, fixture } from '../helpers/site.js';
import { gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

/** mermaid's node fill (`mainBkg`) in its `default` theme (light mode) and its `dark` theme. */
const mermaidNodeFill = { light: 'rgb(236, 236, 255)', dark: 'rgb(31, 32, 32)' };

/** The flowchart figure's SVGs and the computed fill of its first node, read in the page. */
function flowchartNode(page: Page) {
  return page.evaluate(() => {
    const figure = document.querySelectorAll('figure.mermaid-diagram')[1];
    const svgs = [...figure.querySelectorAll(':scope > svg')];
    const node = svgs[0].querySelector('.node rect, .node path, .node polygon')!;
    return { svgs: svgs.length, fill: getComputedStyle(node).fill };
  });
}

describe.skipIf(!chromiumPath)('mermaid diagrams in the colour modes (fixture mermaid-diagrams, rendered by mermaid)', () => {
  let site: SiteUnderTest;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // A copy: the build renders with mermaid in Chromium and caches the SVGs beside the site.
    const copy = await copySite(fixture('mermaid-diagrams'));
    cleanup = copy.cleanup;
    site = await startSiteUnderTest(copy.dir, '/kit/');
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await cleanup?.();
  });

  it('draws one SVG whose node fill is mermaid’s light colour, then its dark one when the mode switches', async () => {
    const { page, problems } = await site.open({ colorScheme: 'light' });
    await gotoHydrated(page, site.url('docs/intro'));
    expect(await flowchartNode(page)).toEqual({ svgs: 1, fill: mermaidNodeFill.light });
    // The same SVG, recoloured by CSS alone.
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    expect(await flowchartNode(page)).toEqual({ svgs: 1, fill: mermaidNodeFill.dark });
    expect(problems).toEqual([]);
  });

  it('opens in dark mode with mermaid’s dark colours', async () => {
    const { page } = await site.open({ colorScheme: 'dark' });
    await gotoHydrated(page, site.url('docs/intro'));
    expect(await flowchartNode(page)).toEqual({ svgs: 1, fill: mermaidNodeFill.dark });
  });
});
