import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { headingRank } from 'hast-util-heading-rank';
import type { Page, Site } from '../core/site.js';
import { headingText } from '../content/plugins/rehype-headings.js';
import { maxRecordTextLength, type SearchRecord, type SearchRecordKind } from '../shared/search/search-data.js';
import { findSidebarCategory } from '../core/sidebar-queries.js';
import type { ContentSection } from '../core/compiled-doc.js';
export type { ContentSection };

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
 * popovers of names in code samples (a page serve --watch reuses has them already). They say
 * nothing a reader searches for and would fill result snippets.
 */
const boilerplateClasses = ['api-block-title', 'api-overload', 'api-relation', 'api-source', 'api-cards'];

/** Elements after which words must not run together (`<td>a</td><td>b</td>` is "a b"). */
const blockTags = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'ol', 'p', 'section', 'summary',
  'table', 'td', 'th', 'tr', 'ul',
  // An admonition's title in a doc's tree, which the page shows as a paragraph ("Note" then its text, not "NoteBy…").
  'admonition-title',
]);

/**
 * Every search record of the site: one per section of each doc, category index and API page, in
 * page order. Landing, custom and not-found pages are not searched.
 */
export function collectSearchRecords(site: Site): SearchRecord[] {
  return site.pages.flatMap((page) => pageSearchRecords(site, page));
}

/** Whether a page's content is searched: docs (not unlisted ones), category indexes and the API reference. */
export function isSearchedPage(page: Page): boolean {
  if (page.data.unlisted) return false;
  return page.kind === 'doc' || page.kind === 'category' || page.kind === 'api';
}

/** The search records of one page, in the order of its sections; none for a page that is not searched. */
export function pageSearchRecords(site: Site, page: Page): SearchRecord[] {
  const records = unversionedRecords(site, page);
  const version = page.data.docsVersion;
  return version ? records.map((record) => ({ ...record, version })) : records;
}

function unversionedRecords(site: Site, page: Page): SearchRecord[] {
  if (!isSearchedPage(page)) return [];
  switch (page.kind) {
    case 'doc':
      return sectionRecords(page, site.config.baseUrl, contentSections(page), 'doc', 'doc');
    case 'category':
      return [categoryRecord(site, page)];
    case 'api': {
      const isRoot = page.route === site.config.routes.api;
      return sectionRecords(page, site.config.baseUrl, contentSections(page), isRoot ? 'category' : 'api-symbol', isRoot ? 'category' : 'api-member');
    }
    default:
      return [];
  }
}

/**
 * A page's sections: docs bring them from compiling, API pages from the tree their HTML is
 * rendered from; other HTML (of a page whose tree had parts of unknown origin) is read back.
 */
function contentSections(page: Page): ContentSection[] {
  if (page.content) return page.content.sections;
  if (page.searchSections) return page.searchSections;
  if (page.data.html) return splitSections(fromHtml(page.data.html, { fragment: true }));
  return [{ text: '', rank: 1 }];
}

function sectionRecords(
  page: Page,
  baseUrl: string,
  sections: ContentSection[],
  pageKind: SearchRecordKind,
  sectionKind: SearchRecordKind,
): SearchRecord[] {
  // The TOC says what a heading is called; the heading itself may hold badges (`readonly`).
  const tocText = new Map(page.data.toc.map((item) => [item.id, item.text]));
  const breadcrumb = breadcrumbLabels(page, baseUrl);
  const records: SearchRecord[] = [];
  sections.forEach((section, index) => {
    const next = sections[index + 1];
    // A heading with no text of its own that only groups deeper ones ("Methods" above the methods
    // of an API page) leaves the searching to its subsections.
    const isGroupLabel = section.heading !== undefined && section.text === '' && next !== undefined && next.rank > section.rank;
    if (isGroupLabel && sectionKind === 'api-member') return;
    for (const text of boundedChunks(section.text)) {
      records.push({
        route: page.route,
        anchor: section.anchor,
        title: page.data.title,
        heading: (section.anchor && tocText.get(section.anchor)) || section.heading,
        text,
        breadcrumb,
        kind: section.heading === undefined ? pageKind : sectionKind,
      });
    }
  });
  return records;
}

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
      if (skippedTags.has(node.tagName) || isDirectLink(node) || isBoilerplate(node)) return;
      const rank = headingRank(node);
      if (rank === 1) return;
      const id = node.properties.id;
      if (rank && sectionRanks.has(rank) && typeof id === 'string') {
        flush();
        sections.push({ heading: headingText(withoutBadges(node)), anchor: id, text: '', rank });
        return;
      }
    }
    node.children.forEach(visit);
    if (node.type === 'element' && blockTags.has(node.tagName)) parts.push(' ');
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

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Cuts a long text at word boundaries into pieces of about equal length, none longer than
 * {@link maxRecordTextLength} characters (so no piece is a stray tail of a few words). Empty text
 * is one empty piece: the heading alone is still worth finding.
 */
export function boundedChunks(text: string): string[] {
  if (text.length <= maxRecordTextLength) return [text];
  const target = Math.ceil(text.length / Math.ceil(text.length / maxRecordTextLength));
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > maxRecordTextLength) {
    let end = rest.lastIndexOf(' ', target);
    if (end < target / 2) end = rest.lastIndexOf(' ', maxRecordTextLength);
    // A single "word" longer than the limit (a URL, a long identifier) is cut where it must be.
    if (end <= 0) end = maxRecordTextLength;
    chunks.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  if (rest) chunks.push(rest);
  return chunks;
}

/** The categories above a page: its breadcrumbs without the home link and the page itself. */
function breadcrumbLabels(page: Page, baseUrl: string): string[] {
  return page.data.breadcrumbs
    .slice(0, -1)
    .filter((crumb) => crumb.to !== baseUrl)
    .map((crumb) => crumb.label);
}

/** A category index is one record: its label, description and the labels of what it holds. */
function categoryRecord(site: Site, page: Page): SearchRecord {
  const item = findSidebarCategory(site.sidebars[page.data.sidebar ?? site.config.docs.sidebar.id] ?? [], page.route);
  const childLabels = (item?.items ?? []).map((child) => child.label);
  const text = collapseWhitespace([page.data.description ?? '', ...childLabels].join(' '));
  return {
    route: page.route,
    title: page.data.title,
    text: boundedChunks(text)[0],
    breadcrumb: breadcrumbLabels(page, site.config.baseUrl),
    kind: 'category',
  };
}

