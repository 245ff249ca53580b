import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../helpers/browser.js';
import { copySite, exampleSiteDir, fixture } from '../helpers/site.js';
import { gotoHydrated, startSiteUnderTest, type SiteUnderTest } from './site-under-test.js';

/**
 * Every text of the page's shown diagrams that does not lie inside its shape: the smallest filled
 * shape (node, note, actor, label background, cluster) its centre falls in, and for an HTML label
 * also the `<foreignObject>` that clips it. Read in the page, as the reader's browser lays it out.
 */
function textsOutsideTheirShapes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const slack = 0.5;
    // A line box reaches a little above the tallest ascender and below the deepest descender (DejaVu
    // Sans: 1.16 em for 1 em of glyphs): so much of it may touch the shape's edge.
    const lineBoxOverhang = 0.1;
    const inside = (inner: DOMRect, outer: DOMRect, fontSize: number) => {
      const vertical = slack + lineBoxOverhang * fontSize;
      return inner.left >= outer.left - slack && inner.right <= outer.right + slack && inner.top >= outer.top - vertical && inner.bottom <= outer.bottom + vertical;
    };
    const describe = (box: DOMRect) => `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    const problems: string[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>('figure.mermaid-diagram svg.mermaid-svg')) {
      if (svg.getBoundingClientRect().width === 0) continue;
      const shapes = [...svg.querySelectorAll<SVGGraphicsElement>('rect, polygon, circle, ellipse, path')]
        .filter((shape) => getComputedStyle(shape).fill !== 'none' && getComputedStyle(shape).visibility !== 'hidden')
        .map((shape) => ({ shape, box: shape.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0);
      // Font sizes are in the SVG's units; the page may show it smaller.
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const fontSizeOf = (element: Element) => Number.parseFloat(getComputedStyle(element).fontSize) * scale;
      const texts: { text: string; box: DOMRect; fontSize: number; clip?: DOMRect }[] = [];
      for (const text of svg.querySelectorAll<SVGTextElement>('text')) {
        if (text.textContent?.trim()) texts.push({ text: text.textContent.trim(), box: text.getBoundingClientRect(), fontSize: fontSizeOf(text) });
      }
      for (const label of svg.querySelectorAll('foreignObject')) {
        const range = document.createRange();
        range.selectNodeContents(label);
        const box = range.getBoundingClientRect();
        const content = label.firstElementChild ?? label;
        if (label.textContent?.trim() && box.width > 0) texts.push({ text: label.textContent.trim(), box, fontSize: fontSizeOf(content), clip: label.getBoundingClientRect() });
      }
      for (const { text, box, fontSize, clip } of texts) {
        if (box.width === 0) continue;
        if (clip && !inside(box, clip, fontSize)) problems.push(`"${text}" (${describe(box)}) is clipped by its label box (${describe(clip)})`);
        const centreX = box.left + box.width / 2;
        const centreY = box.top + box.height / 2;
        const around = shapes
          .filter(({ box: shape }) => shape.left <= centreX && centreX <= shape.right && shape.top <= centreY && centreY <= shape.bottom)
          .sort((a, b) => a.box.width * a.box.height - b.box.width * b.box.height)[0];
        if (around && !inside(box, around.box, fontSize)) {
          problems.push(`"${text}" (${describe(box)}) overflows its ${around.shape.tagName} ${around.shape.getAttribute('class') ?? ''} (${describe(around.box)})`);
        }
      }
    }
    return problems;
  });
}

/**
 * Opens the route in a colour mode and checks its diagrams; with `readerFont`, as a reader whose
 * machine resolves the page's font stack to that face rather than to the build machine's.
 */
async function expectTextsInsideShapes(site: SiteUnderTest, route: string, mode: 'light' | 'dark', readerFont?: string) {
  const { page } = await site.open({ viewport: { width: 1280, height: 900 }, colorScheme: mode });
  await page.context().addInitScript((stored) => localStorage.setItem('theme', stored), mode);
  await gotoHydrated(page, site.url(route));
  if (readerFont) {
    await page.addStyleTag({ content: `:root:root { --sdkdocs-font-body: ${readerFont}; }` });
    expect(await page.locator('figure.mermaid-diagram svg').first().evaluate((svg) => getComputedStyle(svg).fontFamily)).toBe(readerFont);
  }
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
  expect(await page.locator('figure.mermaid-diagram svg').count()).toBeGreaterThan(0);
  expect(await textsOutsideTheirShapes(page)).toEqual([]);
}

const modes = ['light', 'dark'] as const;

describe.skipIf(!chromiumPath)('diagram text inside its shapes, in the font the page shows', () => {
  describe('fixture diagram-text-fit: long labels and notes', () => {
    let site: SiteUnderTest;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      // A copy: the build caches the SVGs beside the site.
      const copy = await copySite(fixture('diagram-text-fit'));
      cleanup = copy.cleanup;
      site = await startSiteUnderTest(copy.dir, '/fit/');
    }, 240_000);
    afterAll(async () => {
      await site?.close();
      await cleanup?.();
    });

    for (const route of ['docs/flowchart', 'docs/sequence', 'docs/class-diagram']) {
      it.each(modes)(`${route} in %s mode`, (mode) => expectTextsInsideShapes(site, route, mode));
      // The site's font is Liberation Sans here; DejaVu Sans, as wide as Verdana, is wider.
      it(`${route} for a reader whose font is wider than the build's`, () => expectTextsInsideShapes(site, route, 'light', '"DejaVu Sans"'));
    }
  });

  describe('the example site', () => {
    let site: SiteUnderTest;
    beforeAll(async () => {
      site = await startSiteUnderTest(exampleSiteDir, '/sdk/', { sharedBuild: true });
    }, 300_000);
    afterAll(async () => {
      await site?.close();
    });

    for (const route of ['docs/getting-started/sequence-diagram', 'docs/wrapper/overview']) {
      it.each(modes)(`${route} in %s mode`, (mode) => expectTextsInsideShapes(site, route, mode));
    }
  });
});
