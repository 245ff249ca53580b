import type { ReactNode } from 'react';
import type { ApiIndexView, ApiSymbolView } from '../../templates/api/types.js';
import type { ApiChangesView } from '../../templates/ApiChanges.js';

/** The React trees that HTML given to `dangerouslySetInnerHTML` was rendered from, by that HTML. */
export type HtmlFragments = ReadonlyMap<string, ReactNode>;

/**
 * What an API page shows, as the API stage leaves it: the view its template renders (TSDoc already
 * HTML), and the trees of that HTML, so the page's search sections are split from the tree without
 * parsing HTML back. The render stage turns it into the page's HTML and search sections.
 */
export type ApiPageContent =
  | { template: 'index'; view: ApiIndexView; fragments: HtmlFragments }
  | { template: 'symbol'; view: ApiSymbolView; fragments: HtmlFragments }
  | { template: 'changes'; view: ApiChangesView; fragments: HtmlFragments };
