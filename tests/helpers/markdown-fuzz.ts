/** A seeded generator of hostile-but-plausible docs (markdown, markdown with raw HTML, MDX), for the fuzz test. */

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

/*
 * Hostile HTML: every attribute a browser follows, loads or navigates to, given a script URL in
 * the spellings browsers still read as one (entities, case, whitespace and control characters).
 */

/** A script URL as HTML text may spell it (entities are read by the HTML parser). */
const hostileHtmlUrls = [
  'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' \tjavascript:alert(1)', 'java&#9;script:alert(1)', 'jav&#x0A;ascript:alert(1)',
  '&#106;avascript:alert(1)', '&#x6A;&#x61;vascript&colon;alert(1)', '&#0000106&#0000097vascript:alert(1)', 'javascript&#58;alert(1)',
  '&#1;javascript:alert(1)', 'vbscript:msgbox(1)', 'VBScript:msgbox(1)', 'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data:image/svg+xml,&lt;svg onload=alert(1)&gt;', 'DATA:text/html,x',
  'https://example.com/ok', '/img/logo.png', 'data:image/png;base64,iVBORw0KGgo=',
];

/** Elements and attributes that take a URL, with `U` where it goes. */
const hostileHtmlTemplates = [
  '<a href="U">link</a>', "<a href='U'>single</a>", '<a href=U>bare</a>', '<img src="U" alt="i">', '<img srcset="/a.png 1x, U 2x" alt="s">',
  '<picture><source srcset="U"><img src="/a.png" alt="p"></picture>', '<form action="U"><button formaction="U">go</button></form>',
  '<input type="image" formaction="U" alt="in">', '<iframe src="U"></iframe>', '<object data="U"></object>', '<embed src="U">',
  '<video poster="U" src="U"></video>', '<area href="U" alt="a">', '<link rel="stylesheet" href="U">', '<base href="U">',
  '<meta http-equiv="refresh" content="0;url=U">', '<meta http-equiv="Refresh" content="1; URL=\'U\'">',
  '<svg><a xlink:href="U"><text y="10">x</text></a></svg>', '<svg><a href="U"><text y="10">y</text></a></svg>',
  '<svg><a><animate attributeName="href" values="https://ok.example;U"/><text y="10">z</text></a></svg>',
  '<svg><a><set attributeName="xlink:href" to="U"/><text y="10">s</text></a></svg>', '<svg><use href="U"/></svg>',
  '<div style="background:url(U)">bg</div>', '<div style="background-image: url(&quot;U&quot;)">q</div>', "<span style=\"color:red;background:url('U')\">s</span>",
  '<math><mi href="U">m</mi></math>', '<blockquote cite="U">c</blockquote>', '<a ping="U" href="/ok">ping</a>',
];

/** Hostile HTML that is not one URL: documents in attributes, handlers, CSS escapes. */
const hostileHtmlOthers = [
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>', '<iframe srcdoc="<img src=x onerror=alert(1)>"></iframe>',
  '<iframe sandbox="allow-scripts" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>', '<iframe sandbox srcdoc="<p>inert</p>"></iframe>',
  '<div style="background:url(\\6a avascript:alert(1))">esc</div>', '<div style="width: expression(alert(1))">ie</div>',
  '<img src=x onerror="alert(1)">', '<svg onload="alert(1)"><circle r="1"/></svg>', '<body onload="alert(1)">',
  '<style>a { background: url(javascript:alert(1)) }</style>', '<template><a href="javascript:alert(1)">t</a></template>',
  '<noscript><a href="javascript:alert(1)">n</a></noscript>', '<a href="javascript:alert(1)"', '<a href="java\nscript:alert(1)">nl</a>',
];

function hostileHtml(r: Random): string {
  if (r.chance(0.25)) return r.pick(hostileHtmlOthers);
  return r.pick(hostileHtmlTemplates).replaceAll('U', r.pick(hostileHtmlUrls));
}

/*
 * MDX: theme components, the fuzz site's own components (see fuzzSiteComponents), JSX with props,
 * expressions and exports, and HTML written as JSX with hostile attributes.
 */

/** Words that MDX reads as text (no `<`, `{` or backslash). */
const mdxWords = words.filter((word) => !/[<{}\\&]/.test(word));

function mdxSentence(r: Random): string {
  return Array.from({ length: r.int(1, 10) }, () => r.pick(mdxWords)).join(' ');
}

