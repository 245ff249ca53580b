import { fromHtml } from 'hast-util-from-html';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import { collapseWhitespace, splitSections } from '../src/markdown/content-sections.js';
import { exampleSiteDir, sharedInMemoryBuild } from './helpers/site.js';

/** Search sections as they would be read back from a page's HTML. */
const sectionsOfHtml = (html: string) => splitSections(fromHtml(html, { fragment: true }));

describe('search sections of the example site', () => {
  let result: BuildResult;
  beforeAll(async () => {
    // Before linkCodeSamples and renderPages, which add popovers and the mobile outline to the HTML.
    result = await sharedInMemoryBuild(exampleSiteDir, 'buildSearchIndex');
  });

  it('come from the tree each API page is rendered from, and equal what its HTML holds', () => {
    const apiPages = result.site.pages.filter((page) => page.kind === 'api');
    expect(apiPages.length).toBeGreaterThan(5);
    expect(apiPages.filter((page) => !page.searchSections).map((page) => page.route)).toEqual([]);
    for (const page of apiPages) expect({ route: page.route, sections: page.searchSections }).toEqual({ route: page.route, sections: sectionsOfHtml(page.data.html) });
  });

  it('come from the tree each doc is compiled to, and equal what its HTML holds', () => {
    const docs = result.site.pages.filter((page) => page.kind === 'doc' && page.content && !page.content.mdx);
    expect(docs.length).toBeGreaterThan(5);
    for (const page of docs) expect({ route: page.route, sections: page.content!.sections }).toEqual({ route: page.route, sections: sectionsOfHtml(page.data.html) });
  });

  it('keep words apart and leave out API chrome: no type glued to its description, no badge or group title', () => {
    const apiText = result.site.pages.filter((page) => page.kind === 'api').flatMap((page) => page.searchSections!.map((section) => section.text));
    expect(apiText.join(' ')).toContain('timeoutMs: number The limit in milliseconds.');
    expect(apiText.filter((text) => /\b(?:number|string|boolean|void)[A-Z]/.test(text))).toEqual([]);
    expect(apiText.filter((text) => /\bInherited\b/.test(text))).toEqual([]);
  });
});

describe('collapseWhitespace', () => {
  it('turns every run of whitespace into one space and trims, whatever the run holds', () => {
    const characters = [' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u3000', 'a', 'b'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let index = 0; index < 20_000; index++) {
      const text = Array.from({ length: Math.floor(next() * 12) }, () => characters[Math.floor(next() * characters.length)]).join('');
      const words = text.split(/\s+/).filter(Boolean);
      expect(collapseWhitespace(text), JSON.stringify(text)).toBe(words.join(' '));
    }
  });
});
