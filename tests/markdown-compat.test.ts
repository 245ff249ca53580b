import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../src/pipeline/build.js';
import type { Diagnostic } from '../src/core/diagnostic.js';
import { buildSite, fixture } from './helpers/site.js';

// Docusaurus docs as they are written: colons in prose, admonitions in all their spellings,
// magic comments in code, and the mistakes that must be warnings rather than lost content.
const siteDir = fixture('markdown-compat');
let result: BuildResult;

beforeAll(async () => {
  result = await buildSite(siteDir, { until: 'renderPages' });
});

function page(route: string) {
  const found = result.site.pages.find((p) => p.route === route);
  if (!found) throw new Error(`no page ${route}`);
  return found;
}

/** A doc's content HTML. */
const content = (name: string) => String(page(`/docs/${name}`).data.html);

/** The warnings about a doc, as `line:column message`. */
function warnings(name: string): string[] {
  const file = path.join(siteDir, 'docs', `${name}.md`);
  return result.site.diagnostics
    .filter((d: Diagnostic) => d.file === file && d.severity === 'warning')
    .map((d) => `${d.line}:${d.column} ${d.message}`);
}

/** The code lines of the n-th code block of a doc, with `*` before the highlighted ones. */
function codeLines(html: string, index: number): string[] {
  const block = html.split('<pre ')[index + 1].split('</pre>')[0];
  return [...block.matchAll(/<span class="code-line( code-line-highlighted)?">(.*?)<\/span>(?=\n|<\/code>)/g)].map(
    (match) => `${match[1] ? '*' : ' '}${match[2].replace(/<[^>]+>/g, '').replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>')}`,
  );
}

describe('text directives and leaf directives', () => {
  it('keeps text after a colon as written', () => {
    const html = content('colons');
    expect(html).toContain('<p>Import node:fs, keep 16:9 video, open localhost:3000 and set key:value.</p>');
    expect(html).toContain('<p>A label and attributes stay as written: :abbr[HTML]{title=&quot;HyperText&quot;}.</p>');
    expect(html).not.toContain('<div');
  });

  it('shows an unknown leaf directive as its text, with a located warning', () => {
    expect(content('colons')).toContain('<p>::youtube[Intro video]{#intro}</p>\n<p>After the leaf.</p>');
    expect(warnings('colons')).toEqual(['9:1 Unknown directive `::youtube`: it is shown as text.']);
  });
});

describe('page titles', () => {
  it('come from the first h1 outside code, not from a comment in a code block', () => {
    expect(page('/docs/shell-comment-title').data.title).toBe('Real Title');
  });

  it('fall back to the file name when only code holds `# ` lines', () => {
    expect(page('/docs/json-no-title').data.title).toBe('json-no-title');
    expect(content('json-no-title')).toMatch(/^<h1>json-no-title<\/h1>/);
  });
});

