/** Compares the fast parse's mdast with remark-parse's, the oracle, for the fast-parse tests and bench. */

import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { createRandom } from './markdown-fuzz.js';
import remarkGfmWithoutLiteralAutolinks from '../../src/markdown/plugins/remark-gfm-without-literal-autolinks.js';

/** remark-parse as the processor's lean parser reads a doc (literal autolinks aside, which both paths leave to remark-gfm). */
const oracle = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfmWithoutLiteralAutolinks, { tables: true }).use(remarkDirective);

export function parseWithRemark(text: string): Root {
  return oracle.parse(text) as Root;
}

/** Inline nodes the fast parse leaves unplaced: nothing after the parse reads their positions. */
const unplaced = new Set(['text', 'emphasis', 'strong', 'delete', 'break', 'tableCell']);

/** The tree as compared: every field, positions (line, column, offset) but of unplaced inline nodes. */
export function comparable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(comparable);
  if (!node || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  const type = (node as { type?: string }).type;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'position' && type && unplaced.has(type)) continue;
    copy[key] = comparable(value);
  }
  return copy;
}

/** The first place two trees differ, as a path and the two values; undefined when equal. */
export function firstDifference(actual: unknown, expected: unknown, at = 'root'): string | undefined {
  if (actual === expected) return undefined;
  if (!actual || !expected || typeof actual !== 'object' || typeof expected !== 'object') return `${at}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`;
  const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  for (const key of keys) {
    const difference = firstDifference((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], `${at}.${key}`);
    if (difference) return difference;
  }
  return undefined;
}

type Random = ReturnType<typeof createRandom>;

const plainWords = ['player', 'session', 'the', 'SDK', 'a_b', 'x*y', 'snake_case', '2*3', 'café', '日本語', 'it\'s', '"quoted"', 'a&b', '&amp;', '&copy;', '&#35;', '\\*', '\\_', 'x<y', '1. two', '#hash', 'end.', '--', '|'];
const plainInline: ((r: Random) => string)[] = [
  (r) => r.pick(plainWords),
  (r) => `*${plainSentence(r)}*`,
  (r) => `**${plainSentence(r)}**`,
  (r) => `_${plainSentence(r)}_`,
  (r) => `__${plainSentence(r)}__`,
  (r) => `***${r.pick(plainWords)}***`,
  (r) => plainSentence(r),
  (r) => (r.chance(0.2) ? `~~${plainSentence(r)}~~` : plainSentence(r)),
  (r) => `\`${r.pick(['code', 'a `b` c', ' x ', '``', 'x|y', '<b>'])}\``,
  (r) => `[${plainSentence(r)}](${r.pick(['./a.md', '/docs/x', '#part', 'https://example.com/a b', '<a b>', 'a(b)c', 'x "title"', "y 'title'", 'z (title)', ''])})`,
  (r) => `![${plainSentence(r)}](${r.pick(['img.png', '/i.svg "T"', ''])})`,
  (r) => `<${r.pick(['span', 'kbd', 'b', '/span', 'br/', 'img src="x.png"', '!-- c --', 'a href="x"'])}>`,
  (r) => `<${r.pick(['https://example.com/x', 'mailto:a@b.c', 'a@b.co'])}>`,
  (r) => r.pick(['\\', '  \n', '\\\n', '\n', '[', ']', '*', '_', '`', '![', '](', '<', '>', '!', '&', '&nbsp;']),
];

function plainSentence(r: Random): string {
  return Array.from({ length: r.int(1, 5) }, () => r.pick(plainWords)).join(' ');
}

function plainLine(r: Random): string {
  return Array.from({ length: r.int(1, 7) }, () => r.pick(plainInline)(r)).join(r.pick([' ', '', ' ']));
}

