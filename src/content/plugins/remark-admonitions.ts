import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { walkTree } from './walk-tree.js';

/** Admonition types, as in Docusaurus; `caution` is kept as an alias of `warning`. */
export const admonitionTypes = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;

const defaultTitles: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};

/**
 * Docusaurus also accepts `:::note Some title` (a title after a space), which remark-directive
 * reads as plain text. Rewriting it to `:::note[Some title]` on the same line keeps every
 * position in the file true.
 */
export function normalizeAdmonitionTitles(markdown: string): string {
  return markdown.replace(
    /^([ \t]*:::)(note|tip|info|warning|danger|caution)[ \t]+([^\n[{][^\n]*?)[ \t]*$/gm,
    (_whole, fence: string, type: string, title: string) => `${fence}${type}[${title.replace(/[[\]]/g, '\\$&')}]`,
  );
}

/**
 * Turns `:::type[title]` container directives into `<aside class="admonition admonition-type">`
 * with a title; directives of other names are left for other plugins (and dropped if none).
 */
export default function remarkAdmonitions() {
  return (tree: Root) => {
    walkTree(tree, (unknownNode) => {
      if (unknownNode.type !== 'containerDirective') return;
      const node = unknownNode as ContainerDirective;
      if (!(admonitionTypes as readonly string[]).includes(node.name)) return;
      const type = node.name === 'caution' ? 'warning' : node.name;
      let title = defaultTitles[node.name];
      const first = node.children[0];
      if (first && first.type === 'paragraph' && first.data?.directiveLabel) {
        node.children.shift();
        title = first.children.map((child) => ('value' in child ? child.value : '')).join('') || title;
      }
      node.data = {
        ...node.data,
        hName: 'aside',
        hProperties: { className: ['admonition', `admonition-${type}`], role: 'note' },
      };
      node.children.unshift({
        type: 'paragraph',
        data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
        children: [{ type: 'text', value: title }],
      });
    });
  };
}
