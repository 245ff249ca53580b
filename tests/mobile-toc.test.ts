import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element, ElementContent, Root } from 'hast';
import { afterAll, describe, expect, it } from 'vitest';
import { createContentRenderer } from '../src/ssr/content-html.js';
import { withMobileToc } from '../src/ssr/mobile-toc.js';
import type { TocItem } from '../src/shared/types.js';
import { buildSite, copySite, fixture, pageHtml } from './helpers/site.js';

const toc: TocItem[] = [
  { id: 'two', text: 'Two & more', depth: 2 },
  { id: 'three', text: 'Three', depth: 3 },
  { id: 'next', text: 'Next', depth: 2 },
];

const element = (tagName: string, children: ElementContent[] = [], properties: Element['properties'] = {}): Element => ({ type: 'element', tagName, properties, children });
const text = (value: string): ElementContent => ({ type: 'text', value });
const root = (...children: Root['children']): Root => ({ type: 'root', children });
/** The tag names of the tree in document order, with `TOC` for the box, so a place reads at a glance. */
function outline(tree: Root | Element): string {
  return tree.children
    .map((node) => {
      if (node.type !== 'element') return '';
      if (node.properties.dataTocMobile !== undefined || node.properties['data-toc-mobile'] !== undefined) return 'TOC';
      return node.children.some((child) => child.type === 'element') ? `${node.tagName}(${outline(node)})` : node.tagName;
    })
    .filter(Boolean)
    .join(' ');
}

describe('the mobile outline in a doc tree', () => {
  it('goes right after a leading h1, past whitespace and comments before it', () => {
    const tree = root(text('\n'), { type: 'comment', value: ' lint ' }, element('h1', [text('Title')]), text('\n'), element('p', [text('Body')]));
    expect(outline(withMobileToc(tree, toc))).toBe('h1 TOC p');
  });

  it('lists the headings as nested links, marked as the content\'s own box', () => {
    const html = createContentRenderer().docHtml(root(element('h1', [text('Title')])), 'Title', toc);
    expect(html).toBe(
      '<h1>Title</h1><details class="toc-mobile" data-toc-mobile=""><summary>On this page</summary><ul class="toc-list">' +
        '<li><a href="#two" class="toc-link">Two &amp; more</a><ul><li><a href="#three" class="toc-link">Three</a></li></ul></li>' +
        '<li><a href="#next" class="toc-link">Next</a></li></ul></details>',
    );
  });

  it('goes inside leading wrappers, after text labels, and after a header the title ends', () => {
    const labelled = root(element('div', [element('header', [element('span', [text('Class')]), element('h1', [text('Sdk')])]), element('p')]));
    expect(outline(withMobileToc(labelled, toc))).toBe('div(header(span h1) TOC p)');
    const headerGoesOn = root(element('header', [element('h1', [text('Title')]), element('p', [text('Lead')])]), element('p'));
    expect(outline(withMobileToc(headerGoesOn, toc))).toBe('header(h1 TOC p) p');
  });

  it('leaves a tree alone that does not start with its title, or has no outline', () => {
    const late = root(element('p', [text('Intro')]), element('h1', [text('Title')]));
    expect(withMobileToc(late, toc)).toBe(late);
    const labelWithMarkup = root(element('span', [element('b', [text('x')])]), element('h1', [text('Title')]));
    expect(withMobileToc(labelWithMarkup, toc)).toBe(labelWithMarkup);
    const titled = root(element('h1', [text('Title')]));
    expect(withMobileToc(titled, [])).toBe(titled);
  });

  it('does not change the tree it is given', () => {
    const tree = root(element('div', [element('h1', [text('Title')])]));
    const before = JSON.stringify(tree);
    withMobileToc(tree, toc);
    expect(JSON.stringify(tree)).toBe(before);
  });
});

describe('the mobile outline of a built doc', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('follows the site\'s heading levels in a build that reuses the compiled doc', async () => {
    const copy = await copySite(fixture('basic'));
    cleanups.push(copy.cleanup);
    await mkdir(path.join(copy.dir, 'docs', 'levels'), { recursive: true });
    await writeFile(path.join(copy.dir, 'docs', 'levels', 'deep.md'), '# Deep\n\n## Two\n\n### Three\n\n#### Four\n\nText.\n');
    const first = await buildSite(copy.dir, { inMemory: true });
    const route = [...first.site.pages].find((page) => page.sourceFile?.endsWith('deep.md'))!.route;
    const boxOf = (html: string) => /<details class="toc-mobile" data-toc-mobile="">[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
    expect(boxOf(pageHtml(first, route))).toContain('href="#three"');
    expect(boxOf(pageHtml(first, route))).not.toContain('href="#four"');
    // The box's place: below the title, inside the content.
    expect(pageHtml(first, route)).toMatch(/<h1[^>]*>Deep<\/h1><details class="toc-mobile" data-toc-mobile="">/);

    const config = path.join(copy.dir, 'sdkdocs.config.ts');
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(config, 'utf8');
    await writeFile(config, source.replace(/defineConfig\(\{/, 'defineConfig({\n  tableOfContents: { maxHeadingLevel: 4 },'));
    const second = await buildSite(copy.dir, { inMemory: true });
    expect(boxOf(pageHtml(second, route))).toContain('href="#four"');
  }, 120_000);
});