describe('admonition titles after a space', () => {
  it('never change code: fences of both kinds and any length, indented code, code in lists', () => {
    const html = content('code-untouched');
    for (const line of [':::tip My tip', ':::note Tilde title', ':::info Longer fence', ':::warning Indented title', ':::danger List title']) {
      expect(html).toContain(line);
    }
    expect(html).not.toMatch(/:::\w+\[/);
  });

  it('still make titles outside code', () => {
    expect(content('code-untouched')).toMatch(/<aside class="admonition admonition-tip" role="note"><p class="admonition-title"><svg[^]*?<\/svg>Real title<\/p><p>Outside code.<\/p><\/aside>/);
  });
});

describe('admonitions', () => {
  const html = () => content('admonitions');
  const admonition = (style: string, title: string) =>
    new RegExp(`<aside class="admonition admonition-${style}" role="note">\\s*<p class="admonition-title"><svg class="admonition-icon"[^>]*>.+?</svg>${title}</p>`);

  it('know caution and important', () => {
    expect(html()).toMatch(admonition('warning', 'Caution'));
    expect(html()).toMatch(admonition('important', 'Important'));
  });

  it('render GitHub alerts, each with its icon', () => {
    for (const [style, title] of [['note', 'Note'], ['tip', 'Tip'], ['important', 'Important'], ['warning', 'Warning'], ['danger', 'Caution']]) {
      expect(html()).toMatch(admonition(style, title));
    }
    expect(html()).toContain('<p>Useful information.</p>');
    expect(html()).not.toContain('[!NOTE]');
    expect(html()).toContain('<blockquote>\n<p>A plain quote stays a quote.</p>\n</blockquote>');
  });

  it('draws a different icon for each style', () => {
    const icons = new Map<string, string>();
    for (const match of html().matchAll(/admonition-(\w+)" role="note">\s*<p class="admonition-title">(<svg[^]*?<\/svg>)/g)) icons.set(match[1], match[2]);
    expect([...icons.keys()].sort()).toEqual(['danger', 'important', 'info', 'note', 'tip', 'warning']);
    expect(new Set(icons.values()).size).toBe(6);
  });

  it('keep bold, emphasis and code in titles, in brackets or after a space', () => {
    expect(html()).toMatch(admonition('note', '<strong>Bold</strong> title with <code>code</code>'));
    expect(html()).toMatch(admonition('tip', '<em>Emphasis</em> title'));
    expect(html()).toMatch(admonition('danger', 'What is the difference between <code>reducers</code> and <code>extraReducers</code>\\?'));
  });

  it('keep a link in a title after a space', () => {
    expect(html()).toMatch(admonition('info', 'See <a href="https://example.com/guide">the guide</a> and a lone \\]'));
  });

  it('show an unknown :::name as a plain box with its content, and warn', () => {
    expect(html()).toContain('<aside class="admonition admonition-plain" role="note"><p>Hidden content.</p></aside>');
    expect(warnings('admonitions')).toEqual(['38:1 Unknown admonition `:::spoiler`: it is shown as a plain box.']);
  });

  it('warn at each `:::` line the parser left as text, and not in code', () => {
    expect(warnings('stray-fences')).toEqual([
      '7:1 `:::` closes no admonition: it is shown as text.',
      '10:1 `:::tip[Title]` opens no admonition: it is shown as text.',
      '12:1 `:::` closes no admonition: it is shown as text.',
    ]);
    expect(content('stray-fences')).toContain('with words after the label');
  });

  it('warn at the opening line of one that is never closed', () => {
    expect(warnings('unclosed')).toEqual(['7:1 `:::note` is never closed: everything after it, to the end of the page, is inside it.']);
    expect(content('unclosed')).toContain('This note is never closed.');
    expect(result.site.diagnostics.find((d) => d.message.includes('never closed'))?.hint).toBe('Add a line `:::` where it should end.');
  });
});

describe('code blocks', () => {
  it('highlight lines marked by magic comments and remove the comments', () => {
    const html = content('magic-comments');
    expect(codeLines(html, 0)).toEqual([' const a = 1;', '*const b = 2;', '*call();', '*done();', ' const c = 3;']);
    expect(codeLines(html, 1)).toEqual(['*npm install playkit', ' echo done']);
    expect(codeLines(html, 2)).toEqual(['*name: game', ' version: 1']);
    expect(codeLines(html, 3)).toEqual(['*print("hi")']);
    expect(codeLines(html, 4)).toEqual(['*<p>Hello</p>']);
    expect(codeLines(html, 5)).toEqual(['*a { color: red; }']);
    expect(html).not.toContain('highlight-');
  });

  it('warn about a highlight-start that is never ended', () => {
    expect(warnings('magic-comments')).toEqual(['45:1 `highlight-start` is never ended: the lines to the end of the code block are highlighted.']);
  });

  it('cut line ranges at the end of the block, with a located warning', () => {
    const html = content('highlight-range');
    expect(codeLines(html, 0)).toEqual(['*const a = 1;', '*const b = 2;']);
    expect(codeLines(html, 1)).toEqual([' one();', '*two();', ' three();']);
    expect(warnings('highlight-range')).toEqual([
      '5:1 Line highlight `{1-99999999}` goes past the end of the code block, which has 2 lines.',
      '10:1 Line highlight `{9}` goes past the end of the code block, which has 3 lines.',
    ]);
  });
});

describe('explicit heading ids in a markdown doc (`## Heading {#custom-id}`)', () => {
  it('become the heading id, the text keeps no `{#`', () => {
    const html = content('heading-ids');
    expect(html).toContain('<h2 id="custom-id">Heading<a class="hash-link"');
    expect(html).not.toContain('{#custom-id}');
    expect(html).toContain('<h2 id="only-id"><a class="hash-link"');
    expect(html).toContain('<h3 id="mixed"><em>Emphasis</em> and <code>code</code><a class="hash-link"');
  });

  it('leave the h1 its text as the page title', () => {
    expect(content('heading-ids')).toContain('<h1 id="top">Heading ids</h1>');
    expect(page('/docs/heading-ids').data.title).toBe('Heading ids');
  });

  it('stay text when escaped, and in code', () => {
    const html = content('heading-ids');
    expect(html).toContain('<h2 id="escaped-kept-as-text">Escaped {#kept-as-text}<a class="hash-link"');
    expect(html).toContain('{#not-an-id}');
  });

  it('are kept as written when two headings share one, as in Docusaurus', () => {
    const html = content('heading-ids');
    expect(html).toContain('<h2 id="twice">First<a');
    expect(html).toContain('<h2 id="twice">Second<a');
  });

  it('are what the table of contents and search link to', () => {
    const doc = page('/docs/heading-ids');
    expect(doc.data.toc.map(({ id, text }) => `${id} ${text}`)).toEqual([
      'custom-id Heading',
      'escaped-kept-as-text Escaped {#kept-as-text}',
      'only-id ',
      'twice First',
      'twice Second',
      'mixed Emphasis and code',
    ]);
    expect(doc.content!.sections.find((section) => section.anchor === 'custom-id')?.heading).toBe('Heading');
  });

  it('are what anchors are checked against, and the slug of the text is not one', () => {
    const anchorWarnings = result.site.diagnostics.filter((d) => d.code === 'broken-anchor').map((d) => `${path.basename(d.file ?? '')} ${d.message}`);
    expect(anchorWarnings).toEqual(['heading-id-links.md Broken anchor → ./heading-ids.md#heading-custom-id (/docs/heading-ids#heading-custom-id)']);
  });
});

describe('tables', () => {
  it('warn at a cell beyond the header, which GFM does not show, naming its text', () => {
    const html = content('tables');
    expect(html).toContain('<td><code>&amp;&amp;</code></td>');
    expect(warnings('tables')).toEqual([
      '6:7 This table row has 4 cells but the header has 2, so its last 2 cells are not shown: "b` | or".',
    ]);
  });
});
