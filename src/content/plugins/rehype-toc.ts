import type { Element, Root } from 'hast';
import { headingRank } from 'hast-util-heading-rank';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import type { TocItem } from '../../shared/types.js';

/**
 * Records every h2–h6 with its id in `file.data.toc`, and every element id in `file.data.anchors`
 * (headings, footnotes), for the table of contents and the anchor checks. Runs after rehype-slug.
 */
export default function rehypeToc() {
  return (tree: Root, file: VFile) => {
    const toc: TocItem[] = [];
    const anchors = new Set<string>();
    visit(tree, 'element', (node: Element) => {
      const id = node.properties.id;
      if (typeof id === 'string') anchors.add(id);
      const rank = headingRank(node);
      if (rank && rank >= 2 && typeof id === 'string' && !isFootnoteLabel(node)) {
        toc.push({ id, text: headingText(node), depth: rank });
      }
    });
    file.data.toc = toc;
    file.data.anchors = anchors;
  };
}

/** GFM's hidden "Footnotes" heading is for screen readers, not for the table of contents. */
export function isFootnoteLabel(node: Element): boolean {
  return node.properties.id === 'footnote-label' || (node.properties.className as string[] | undefined)?.includes('sr-only') === true;
}

/** A heading's text without the direct-link anchor's own text. */
export function headingText(node: Element): string {
  return toString({
    ...node,
    children: node.children.filter(
      (child) => !(child.type === 'element' && (child.properties.className as string[] | undefined)?.includes('hash-link')),
    ),
  }).trim();
}

declare module 'vfile' {
  interface DataMap {
    toc: TocItem[];
    anchors: Set<string>;
  }
}