/** A script URL as a JSX attribute may carry it: a string, or an expression. */
function hostileJsxUrl(r: Random): string {
  const url = r.pick(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<b>x</b>', 'data:image/svg+xml,<svg onload=alert(1)>', 'https://example.com/ok', '/docs/doc-0', 'data:image/png;base64,iVBORw0KGgo=']);
  if (r.chance(0.3)) return `{${JSON.stringify(url)}}`;
  if (url.includes('\t')) return `{${JSON.stringify(url)}}`;
  return `"${url.replace(/"/g, '&quot;')}"`;
}

/** HTML written as JSX in an MDX doc, with hostile attributes. */
function hostileJsx(r: Random): string {
  const u = () => hostileJsxUrl(r);
  return r.pick([
    () => `<a href=${u()}>jsx link</a>`,
    () => `<img src=${u()} alt="i" />`,
    () => `<img srcSet=${u()} alt="s" />`,
    () => `<form action=${u()}><button formAction=${u()}>go</button></form>`,
    () => `<iframe src=${u()} />`,
    () => `<iframe srcDoc="<script>alert(1)</script>" />`,
    () => `<iframe sandbox="" srcDoc="<p>inert</p>" />`,
    () => `<meta httpEquiv="refresh" content="0;url=javascript:alert(1)" />`,
    () => `<svg><a xlinkHref=${u()}><text y="10">x</text></a></svg>`,
    () => `<svg><a><animate attributeName="href" values="javascript:alert(1)" /><text y="10">y</text></a></svg>`,
    () => `<svg><set attributeName="href" to=${u()} /></svg>`,
    () => `<div style={{background: "url(javascript:alert(1))"}}>styled</div>`,
    () => `<div style={{backgroundImage: 'url("vbscript:x")'}}>styled</div>`,
    () => `<div style="color: red">string style</div>`,
    () => `<object data=${u()} />`,
    () => `<a href=${u()} ping=${u()}>ping</a>`,
  ])();
}

/** Components of the fuzz site (`src/components`): one throws for some props, one passes a URL on. */
export const fuzzSiteComponents: Record<string, string> = {
  'src/components/Boom.tsx': `export default function Boom({ mode }: { mode?: string }) {
  if (mode === 'throw') throw new Error('Boom was asked to throw');
  if (mode === 'null') return (null as unknown as { x: number }).x;
  return <strong>boom is fine</strong>;
}
`,
  'src/components/Card.tsx': `import type { ReactNode } from 'react';
export default function Card({ title, href, children }: { title?: string; href?: string; children?: ReactNode }) {
  return <div className="card"><a href={href}>{title ?? 'card'}</a>{children}</div>;
}
`,
  'src/components/Counter.tsx': `import { useState } from 'react';
export function Counter({ start = 0 }: { start?: number }) {
  const [count, setCount] = useState(start);
  return <button type="button" onClick={() => setCount(count + 1)}>{count}</button>;
}
`,
  'src/components/Repeat.tsx': `import type { ReactNode } from 'react';
export default function Repeat({ times = 1, children }: { times?: number; children?: ReactNode }) {
  return <>{Array.from({ length: Math.min(Math.max(Number(times) || 0, 0), 5) }, (_, i) => <span key={i}>{children}</span>)}</>;
}
`,
};

const mdxImports = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  "import Admonition from '@theme/Admonition';",
  "import CodeBlock from '@theme/CodeBlock';",
  "import Boom from '@site/src/components/Boom';",
  "import Card from '@site/src/components/Card';",
  "import { Counter } from '@site/src/components/Counter';",
  "import Repeat from '@site/src/components/Repeat';",
];

function mdxTabs(r: Random): string {
  const values = Array.from({ length: r.int(1, 3) }, () => r.pick(['a', 'b', 'c', 'npm', 'yarn']));
  const items = values.map((value) => `<TabItem value="${value}"${r.chance(0.3) ? ` label="${r.pick(mdxWords)}"` : ''}>\n\n${mdxSentence(r)}\n\n</TabItem>`);
  if (r.chance(0.1)) items.push('<p>not a tab</p>');
  const defaultValue = r.chance(0.2) ? ` defaultValue="${r.pick(['a', 'zzz'])}"` : '';
  return `<Tabs${r.chance(0.2) ? ' groupId="pm"' : ''}${defaultValue}>\n${items.join('\n')}\n</Tabs>`;
}

