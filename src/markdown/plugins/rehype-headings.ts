import GithubSlugger from 'github-slugger';
import type { Element } from 'hast';
import { headingRank } from 'hast-util-heading-rank';
import { toString } from 'hast-util-to-string';
import { headingText } from '../content-sections.js';
import type { VFile } from 'vfile';
import type { ElementVisitor } from './rehype-element-pass.js';
import { formatThemeString } from '../../shared/theme-strings.js';
import type { TocItem } from '../../shared/types.js';

/**
 * Everything headings need, as one visitor of the element pass (a 10,000-page build walks every tree once
 * per plugin, and these used to be three):
 * - an id from github-slugger, exactly as rehype-slug and Docusaurus make it, where the heading has none;
 * - a `#` "Direct link to …" anchor appended to h2–h6 (not GFM's hidden footnotes heading);
 * - the table of contents in `file.data.toc`, and every element id of the content in
 *   `file.data.anchors` (headings, footnotes), for the anchor checks.
 */
export function headingVisitor(file: VFile): ElementVisitor {
  const slugger = new GithubSlugger();
  const toc: TocItem[] = (file.data.toc = []);
  const anchors = (file.data.anchors = new Set<string>());
  return (node) => {
    const rank = headingRank(node);
    if (rank && !node.properties.id) node.properties.id = slugger.slug(toString(node));
    const id = node.properties.id;
    if (typeof id === 'string') anchors.add(id);
    // `<a name="x">` from raw HTML is a fragment target too, in every browser.
    if (node.tagName === 'a' && typeof node.properties.name === 'string') anchors.add(node.properties.name);
    if (!rank || rank < 2 || typeof id !== 'string' || isFootnoteLabel(node)) return;
    node.children.push({
      type: 'element',
      tagName: 'a',
      properties: { className: ['hash-link'], ariaLabel: formatThemeString('directLink', { heading: headingText(node) }), href: `#${id}` },
      children: [{ type: 'text', value: '#' }],
    });
    toc.push({ id, text: headingText(node), depth: rank });
  };
}

/** GFM's hidden "Footnotes" heading is for screen readers, not for the table of contents. */
export function isFootnoteLabel(node: Element): boolean {
  return node.properties.id === 'footnote-label' || (node.properties.className as string[] | undefined)?.includes('sr-only') === true;
}

declare module 'vfile' {
  interface DataMap {
    toc: TocItem[];
    anchors: Set<string>;
  }
}
