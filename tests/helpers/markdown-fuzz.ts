/** A seeded generator of hostile-but-plausible markdown docs, for the fuzz test. */

import { seededRandom } from '../../bench/lib/seeded-random.mjs';

/** Seeded helpers over mulberry32: the same docs for the same seed on every machine. */
export function createRandom(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

type Random = ReturnType<typeof createRandom>;

const words = [
  'install', 'the', 'SDK', 'player', 'score', 'init()', 'config', 'async', 'render', 'scene', 'a_b', '*star*', '__init__',
  'مرحبا', 'שלום', 'עולם', 'كتاب', '日本語', '中文', 'Ελληνικά', 'émoji', '👩‍💻', '🎮', 'e\u0301', 'zero\u200bwidth', '\u202eRTL\u202c',
  'x<y', 'a&b', '"quoted"', "it's", '{curly}', '[bracket]', '`tick`', '\\', '|pipe|', '~tilde~', '<br>', '&amp;', '&#0;', '&#x110000;',
];
const languages = ['ts', 'js', 'bash', 'json', 'mermaid', 'tsx', 'python', 'no-such-lang', '', 'ts title="a.ts" {1,3-4}', 'js {1-99}', 'ts showLineNumbers', 'ts no-check'];
const admonitions = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'unknown', 'details'];
const htmlSnippets = [
  '<details><summary>More</summary>\n\nHidden *text*.\n\n</details>',
  '<div align="center"><img src="/img/logo.png" width="100"></div>',
  '<kbd>Ctrl</kbd>+<kbd>C</kbd>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="data:text/html,<b>x</b>">data</a>',
  '<iframe src="vbscript:x"></iframe>',
  '<span style="color: red; font-weight: bold">red</span>',
  '<span style="color:">bad css</span>',
  '<div onclick="alert(1)">handler</div>',
  '<table><tr><td>cell<td>cell</table>',
  '<!-- a comment -->',
  '<p>unclosed <b>bold',
  '</div></div>',
  '<script>alert(1)</script>',
  '<sdkdocs-diagram index="0"></sdkdocs-diagram>',
  '<svg><circle r="1"/></svg>',
  '<br/><hr>',
];
const urls = [
  'https://example.com/a?b=c#d', 'mailto:a@example.com', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:msgbox', 'data:text/html,x',
  'data:image/png;base64,iVBORw0KGgo=', '#section', '#', '/docs/doc-0', '/', '../', './doc-1.md', 'doc-2.md#part', '/docs/nope', 'ftp://x',
  '//protocol-relative.example', 'http://[::1]/', '%zz', 'a b', '<spaced url>',
];

function sentence(r: Random): string {
  const count = r.int(1, 12);
  return Array.from({ length: count }, () => r.pick(words)).join(' ');
}

function inline(r: Random, docCount: number): string {
  const parts: string[] = [];
  for (let i = r.int(1, 6); i > 0; i--) {
    const kind = r.int(0, 11);
    if (kind === 0) parts.push(`**${sentence(r)}**`);
    else if (kind === 1) parts.push(`_${sentence(r)}_`);
    else if (kind === 2) parts.push(`\`${sentence(r)}\``);
    else if (kind === 3) parts.push(`[${sentence(r)}](${r.chance(0.5) ? `./doc-${r.int(0, docCount - 1)}.md` : r.pick(urls)})`);
    else if (kind === 4) parts.push(`![${sentence(r)}](${r.pick(urls)})`);
    else if (kind === 5) parts.push(`<${r.pick(['https://example.com', 'a@b.co', 'javascript:x'])}>`);
    else if (kind === 6) parts.push(`[^${r.int(1, 3)}]`);
    else if (kind === 7) parts.push(r.pick(htmlSnippets.filter((s) => !s.includes('\n'))));
    else if (kind === 8) parts.push('*'.repeat(r.int(1, 40)) + sentence(r) + '_'.repeat(r.int(0, 40)));
    else if (kind === 9) parts.push(`~~${sentence(r)}~~ www.example.com http://a.example`);
    else parts.push(sentence(r));
  }
  return parts.join(' ');
}

