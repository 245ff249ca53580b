import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { commentHeadingIdsAsBraces, takeExplicitHeadingId } from './heading-id.js';

const parser = unified().use(remarkParse);

/*
 * What a doc's raw text says before it is compiled: its front matter block and its title. The
 * content stage reads them to route the doc, the render stage to write its markdown copy.
 */

/** A `---` block at the very top of a doc, its YAML in the first group. */
export const frontMatterFence = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/** The markdown body of a doc: its text without the front matter block. */
export function stripFrontMatter(raw: string): string {
  const match = frontMatterFence.exec(raw);
  return match ? raw.slice(match[0].length) : raw;
}

/** A line that could be an h1: `# Title`, or the `===` under a setext one. */
const possibleH1 = /^ {0,3}(?:#(?:[ \t]|$)|=+[ \t]*$)/m;

/**
 * The text of the first h1 at the top level of a doc's body (front matter removed), outside
 * code: a `# comment` in a shell block is no title. Only the lines up to the first line that
 * could be an h1 are parsed, since whether a line is a heading depends only on the lines above
 * it; the whole body is parsed only when that first candidate turns out to be something else.
 */
export function firstH1Text(written: string): string | undefined {
  const body = commentHeadingIdsAsBraces(written);
  const candidate = possibleH1.exec(body);
  if (!candidate) return undefined;
  const plain = plainLeadingH1.exec(body);
  if (plain) return plain[1];
  const lineEnd = body.indexOf('\n', candidate.index);
  const prefix = lineEnd === -1 ? body : body.slice(0, lineEnd);
  return h1Of(parser.parse(prefix), prefix) ?? (lineEnd === -1 ? undefined : h1Of(parser.parse(body), body));
}

/**
 * The common case, answered without a parse: the body opens (after blank lines only) with an ATX
 * h1 whose text has no markdown syntax in it, so nothing above can make it anything else and its
 * text is what is written. Anything else (emphasis, links, escapes, a closing `#`) is parsed.
 */
const plainLeadingH1 = /^(?:[ \t]*\r?\n)*[ ]{0,3}#[ \t]+([A-Za-z0-9][A-Za-z0-9 ,.:;'"?/()-]*?)[ \t]*\r?(?:\n|$)/;

function h1Of(tree: Root, source: string): string | undefined {
  const heading = tree.children.find((node): node is Heading => node.type === 'heading' && node.depth === 1);
  // The title is the h1 as the page shows it: `# Title {#id}` is titled `Title`.
  if (heading && source.includes('{#')) takeExplicitHeadingId(heading, source);
  const text = heading && toString(heading).trim();
  return text || undefined;
}
