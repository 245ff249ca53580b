import { isDeepStrictEqual } from 'node:util';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { createMarkdownProcessor } from '../src/markdown/processor.js';
import remarkGfmWithoutLiteralAutolinks, { mayHoldTable, needsLiteralAutolinks } from '../src/markdown/plugins/remark-gfm-without-literal-autolinks.js';

// Docs are parsed without GFM's literal autolinks first, and again with remark-gfm only when
// their prose could hold one: the tree must always be the one remark-gfm gives.
const remarkGfmParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective);
const leanParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfmWithoutLiteralAutolinks).use(remarkDirective);

function withRemarkGfm(markdown: string) {
  return remarkGfmParser.parse(new VFile({ value: markdown, path: 'doc.md' }));
}

const samples: Record<string, string> = {
  'www link in prose': 'See www.example.com/docs for more.',
  'https link in a heading': '## Go to https://example.com/a?b#c now',
  'email in a table cell': '| who | mail |\n| --- | --- |\n| Ann | ann@example.org |',
  'mailto and xmpp': 'Write to mailto:ann@example.org or xmpp:ann@example.org/home.',
  'upper-case scheme and www': 'HTTPS://EXAMPLE.COM and WWW.EXAMPLE.COM',
  'link split by emphasis': 'www.exa*mple*.com and ann@*example*.org',
  'character reference': 'www&#46;example.com and ann&#64;example.org',
  'escaped punctuation': 'www\\.example.com and https\\://example.com',
  'inside link text': '[www.example.com](https://example.com) and ![www.example.com logo](logo.png)',
  'image reference alt': '![ann@example.org][logo]\n\n[logo]: logo.png "https://example.com"',
  'admonition title and body': ':::note[Mail ann@example.org]\nOr visit www.example.com.\n:::',
  'footnote': 'Text[^1].\n\n[^1]: From https://example.com.',
  'marks only in code': '```bash\nnpm install @playkit/sdk\n```\n\nUse `ann@example.org` or `https://example.com`.',
  'marks only in html and a url': '<a href="https://example.com">site</a>\n\n[site](https://example.com "www.example.com")',
  'front matter': '---\ntitle: www.example.com\nauthor: ann@example.org\n---\n\n# Title',
  'task list and strikethrough': '- [x] ~~old~~ www.example.com\n- [ ] ann@example.org',
  'no marks at all': '# Plain\n\nJust prose, a [link](./other.md) and `code`.',
  'scoped package names in prose': 'Install @babel/core and @types/node, or (@scope/pkg).',
  'address taking in the emphasis before it': 'Contact _ann_@example.org or __a__@b.com.',
  'address after emphasis or html': '*ann*@example.org and <b>ann</b>@example.org and [ann](u)@example.org',
  'address with escapes and references': 'ann\\@example.org, ann&#64;example.org, a_@example.org, &#97;@example.org',
  'autolink marks inside link text': '[see https://example.com](u) [www.example.com][ref] [ann@example.org](mailto:ann@example.org)\n\n[ref]: https://example.com',
  'brackets that make no link': '[see www.example.com] and [ann@example.org][missing]',
  'link then address': '[ann](u)n@example.org and [*www.example.com*](u)',
  'table without a pipe, left-aligned': 'Name\n:---\nAnn',
  'table without a pipe, right-aligned': 'Name Age\n ---: \nAnn 3',
  'setext underline and thematic break': 'Title\n---\n\n***\n\n- - -',
  'pipe only in code': '```bash\nls | wc -l\n```\n\nNo table here.',
  'pipe-less table in a blockquote': '> Key\n> :-:\n> a',
  'colon apart from its dashes': 'Note\n: ---',
};

describe('parsing without literal autolinks first, and without tables when none can be', () => {
  // The remark path's whole tree, positions of text included; the fast parse, which places fewer
  // nodes, has its own oracle (markdown-fast-parse.test.ts) and must leave these tables to it.
  const processor = createMarkdownProcessor({ fastParse: false });
  const fastProcessor = createMarkdownProcessor({ fastParse: true });

  it.each(Object.entries(samples))('gives the tree remark-gfm gives: %s', (_name, markdown) => {
    const { mdast } = processor.parse(markdown, 'doc.md');
    expect(isDeepStrictEqual(mdast, withRemarkGfm(markdown))).toBe(true);
  });

  it.each([
    ['remark path', processor],
    ['fast parse', fastProcessor],
  ])('still makes tables whose delimiter rows have no pipe (%s)', (_name, parser) => {
    const types = (markdown: string) => parser.parse(markdown, 'doc.md').mdast.children.map((node) => node.type);
    expect(types(samples['table without a pipe, left-aligned'])).toEqual(['table']);
    expect(types(samples['table without a pipe, right-aligned'])).toEqual(['table']);
    expect(types(samples['pipe-less table in a blockquote'])).toEqual(['blockquote']);
    expect(types(samples['colon apart from its dashes'])).toEqual(['paragraph']);
  });

  it('tells text that could hold a table from text that cannot', () => {
    expect(mayHoldTable('| a |\n| - |')).toBe(true);
    expect(mayHoldTable('a\n:-')).toBe(true);
    expect(mayHoldTable('a\n-:')).toBe(true);
    expect(mayHoldTable(samples['setext underline and thematic break'])).toBe(false);
    expect(mayHoldTable(samples['colon apart from its dashes'])).toBe(false);
  });

  it('still makes literal autolinks in prose', () => {
    const { mdast } = processor.parse('Mail ann@example.org or see www.example.com.', 'doc.md');
    const paragraph = mdast.children[0];
    expect(paragraph.type === 'paragraph' && paragraph.children.filter((node) => node.type === 'link').map((node) => node.url)).toEqual([
      'mailto:ann@example.org',
      'http://www.example.com',
    ]);
  });

  it('parses again only docs whose prose has a mark an autolink could start at', () => {
    const needs = (markdown: string) => needsLiteralAutolinks(leanParser.parse(markdown));
    expect(needs(samples['marks only in code'])).toBe(false);
    expect(needs(samples['marks only in html and a url'])).toBe(false);
    expect(needs(samples['front matter'])).toBe(false);
    expect(needs(samples['no marks at all'])).toBe(false);
    expect(needs(samples['www link in prose'])).toBe(true);
    expect(needs(samples['image reference alt'])).toBe(true);
    expect(needs(samples['character reference'])).toBe(true);
    expect(needs(samples['escaped punctuation'])).toBe(true);
    expect(needs(samples['scoped package names in prose'])).toBe(false);
    expect(needs(samples['autolink marks inside link text'])).toBe(false);
    expect(needs(samples['address with escapes and references'])).toBe(true);
    expect(needs(samples['brackets that make no link'])).toBe(true);
    expect(needs(samples['address taking in the emphasis before it'])).toBe(true);
  });
});