function plainBlock(r: Random, depth: number): string {
  const indent = r.chance(0.1) ? ' '.repeat(r.int(1, 3)) : '';
  switch (r.int(0, 13)) {
    case 0:
      return `${indent}${'#'.repeat(r.int(1, 6))} ${plainLine(r)}${r.chance(0.2) ? ' ##' : ''}`;
    case 1:
      return `${plainLine(r)}\n${r.pick(['===', '---', '-'])}`;
    case 2: {
      const fence = r.pick(['```', '~~~', '````']);
      return `${indent}${fence}${r.pick(['', 'ts', 'js title="a.js"', 'bash {1,2}', 'mermaid'])}\n${Array.from({ length: r.int(0, 4) }, () => `${' '.repeat(r.int(0, 4))}${plainSentence(r)}`).join('\n')}\n${r.chance(0.9) ? `${indent}${fence}` : ''}`;
    }
    case 3:
      return `    ${plainSentence(r)}\n${r.chance(0.5) ? '\n' : ''}    ${plainSentence(r)}`;
    case 4: {
      if (depth > 2) return plainLine(r);
      const marker = r.pick(['-', '*', '+', '1.', '3)']);
      const loose = r.chance(0.3);
      return Array.from({ length: r.int(1, 4) }, () => {
        const nested = r.chance(0.2) ? `\n${plainBlock(r, depth + 1).replace(/^/gm, '   ')}` : '';
        return `${marker} ${r.chance(0.2) ? r.pick(['[ ] ', '[x] ', '[X]']) : ''}${plainLine(r)}${nested}`;
      }).join(loose ? '\n\n' : '\n');
    }
    case 5:
      return depth > 2 ? plainLine(r) : plainBlock(r, depth + 1).replace(/^/gm, r.pick(['> ', '>']));
    case 6: {
      if (depth > 2) return plainLine(r);
      const colons = ':'.repeat(3 + (2 - depth));
      const inner = Array.from({ length: r.int(1, 3) }, () => plainBlock(r, depth + 1)).join('\n\n');
      return `${colons}${r.pick(['note', 'tip', 'warning', 'info', 'danger', 'unknown'])}${r.pick(['', ' ', '[Title]', '[**B** `c`]', '[]'])}\n${r.chance(0.5) ? '\n' : ''}${inner}\n${r.chance(0.5) ? '\n' : ''}${r.chance(0.9) ? colons : ''}`;
    }
    case 7: {
      const columns = r.int(1, 4);
      const row = (count: number) => `| ${Array.from({ length: count }, () => plainSentence(r).replace(/\|/g, '\\|')).join(' | ')} |`;
      const align = `|${Array.from({ length: columns }, () => r.pick(['---', ':--', '--:', ':-:'])).join('|')}|`;
      return [row(columns), align, ...Array.from({ length: r.int(0, 3) }, () => row(r.chance(0.9) ? columns : r.int(1, 5)))].join('\n');
    }
    case 8:
      return `${indent}${r.pick(['<div>', '<details>\n<summary>S</summary>', '<!-- comment -->', '<img src="a.png" />', '<p align="center">'])}\n${r.chance(0.5) ? '\n' : ''}${plainLine(r)}\n${r.pick(['</div>', '</details>', '', '</p>'])}`;
    case 9:
      return r.pick(['---', '***', '- - -', '___', '* * *']);
    case 10:
      return `${plainLine(r)}\n${plainLine(r)}`;
    default:
      return `${indent}${plainLine(r)}`;
  }
}

/** A doc of common markdown constructs, mixed at random: most of them are docs the fast parse covers. */
export function generatePlainDoc(r: Random): string {
  const frontMatter = r.chance(0.4) ? `---\ntitle: ${plainSentence(r)}\n${r.chance(0.5) ? 'sidebar_position: 2\n' : ''}---\n${r.chance(0.5) ? '\n' : ''}` : '';
  return `${frontMatter}${Array.from({ length: r.int(1, 4) }, () => plainBlock(r, 0)).join(r.pick(['\n\n', '\n\n', '\n']))}${r.pick(['\n', '', '\n\n'])}`;
}
