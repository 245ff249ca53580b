import { splitSections } from '../markdown/content-sections.js';
import { hastOfReactTree } from '../ssr/element-tree.js';
import { apiPageHtml, apiPageTree } from '../ssr/api-page-html.js';
import type { Site } from '../core/site.js';

/**
 * Renders the API pages the API stages left as views: each page's HTML from its template, and its
 * search sections from the same tree. Runs before the link check and search, which read both; a
 * page serve --watch reused from the previous build has its HTML already.
 */
export async function renderApiPages(site: Site): Promise<void> {
  for (const page of site.pages) {
    if (!page.api || page.data.html !== '') continue;
    // Search reads the page's own text, not the outline's copy of its headings.
    const hast = hastOfReactTree(apiPageTree(page.api));
    if (hast) page.searchSections = splitSections(hast);
    page.data.html = apiPageHtml(page.api, page.data.toc);
  }
}
