import { fromHtml } from 'hast-util-from-html';
import type { Page, Site } from '../core/site.js';
import { collapseWhitespace, splitSections } from '../markdown/content-sections.js';
import { maxRecordTextLength, type SearchRecord, type SearchRecordKind } from '../shared/search/search-data.js';
import { findSidebarCategory } from '../core/sidebar-queries.js';
import type { ContentSection } from '../model/compiled-doc.js';

/**
 * Every search record of the site: one per section of each doc, category index, API page and blog post, in
 * page order. Landing, custom and not-found pages are not searched.
 */
export function collectSearchRecords(site: Site): SearchRecord[] {
  return site.pages.flatMap((page) => pageSearchRecords(site, page));
}

/** Whether a page's content is searched: docs (not unlisted ones), category indexes, the API reference and blog posts. */
export function isSearchedPage(page: Page): boolean {
  if (page.data.unlisted) return false;
  return page.kind === 'doc' || page.kind === 'category' || page.kind === 'api' || page.kind === 'blogPost';
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
    case 'blogPost':
      // Labelled as the blog's in the results, where a doc shows its categories.
      return sectionRecords(page, site.config.baseUrl, contentSections(page), 'doc', 'doc').map((record) => ({ ...record, breadcrumb: [site.blog?.options.blogTitle ?? 'Blog'] }));
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

