import type { ApiChangesView, ApiIndexView, ApiSymbolView } from '../shared/api-views.js';

/**
 * What an API page shows, as the API stage leaves it: the view its template renders, plain data
 * with TSDoc as compiled trees and no HTML. The render stage turns it into the page's HTML and,
 * from the same React tree, its search sections.
 */
export type ApiPageContent =
  | { template: 'index'; view: ApiIndexView }
  | { template: 'symbol'; view: ApiSymbolView }
  | { template: 'changes'; view: ApiChangesView };
