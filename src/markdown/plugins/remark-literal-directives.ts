import type { Paragraph, Root } from 'mdast';
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
    const lines = source.includes(':::') ? source.split('\n') : undefined;
    walkTree(tree, (node, index, parent) => {
      if (node.type === 'paragraph' && lines) warnOfColonFences(node as Paragraph, lines, file);
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

/**
 * A line of a paragraph that starts with `:::` was meant to open or close an admonition, but the
 * parser read it as text (a closing fence with nothing open, junk after `:::note[Title]`, no blank
 * line before it): the reader sees the colons, so the author hears of it.
 */
function warnOfColonFences(paragraph: Paragraph, lines: readonly string[], file: VFile): void {
  const { start, end } = paragraph.position ?? {};
  if (!start || !end) return;
  for (let line = start.line; line <= end.line; line++) {
    const fence = /^([ \t>]*)(:{3,})(\S*)/.exec(lines[line - 1] ?? '');
    if (!fence) continue;
    const closing = fence[3] === '';
    const message = file.message(
      closing ? `\`${fence[2]}\` closes no admonition: it is shown as text.` : `\`${fence[2]}${fence[3]}\` opens no admonition: it is shown as text.`,
      { place: { line, column: fence[1].length + 1 }, ruleId: 'colons-shown-as-text', source: 'sdkdocs' },
    );
    message.note = closing
      ? 'Remove the line, or open the admonition above it with `:::type` on a line of its own, after a blank line.'
      : 'Write `:::type`, `:::type Title` or `:::type[Title]` alone on its line, after a blank line, and close it with `:::`.';
  }
}
