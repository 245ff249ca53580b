import { createElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiIndexPage, ApiSymbolPage } from '../../templates/api/ApiPages.js';
import { ApiChangesContent } from '../../templates/ApiChanges.js';
import { TableOfContentsMobile } from '../../templates/DocParts.js';
import type { ApiPageContent } from '../model/api-page-content.js';
import { splitSections } from '../markdown/content-sections.js';
import { hastOfReactTree } from '../ssr/element-tree.js';
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
    const mobileToc = createElement(TableOfContentsMobile, { items: page.data.toc, inContent: true });
    page.data.html = renderToStaticMarkup(apiPageTree(page.api, mobileToc));
  }
}

function apiPageTree(content: ApiPageContent, mobileToc?: ReactNode): ReactElement {
  switch (content.template) {
    case 'index':
      return createElement(ApiIndexPage, { index: content.view, mobileToc });
    case 'symbol':
      return createElement(ApiSymbolPage, { symbol: content.view, mobileToc });
    case 'changes':
      return createElement(ApiChangesContent, { view: content.view, mobileToc });
  }
}
