import type { Element, ElementContent, Root, RootContent } from 'hast';
import { headingRank } from 'hast-util-heading-rank';
import { toString } from 'hast-util-to-string';
import type { ContentSection } from '../model/compiled-doc.js';

/*
 * A page's content split into the sections search indexes. Here rather than in the search stage
 * because the stages that make a page's tree (parseMarkdown, MDX, the API pages) split it while
 * they hold it, so search never parses their HTML back.
 */

/**
 * Headings of these ranks start a record of their own; deeper headings stay inside their
 * section's text. h2 and h3 are what the table of contents links to, and an h3 deep in a long
 * page is exactly what a reader searches for.
 */
const sectionRanks = new Set([2, 3]);

/** Content that is not prose: code blocks are long and noisy, the rest is markup or chrome. */
const skippedTags = new Set(['pre', 'script', 'style', 'svg', 'template', 'button', 'nav']);

/**
 * Classes of API page chrome that repeats on every entry: labels (`Example`, `Default value`,
 * `Parameters`), `Overload 1 of 2`, `Inherited from …`, `Defined in sdk/src/….ts:83`, and the
 * popovers of names in code samples (a page serve --watch reuses has them already), badges
 * (`beta`, `readonly`) and the titles of the collapsed member groups (`Inherited`). They say
 * nothing a reader searches for and would fill result snippets.
 */
const boilerplateClasses = ['api-block-title', 'api-overload', 'api-relation', 'api-source', 'api-cards', 'api-badges', 'api-member-group-title'];

/** Elements after which words must not run together (`<td>a</td><td>b</td>` is "a b"). */
const blockTags = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'ol', 'p', 'section', 'summary',
  'table', 'td', 'th', 'tr', 'ul',
  // An admonition's title in a doc's tree, which the page shows as a paragraph ("Note" then its text, not "NoteBy…").
  'admonition-title',
]);

/**
 * Splits content at its h2/h3 headings (wherever they are nested) into the page's top and one
 * section per heading, each with its plain text.
 */
export function splitSections(tree: Root): ContentSection[] {
  const sections: ContentSection[] = [{ text: '', rank: 1 }];
  let parts: string[] = [];
  const flush = () => {
    sections[sections.length - 1].text = collapseWhitespace(parts.join(''));
    parts = [];
  };
  const visit = (node: Root | RootContent | ElementContent) => {
    if (node.type === 'text') {
      parts.push(node.value);
      return;
    }
    if (node.type !== 'element' && node.type !== 'root') return;
    if (node.type === 'element') {
      if (skippedTags.has(node.tagName) || isDirectLink(node) || isBoilerplate(node) || node.properties.dataTocMobile !== undefined) return;
      const rank = headingRank(node);
      if (rank === 1) return;
      const id = node.properties.id;
      if (rank && sectionRanks.has(rank) && typeof id === 'string') {
        flush();
        sections.push({ heading: headingText(withoutBadges(node)), anchor: id, text: '', rank });
        return;
      }
    }
    // Both sides: a parameter's type in <code> runs into the <div> of its description ("numberThe").
    const block = node.type === 'element' && blockTags.has(node.tagName);
    if (block) parts.push(' ');
    node.children.forEach(visit);
    if (block) parts.push(' ');
  };
  visit(tree);
  flush();
  return sections;
}

/** The `#` direct-link anchor appended to headings (rehype-headings). */
function isDirectLink(node: Element): boolean {
  const className = node.properties.className;
  return node.tagName === 'a' && Array.isArray(className) && className.includes('hash-link');
}

/**
 * An API member's heading without its badges (`optional`, `inherited`): the TOC, which names
 * headings otherwise, leaves out the members of collapsed groups.
 */
function withoutBadges(node: Element): Element {
  const isBadge = (child: ElementContent) => child.type === 'element' && (child.properties.className as string[] | undefined)?.includes('api-badge') === true;
  return node.children.some(isBadge) ? { ...node, children: node.children.filter((child) => !isBadge(child)) } : node;
}

function isBoilerplate(node: Element): boolean {
  const className = node.properties.className;
  return Array.isArray(className) && className.some((name) => boilerplateClasses.includes(String(name)));
}

/**
 * Every run of whitespace as one space, trimmed. The single spaces between words, most of the
 * runs, are left as they are rather than replaced by an equal one.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/ \s+|(?! )\s+/g, ' ').trim();
}

/** A heading's text without its `#` direct link; the outline and search both name headings by it. */
export function headingText(node: Element): string {
  return toString({
    ...node,
    children: node.children.filter(
      (child) => !(child.type === 'element' && (child.properties.className as string[] | undefined)?.includes('hash-link')),
    ),
  }).trim();
}
