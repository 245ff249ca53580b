import type { Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import type { VFile } from 'vfile';
import { walkTree } from './walk-tree.js';

/**
 * HTML written in markdown (`<details>`, `<kbd>`, `<a id="…">`, HTML tables…) parsed into the
 * tree with rehype-raw (parse5, which repairs unclosed or misnested tags as a browser does), so
 * it renders, and its ids and headings count like markdown's. Comments are dropped.
 *
 * Docs are trusted content, written by the site's own team: the HTML is kept as written (React
 * still refuses `javascript:` URLs when it renders the page).
 *
 * parse5 parses the whole tree again, so it runs only on trees that hold raw HTML: most docs
 * have none and pay for one walk of the tree.
 */
export default function rehypeRawHtml() {
  const parseRaw = rehypeRaw();
  return (tree: Root, file: VFile): Root => {
    if (!holdsRawHtml(tree)) return tree;
    return parseRaw(tree, file);
  };
}

function holdsRawHtml(tree: Root): boolean {
  let found = false;
  walkTree(tree, (node) => {
    if (node.type !== 'raw') return;
    found = true;
    const raw = node as unknown as { value: string };
    // The build replaces these elements with diagrams: written by hand, they would be taken for one.
    raw.value = raw.value.replace(/<(\/?)sdkdocs-diagram/gi, '<$1sdkdocs-diagram-as-written');
  });
  return found;
}
