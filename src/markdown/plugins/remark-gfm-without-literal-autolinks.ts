import type { Root } from 'mdast';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';
import { skipChildren, walkTree } from './walk-tree.js';

// GFM's literal autolinks (`www.example.com`, `https://…`, `someone@example.com`) are about a
// third of the cost of parsing typical prose: the construct is tried at every letter and digit,
// and its mdast step runs regular expressions over every text node. A doc that has no literal
// autolink parses to the same tree without them. So docs are parsed with this plugin (remark-gfm
// in the same order, minus literal autolinks), and parsed again with remark-gfm only when the
// tree has text where one could start (`needsLiteralAutolinks`).

// Tables are the other costly part: the construct is tried at the start of every line and is
// about a fifth of a doc's parse. It cannot match in a doc that has no mark a table's delimiter
// row needs (`tableMark`), so such docs are parsed without it (`tables: false`).

export interface LeanGfmOptions {
  /** Whether GFM tables are parsed; leave them out only for text that `mayHoldTable` rejects. */
  tables?: boolean;
}

/** GFM's tables, strikethrough, footnotes and task lists: remark-gfm without literal autolinks. */
export default function remarkGfmWithoutLiteralAutolinks(this: Processor<Root>, options: LeanGfmOptions = {}): void {
  const tables = options.tables ?? true;
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), ...(tables ? [gfmTable()] : []), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push([
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    ...(tables ? [gfmTableFromMarkdown()] : []),
    gfmTaskListItemFromMarkdown(),
  ]);
}

/**
 * A table's delimiter row holds a `|`, or a `:` written against its dashes (`:--`, `--:`):
 * without either it is a thematic break or a setext underline. This looks at the raw text, so a
 * `|` anywhere (in code, escaped) only keeps tables on; it never leaves one out.
 */
const tableMark = /\||:-|-:/;

/** Whether the markdown could hold a GFM table at all. */
export function mayHoldTable(markdown: string): boolean {
  return tableMark.test(markdown);
}

/**
 * Every literal autolink holds one of these: an email's `@` after a character an address can
 * hold (also in `mailto:` and `xmpp:` links), `www.`, or an `http:`/`https:` scheme, in any case.
 * Text without them cannot hold one: `@scope/pkg` after a space is not an address. An `@` that
 * starts a text node counts too: remark-gfm's address can take in the `_` that closed emphasis
 * before it (`_ann_@example.org` is one link).
 */
const literalAutolinkMark = /(?:^|[\w+\-.])@|www\.|https?:/i;

/**
 * Whether a doc parsed without literal autolinks could parse differently with them: some of its
 * prose (text, or an image's alt text) has a mark one could start at. Code, HTML, URLs and
 * titles are never searched for literal autolinks, nor is a link's text (remark-gfm leaves links
 * whole), so marks there do not count (an `npm install @scope/pkg` block is common). The tree is
 * searched, not the source: remark-gfm also links text whose marks are escaped or written as
 * character references (`www&#46;example.com`).
 */
export function needsLiteralAutolinks(tree: Root): boolean {
  let found = false;
  walkTree(tree, (node) => {
    if (found || node.type === 'link' || node.type === 'linkReference') return skipChildren;
    if (node.type === 'text' && 'value' in node && typeof node.value === 'string') found = literalAutolinkMark.test(node.value);
    // Images and image references: their labels were prose before they became alt text.
    else if ('alt' in node && typeof node.alt === 'string') found = literalAutolinkMark.test(node.alt);
  });
  return found;
}
