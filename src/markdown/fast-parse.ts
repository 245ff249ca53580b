import type { Root, Yaml } from 'mdast';
import { createMarkdownItTokenizer, type PlacedToken } from './markdown-it-tokenizer.js';
import { skipChildren, walkTree } from './plugins/walk-tree.js';
import { tokensToMdast, UnsupportedMarkdown } from './tokens-to-mdast.js';

/*
 * remark-parse (micromark) reads prose at 1.5–2 MB/s and its events weigh on the garbage
 * collector for the rest of the compile; markdown-it reads the same text an order of magnitude
 * faster. The fast parse gives a plain doc's mdast from markdown-it's tokens, exactly the tree the
 * lean remark parser gives (tests/markdown-fast-parse.test.ts parses every markdown file the
 * project has both ways, and a seeded fuzz run more); every doc it does not cover, by the cheap
 * tests here or because the tokens hold something the converter does not convert, is left to
 * remark-parse. `SDKDOCS_FAST_PARSE=0` turns it off.
 */

/** Whether the fast parse is on: everywhere but where `SDKDOCS_FAST_PARSE=0` is set. */
export function fastParseEnabled(): boolean {
  return process.env.SDKDOCS_FAST_PARSE !== '0';
}

/**
 * Docs the fast parse leaves to remark-parse at a glance, wherever it is in the text: CR line
 * endings (markdown-it rewrites them, which would move every offset), a byte order mark
 * (micromark drops it) and NUL (micromark replaces it).
 */
const unplaceableText = /\r|\uFEFF|\0/;

/** GFM footnotes, and leaf directives (`::name`, by a wide net): remark-parse reads them. */
const needsRemarkParse = /\[\^|^[ \t>*+\-.)0-9]*::(?!:)/m;

/**
 * `{#id}` written escaped or as character references: remark-heading-ids reads the text node's
 * place in the source to tell, and the fast parse does not place text nodes.
 */
