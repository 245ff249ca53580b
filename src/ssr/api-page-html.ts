import { createElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiIndexPage, ApiSymbolPage } from '../../templates/api/ApiPages.js';
import { ApiChangesContent } from '../../templates/ApiChanges.js';
import { TableOfContentsMobile } from '../../templates/DocParts.js';
import type { ApiPageContent } from '../model/api-page-content.js';
import type { TocItem } from '../shared/types.js';

/** An API page's content HTML: its template, with the "On this page" box of `toc` below its title. */
export function apiPageHtml(content: ApiPageContent, toc: TocItem[]): string {
  return renderToStaticMarkup(apiPageTree(content, createElement(TableOfContentsMobile, { items: toc, inContent: true })));
}

/** The React tree of an API page's content; the mobile outline goes below its title. */
export function apiPageTree(content: ApiPageContent, mobileToc?: ReactNode): ReactElement {
  switch (content.template) {
    case 'index':
      return createElement(ApiIndexPage, { index: content.view, mobileToc });
    case 'symbol':
      return createElement(ApiSymbolPage, { symbol: content.view, mobileToc });
    case 'changes':
      return createElement(ApiChangesContent, { view: content.view, mobileToc });
  }
}
