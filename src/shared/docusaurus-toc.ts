import { escapeHtml } from './escape-html.js';
import type { TocItem } from './types.js';

/** A heading as Docusaurus gives it in a doc's `toc`: its `value` is HTML. */
export interface DocusaurusTocItem {
  value: string;
  id: string;
  /** 2 for `##`, 3 for `###`, … */
  level: number;
}

/** sdkdocs' headings (plain text) in Docusaurus' `toc` shape: an MDX doc's `toc` export, a swizzled TOC's prop. */
export function docusaurusToc(items: readonly TocItem[]): DocusaurusTocItem[] {
  return items.map(({ id, text, depth }) => ({ value: escapeHtml(text), id, level: depth }));
}
