import type { Heading, Root } from 'mdast';
import type { VFile } from 'vfile';
import { takeExplicitHeadingId } from '../heading-id.js';
import { skipChildren, walkTree } from './walk-tree.js';

/**
 * `## Title {#custom-id}` in a markdown doc gives the heading the id `custom-id`, as in Docusaurus;
 * the table of contents, anchor checks and search then use it. Headings with the same explicit id
 * keep it, as there. MDX docs get theirs from `{/* #id *\/}` (compile-mdx.ts).
 */
export default function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    // Most docs have no explicit id: they cost one search of their text.
    if (!source.includes('{#')) return;
    walkTree(tree, (node) => {
      if (node.type !== 'heading') return;
      const heading = node as Heading;
      const id = takeExplicitHeadingId(heading, source);
      if (id !== undefined) heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } };
      return skipChildren;
    });
  };
}