function frontMatter(r: Random, index: number): string {
  const lines: string[] = [];
  const values = [
    () => `title: ${r.pick(['Plain', '"Quoted: colon"', "'single'", '|\n  block', '[a, b]', '{a: 1}', '123', 'null', '~', '"\\u202eRTL"', '*alias', '&anchor value', '"\\0"', 'مرحبا'])}`,
    () => `sidebar_position: ${r.pick(['1', '2.5', '"3"', '-1', '1e309', 'abc'])}`,
    () => `description: ${r.pick(['A doc.', '"<script>alert(1)</script>"', '"line\\nbreak"', "'it''s'", '>-\n  folded\n  text'])}`,
    () => `sidebar_label: ${r.pick(['Label', '""', '"🎮 Games"'])}`,
    () => `hide_table_of_contents: ${r.pick(['true', 'false', 'yes', '"true"'])}`,
    () => `tags: ${r.pick(['[a, b]', 'a', '- x'])}`,
    () => r.pick(['base: &b {x: 1}\nother: *b', 'a: *nowhere', 'list: [*u]', 'x: &x [*x]', 'key: value: other', '\tindented: tab', '? complex\n: key', '- list', 'dup: 1\ndup: 2', '!!binary x', '"unterminated']),
    () => `id: doc-${index}`,
  ];
  // Mostly well-formed, so that most docs go on to the markdown stages.
  const wellFormed = [
    () => `title: ${sentence(r).replace(/[:#&*!|>'"%@`{}[\],?-]/g, '')}`,
    () => `sidebar_position: ${r.int(1, 9)}`,
    () => `description: "${sentence(r).replace(/["\\]/g, '')}"`,
  ];
  for (let i = r.int(0, 4); i > 0; i--) lines.push(r.chance(0.3) ? r.pick(values)() : r.pick(wellFormed)());
  const seen = new Set<string>();
  const unique = lines.filter((line) => {
    const key = /^(\w+):/.exec(line)?.[1];
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return `---\n${unique.join('\n')}\n---\n`;
}

function block(r: Random, docCount: number, depth: number): string {
  const kind = r.int(0, 13);
  switch (kind) {
    case 0:
      return `${'#'.repeat(r.int(1, 7))} ${inline(r, docCount)}${r.chance(0.2) ? ` {#${r.pick(['custom-id', 'émoji', ''])}}` : ''}`;
    case 1: {
      const fence = r.pick(['```', '~~~', '````']);
      const lang = r.pick(languages);
      const body = lang === 'mermaid'
        ? r.pick(['flowchart LR\n  A --> B', 'sequenceDiagram\n  A->>B: hi', 'gantt\n  title T', 'not a diagram'])
        : Array.from({ length: r.int(0, 6) }, () => `${' '.repeat(r.int(0, 8))}${sentence(r)} // [!code highlight]`).join('\n');
      return `${fence}${lang}\n${body}\n${r.chance(0.9) ? fence : ''}`;
    }
    case 2: {
      if (depth > 3) return sentence(r);
      const colons = ':'.repeat(3 + depth);
      const title = r.pick(['', ' Title', '[**Bold** title]', ' `code` title', '{#id}']);
      const inner = Array.from({ length: r.int(1, 3) }, () => block(r, docCount, depth + 1)).join('\n\n');
      return `${colons}${r.pick(admonitions)}${title}\n\n${inner}\n\n${r.chance(0.9) ? colons : ''}`;
    }
    case 3: {
      const columns = r.int(1, 5);
      const row = () => `| ${Array.from({ length: r.int(1, columns + 1) }, () => inline(r, docCount).replace(/\|/g, '\\|')).join(' | ')} |`;
      const align = `| ${Array.from({ length: columns }, () => r.pick(['---', ':--', '--:', ':-:'])).join(' | ')} |`;
      return [row(), align, ...Array.from({ length: r.int(0, 4) }, row)].join('\n');
    }
    case 4:
      return r.pick(htmlSnippets);
    case 5: {
      const marker = r.pick(['-', '*', '+', '1.', '2)']);
      return Array.from({ length: r.int(1, 6) }, () => `${'  '.repeat(r.int(0, Math.min(depth + 3, 8)))}${marker} ${r.chance(0.2) ? '[ ] ' : ''}${inline(r, docCount)}`).join('\n');
    }
    case 6:
      return Array.from({ length: r.int(1, 4) }, () => `${'> '.repeat(r.int(1, 6))}${inline(r, docCount)}`).join('\n');
    case 7:
      return `[^${r.int(1, 3)}]: ${inline(r, docCount)}`;
    case 8:
      return r.pick(['---', '***', '- - -', '___']);
    case 9:
      return `[ref${r.int(0, 2)}]: ${r.pick(urls)} "${sentence(r)}"\n\n[text][ref${r.int(0, 2)}]`;
    case 10:
      return `    indented code ${sentence(r)}\n    more`;
    case 11:
      return `${r.pick(['import X from "y";', 'export const a = 1;', '{/* comment */}', '<Tabs>', '$$ x^2 $$', '::leaf[text]{a=b}', ':text[x]'])}`;
    default:
      return inline(r, docCount);
  }
}

/** One doc: optional front matter, then blocks; some with CRLF line ends or a byte order mark. */
export function generateDoc(r: Random, index: number, docCount: number): string {
  let text = r.chance(0.6) ? frontMatter(r, index) : '';
  const blocks = Array.from({ length: r.int(1, 14) }, () => block(r, docCount, 0));
  text += blocks.join('\n\n') + '\n';
  if (r.chance(0.1)) text = text.replace(/\n/g, '\r\n');
  if (r.chance(0.05)) text = `\uFEFF${text}`;
  if (r.chance(0.01)) text = text.replace(/ /, '\u0000');
  return text;
}