const escapedHeadingIdMark = /\\[{#]|&(?:#0*(?:123|35)|#x0*(?:7b|23)|lbrace|lcub|num);/i;

/**
 * Block structure the two parsers place differently: block quote lines with nothing after their
 * markers (blank lines inside a quote), indented lines right after a quote (lazy or code), a
 * table header over a delimiter row without a pipe, an aligned delimiter row without one (a
 * one-column table for remark-gfm), and raw HTML on a line that may continue a
 * list item or a quote lazily. One `^` before all the alternatives, not one in each: the scan
 * then tries them at line starts only.
 */
const differentlyReadBlocks = /^(?:[ \t]*>[ \t>]*$|[ \t]*>.*\n {4}|.*\|.*\n[ \t>]*:?-+:?[ \t]*$|[ \t>]*(?::-+:?|-+:)[ \t]*$|(?:[ \t]*(?:[*+-]|\d+[.)]|>)[ \t]|[ \t]+\S).*\n[ \t]{0,3}<)/m;

/**
 * A quote, and a line of raw HTML right under text: the HTML may continue the quote's paragraph
 * lazily, lines further down than the block test above reaches, and the parsers break its lines
 * differently.
 */
const quoteLine = /^[ \t]{0,3}>/m;
const htmlUnderText = /[^\n]\n[ \t]{0,3}</;

/**
 * A `:` before a character a text directive's name can start with (not whitespace nor ASCII
 * punctuation) may be a text directive (`:abbr[HTML]`); such prose goes to remark-parse.
 */
const textDirectiveMark = /:[^\s!-/:-@[-`{-~]/;

/**
 * Text remark-gfm and markdown-it could read differently: emphasis or strikethrough marks against a character
 * reference or an escape, whose flanking the two parsers judge by different characters, runs of
 * four or more marks or of three within a word, a backslash break before raw HTML, and empty list
 * items. Tildes are judged on the tree: `~~struck~~` reads the same, and a tilde markdown-it
 * leaves in the text (`~one~`, which remark-gfm strikes through too, or a run of three) sends
 * the doc to remark-parse; tildes in code and fences never matter.
 */
const differentlyReadText = /[*_~][&\\]|[;\\][*_~]|[*_]{4,}|[^\s*_][*_]{3}[^\s*_]|\\\n[ \t]*<|^[ \t>]*(?:[*+-]|\d+[.)])[ \t]*$/m;

/**
 * Whether the text holds something the two parsers may read differently: the cheap tests above.
 * They look at lines, not at blocks, so a `>` or `<` at the start of a line of a code fence trips
 * them as it would in prose.
 */
function mayReadDifferently(text: string): boolean {
  if (needsRemarkParse.test(text) || differentlyReadText.test(text) || differentlyReadBlocks.test(text) || escapedHeadingIdMark.test(text)) return true;
  return quoteLine.test(text) && htmlUnderText.test(text);
}

/** The fast parser of one thread: the mdast of a doc, or undefined for remark-parse to parse it. */
export function createFastParser(): (text: string) => Root | undefined {
  const tokenize = createMarkdownItTokenizer();
  return (text) => {
    if (unplaceableText.test(text)) return undefined;
    const frontMatter = frontMatterOf(text);
    // An opening fence without its closing one: remark-frontmatter's failed attempt reads on differently.
    if (!frontMatter && /^---[ \t]*\n/.test(text)) return undefined;
    const flagged = mayReadDifferently(text);
    // Code fences hold the code samples of real docs, whose lines often start with `>` or `<`; a
    // doc whose only trouble is inside them is tested again with their code left out (below).
    if (flagged && !text.includes('```') && !text.includes('~~~')) return undefined;
    // Spaces keep every offset and line where it is, and markdown-it reads them as blank lines.
    const body = frontMatter ? text.slice(0, frontMatter.end).replace(/[^\n]/g, ' ') + text.slice(frontMatter.end) : text;
    const tokenized = tokenize(body);
    if (tokenized.unsupported || tokenized.hasReferences) return undefined;
    if (flagged && mayReadDifferently(withoutOutermostFenceCode(text, tokenized.tokens))) return undefined;
    let mdast: Root;
    try {
      mdast = tokensToMdast(tokenized.tokens, text);
    } catch (error) {
      if (error instanceof UnsupportedMarkdown) return undefined;
      throw error;
    }
    if (mayHoldTextDirective(mdast) || mixesStrikethroughAndEmphasis(mdast, text)) return undefined;
    if (frontMatter) mdast.children.unshift(frontMatter.node);
    return mdast;
  };
}

/**
 * The text with the code lines of each fence outside any list or quote emptied: both parsers
 * take those lines as they are, so nothing in them can be read differently. Fences inside a
 * list or a quote keep their lines, since where those containers end is what the tests are for;
 * `:::` containers at the top level hold no markers, and their fences are emptied too.
 */
function withoutOutermostFenceCode(text: string, tokens: readonly PlacedToken[]): string {
  const lines = text.split('\n');
  let containers = 0;
  for (const token of tokens) {
    if (token.type === 'directive_open' || token.type === 'directive_close') continue;
    if (token.nesting === 1 && token.block) containers++;
    else if (token.nesting === -1 && token.block) containers--;
    else if (token.type === 'fence' && token.map && containers === 0) {
      const [opening, next] = token.map;
      const closed = next - opening >= 2 && closingFence(token.markup).test(lines[next - 1] ?? '');
      for (let line = opening + 1; line < (closed ? next - 1 : next); line++) lines[line] = '';
    }
  }
  return lines.join('\n');
}

/** A fence's closing line for an opening of `markup` (three or more backticks or tildes). */
function closingFence(markup: string): RegExp {
  const mark = markup[0] === '~' ? '~' : '`';
  return new RegExp(`^ {0,3}${mark}{${markup.length},}[ \\t]*$`);
}
/** Whether some prose of the tree (text, or an image's alt) could start a text directive. */
function mayHoldTextDirective(tree: Root): boolean {
  let found = false;
  walkTree(tree, (node) => {
    if (found) return skipChildren;
    if (node.type === 'text' && 'value' in node && typeof node.value === 'string') found = textDirectiveMark.test(node.value) || node.value.includes('~');
    else if ('alt' in node && typeof node.alt === 'string') found = textDirectiveMark.test(node.alt) || node.alt.includes('~');
  });
  return found;
}

/**
 * Whether a paragraph, heading or table cell has both tildes and emphasis marks: where their
 * runs overlap, the two parsers pair them differently.
 */
function mixesStrikethroughAndEmphasis(tree: Root, text: string): boolean {
  if (!text.includes('~')) return false;
  let found = false;
  walkTree(tree, (node) => {
    if (found) return skipChildren;
    if (node.type !== 'paragraph' && node.type !== 'heading' && node.type !== 'tableCell') return undefined;
    const source = text.slice(node.position?.start.offset, node.position?.end.offset);
    found = source.includes('~') && /[*_]/.test(source);
    return skipChildren;
  });
  return found;
}

/**
 * YAML front matter as remark-frontmatter reads it: `---` on the first line and a later line,
 * each with nothing after it but spaces or tabs; `end` is the offset after the closing fence's line.
 */
function frontMatterOf(text: string): { node: Yaml; end: number } | undefined {
  const opening = /^---[ \t]*\n/.exec(text);
  if (!opening) return undefined;
  const closing = /(^|\n)---[ \t]*(?=\n|$)/g;
  closing.lastIndex = opening[0].length - 1;
  const match = closing.exec(text);
  if (!match) return undefined;
  const fenceStart = match.index + match[1].length;
  const end = match.index + match[0].length;
  const value = text.slice(opening[0].length, Math.max(opening[0].length, fenceStart - 1));
  const lines = text.slice(0, end).split('\n');
  return {
    node: {
      type: 'yaml',
      value,
      position: { start: { line: 1, column: 1, offset: 0 }, end: { line: lines.length, column: lines[lines.length - 1].length + 1, offset: end } },
    },
    end,
  };
}