function mdxBlock(r: Random, docCount: number): string {
  switch (r.int(0, 15)) {
    case 0:
      return mdxTabs(r);
    case 1:
      return `<Admonition type="${r.pick(['note', 'tip', 'danger', 'nope'])}"${r.chance(0.5) ? ` title="${r.pick(mdxWords)}"` : ''}>\n\n${mdxSentence(r)}\n\n</Admonition>`;
    case 2:
      return `<Boom${r.chance(0.12) ? ` mode="${r.pick(['throw', 'null'])}"` : ''} />`;
    case 3:
      return `<Card title="${r.pick(mdxWords)}" href=${hostileJsxUrl(r)}>\n\n${mdxSentence(r)}\n\n</Card>`;
    case 4:
      return `<Counter start={${r.int(-3, 3)}} />`;
    case 5:
      return `<Repeat times={${r.pick(['2', '"3"', '-1', '1e9', 'NaN'])}}>${mdxSentence(r)}</Repeat>`;
    case 6:
      return `<CodeBlock language="${r.pick(['ts', 'js', 'nope'])}"${r.chance(0.5) ? ' title="x.ts"' : ''}>{\`const a = 1;\\nconsole.log(a);\`}</CodeBlock>`;
    case 7:
      return r.pick(['{1 + 1}', "{'text'}", '{[1, 2].map((n) => <b key={n}>{n}</b>)}', '{/* a comment */}', '{Math.max(1, 2)}', '{nowhereDefined}', '{null}', '{String(undefined)}']);
    case 8:
      return `${mdxSentence(r)} {${r.int(0, 9)} * 2} <em>${mdxSentence(r)}</em> <Local />`;
    case 9:
    case 10:
      return hostileJsx(r);
    case 11:
      return `<details>\n<summary>${r.pick(mdxWords)}</summary>\n\n${mdxSentence(r)}\n\n</details>`;
    case 12:
      return `:::${r.pick(admonitions)}\n\n${mdxSentence(r)}\n\n:::`;
    case 13:
      return `[${mdxSentence(r)}](${r.chance(0.5) ? `./doc-${r.int(0, docCount - 1)}.mdx` : r.pick(urls.filter((url) => !/[<> %]/.test(url)))})`;
    default:
      return `${'#'.repeat(r.int(1, 4))} ${mdxSentence(r)}\n\n${mdxSentence(r)}`;
  }
}

/** An MDX doc: imports, an export or two, and blocks of markdown, JSX and expressions. */
export function generateMdxDoc(r: Random, index: number, docCount: number): string {
  const lines: string[] = [];
  if (r.chance(0.5)) lines.push(`---\ntitle: MDX ${index}\n---`);
  // Now and then an import is missing: the tag that needs it is an error at its line.
  const imports = mdxImports.filter(() => r.chance(0.97));
  lines.push(imports.join('\n'));
  lines.push(`export const Local = () => <i>local ${index}</i>;`);
  if (r.chance(0.3)) lines.push(r.pick(['export const meta = { a: 1 };', 'export const toc = [];', 'export function helper() { return 1; }', 'export default function Wrapper({ children }) { return <section>{children}</section>; }']));
  for (let i = r.int(1, 10); i > 0; i--) lines.push(r.chance(0.1) ? block(r, docCount, 0) : mdxBlock(r, docCount));
  let text = lines.join('\n\n') + '\n';
  if (r.chance(0.05)) text = text.replace(/\n/g, '\r\n');
  return text;
}

/** What a generated doc is: the mix the fuzz run reports. */
export type FuzzDocKind = 'markdown' | 'html' | 'mdx';

/** One generated doc of any kind: plain markdown, markdown with hostile raw HTML, or MDX. */
export function generateFuzzDoc(r: Random, index: number, docCount: number): { file: string; kind: FuzzDocKind; text: string } {
  const roll = r.next();
  if (roll < 0.3) return { file: `doc-${index}.mdx`, kind: 'mdx', text: generateMdxDoc(r, index, docCount) };
  if (roll < 0.6) {
    const html = Array.from({ length: r.int(1, 6) }, () => (r.chance(0.6) ? hostileHtml(r) : `${inline(r, docCount)} ${hostileHtml(r)}`));
    const markdown = generateDoc(r, index, docCount);
    return { file: `doc-${index}.md`, kind: 'html', text: `${markdown}\n${html.join('\n\n')}\n` };
  }
  return { file: `doc-${index}.md`, kind: 'markdown', text: generateDoc(r, index, docCount) };
}
