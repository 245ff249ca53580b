import type { Root } from 'mdast';
import type { LeafDirective, TextDirective } from 'mdast-util-directive';
import type { Parent } from 'unist';
import type { VFile } from 'vfile';
import { skipChildren, walkTree } from './walk-tree.js';

/**
 * remark-directive reads `node:fs`, `localhost:3000` and `key:value` as text directives (`:fs`),
 * and a line like `::name` as a leaf directive. sdkdocs gives meaning to neither, so each comes
 * back as the text it was written as (its label and attributes included, sliced from the source),
 * as Docusaurus 3 does. A leaf directive is also a warning: it looks meant as a directive.
 */
export default function remarkLiteralDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    walkTree(tree, (node, index, parent) => {
      if (node.type !== 'textDirective' && node.type !== 'leafDirective') return;
      const directive = node as TextDirective | LeafDirective;
      const text = writtenText(directive, source);
      const siblings = (parent as Parent).children;
      if (directive.type === 'textDirective') {
        siblings[index] = { type: 'text', value: text, position: directive.position } as never;
        return skipChildren;
      }
      const message = file.message(`Unknown directive \`::${directive.name}\`: it is shown as text.`, {
        place: directive.position?.start,
        ruleId: 'unknown-directive',
        source: 'sdkdocs',
      });
      message.note = 'Write it as plain text (escape the first colon: `\\::`), or use a `:::` admonition.';
      siblings[index] = { type: 'paragraph', position: directive.position, children: [{ type: 'text', value: text, position: directive.position }] } as never;
      return skipChildren;
    });
  };
}

function writtenText(node: TextDirective | LeafDirective, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start !== undefined && end !== undefined) return source.slice(start, end);
  // Without positions (a tree made by another plugin), the name is the best that can be said.
  return `${node.type === 'leafDirective' ? '::' : ':'}${node.name}`;
}
