import { fromHtml } from 'hast-util-from-html';
import type { Page, Site } from '../core/site.js';
import { collapseWhitespace, splitSections } from '../markdown/content-sections.js';
import { maxRecordTextLength, type SearchRecord, type SearchRecordKind } from '../shared/search/search-data.js';
import { findSidebarCategory } from '../core/sidebar-queries.js';
import type { ContentSection } from '../model/compiled-doc.js';
import type { RouteData } from '../shared/types.js';
import { isSameData } from '../core/same-data.js';

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
  const searched = searchedPageOf(site, page);
  return searched ? searchedPageRecords(searched) : [];
}

/**
 * All that a searched page's records are made of: buildSearchIndex hands it to the engine as the
 * page's input, so a page is searched again exactly when one of these changed.
 */
export interface SearchedPage {
  kind: 'doc' | 'category' | 'api' | 'blogPost';
  route: string;
  title: string;
  breadcrumbs: RouteData['breadcrumbs'];
  toc: RouteData['toc'];
  /** The docs version the page belongs to, when it is a past or named one. */
  version: string | undefined;
  /** The page's sections, from its compile or the tree its HTML was rendered from. */
  sections: ContentSection[] | undefined;
  /** The HTML sections are read from when the page brings none; empty when it does. */
  html: string;
  baseUrl: string;
  apiRoute: string;
  /** A post's label in the results: the blog's title. */
  blogTitle: string | undefined;
  /** A category index's description and the labels of what it holds, from the sidebar. */
  category: { description: string; childLabels: (string | undefined)[] } | undefined;
}

/** What a page's records are made of, or undefined for a page that is not searched. */
export function searchedPageOf(site: Site, page: Page): SearchedPage | undefined {
  if (!isSearchedPage(page)) return undefined;
  const kind = page.kind as SearchedPage['kind'];
  const sections = kind === 'category' ? undefined : (page.content?.sections ?? page.searchSections);
  return {
    kind,
    route: page.route,
    title: page.data.title,
    breadcrumbs: page.data.breadcrumbs,
    toc: page.data.toc,
    version: page.data.docsVersion,
    sections,
    html: sections || kind === 'category' ? '' : page.data.html,
    baseUrl: site.config.baseUrl,
    apiRoute: site.config.routes.api,
    blogTitle: kind === 'blogPost' ? (site.blog?.options.blogTitle ?? 'Blog') : undefined,
    category: kind === 'category' ? categoryOf(site, page) : undefined,
  };
}

/** Whether two versions of a page make the same records; the lists are usually the very same arrays (an unchanged page). */
export function isSameSearchedPage(a: SearchedPage, b: SearchedPage): boolean {
  return (
    a.kind === b.kind &&
    a.route === b.route &&
    a.title === b.title &&
    a.version === b.version &&
    a.html === b.html &&
    a.baseUrl === b.baseUrl &&
    a.apiRoute === b.apiRoute &&
    a.blogTitle === b.blogTitle &&
    isSameData(a.category, b.category) &&
    isSameData(a.breadcrumbs, b.breadcrumbs) &&
    isSameData(a.toc, b.toc) &&
    isSameData(a.sections, b.sections)
  );
}

/** The search records of a searched page, in the order of its sections. */
export function searchedPageRecords(page: SearchedPage): SearchRecord[] {
  const records = unversionedRecords(page);
  const version = page.version;
  return version ? records.map((record) => ({ ...record, version })) : records;
}

function unversionedRecords(page: SearchedPage): SearchRecord[] {
  switch (page.kind) {
    case 'doc':
      return sectionRecords(page, contentSections(page), 'doc', 'doc');
    case 'category':
      return [categoryRecord(page)];
    case 'blogPost':
      // Labelled as the blog's in the results, where a doc shows its categories.
      return sectionRecords(page, contentSections(page), 'doc', 'doc').map((record) => ({ ...record, breadcrumb: [page.blogTitle!] }));
    case 'api': {
      const isRoot = page.route === page.apiRoute;
      return sectionRecords(page, contentSections(page), isRoot ? 'category' : 'api-symbol', isRoot ? 'category' : 'api-member');
    }
  }
}

/**
 * A page's sections: docs bring them from compiling, API pages from the tree their HTML is
 * rendered from; other HTML (of a page whose tree had parts of unknown origin) is read back.
 */
function contentSections(page: SearchedPage): ContentSection[] {
  if (page.sections) return page.sections;
  if (page.html) return splitSections(fromHtml(page.html, { fragment: true }));
  return [{ text: '', rank: 1 }];
}

function sectionRecords(
  page: SearchedPage,
  sections: ContentSection[],
  pageKind: SearchRecordKind,
  sectionKind: SearchRecordKind,
): SearchRecord[] {
  // The TOC says what a heading is called; the heading itself may hold badges (`readonly`).
  const tocText = new Map(page.toc.map((item) => [item.id, item.text]));
  const breadcrumb = breadcrumbLabels(page);
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
        title: page.title,
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
function breadcrumbLabels(page: SearchedPage): string[] {
  return page.breadcrumbs
    .slice(0, -1)
    .filter((crumb) => crumb.to !== page.baseUrl)
    .map((crumb) => crumb.label);
}

/** What a category index's record tells of it: its description and the labels of what it holds. */
function categoryOf(site: Site, page: Page): SearchedPage['category'] {
  const item = findSidebarCategory(site.sidebars[page.data.sidebar ?? site.config.docs.sidebar.id] ?? [], page.route);
  return { description: page.data.description ?? '', childLabels: (item?.items ?? []).map((child) => child.label) };
}

/** A category index is one record: its label, description and the labels of what it holds. */
function categoryRecord(page: SearchedPage): SearchRecord {
  const { description, childLabels } = page.category!;
  const text = collapseWhitespace([description, ...childLabels].join(' '));
  return {
    route: page.route,
    title: page.title,
    text: boundedChunks(text)[0],
    breadcrumb: breadcrumbLabels(page),
    kind: 'category',
  };
}
