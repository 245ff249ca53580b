import type { ComponentType } from 'react';
import type { RouteData, SiteData } from '../shared/types.js';
import type { ApiPageContent } from './api-page-content.js';
import type { BlogPageView } from './blog.js';
import type { CompiledDoc, ContentSection, SourceLink } from './compiled-doc.js';

/** One route the build emits. */
export interface Page {
  route: string;
  kind: RouteData['kind'];
  /** The file the page comes from, for diagnostics. */
  sourceFile?: string;
  /** The line in `sourceFile` that gives the page its route (a `slug`), for diagnostics. */
  sourceLine?: number;
  /**
   * A doc's compiled content (HTML, outline, ids, links, search text, diagrams), from
   * parseMarkdown. Other pages have their HTML in `data.html` or a component.
   */
  content?: CompiledDoc;
  /** An API page's view, from the API stage; renderApiPages makes its HTML and search sections. */
  api?: ApiPageContent;
  /** An API page's content split into search sections, from the tree its HTML was rendered from. */
  searchSections?: ContentSection[];
  /** A blog page's view (a list, a post, a tag …), whose HTML renderPages makes. */
  blog?: BlogPageView;
  /** A custom React page's component, rendered to static HTML by renderPages. */
  component?: ComponentType<{ site: SiteData }>;
  /** All that the client needs; `html` is filled by renderPages. */
  data: RouteData;
  /** Every element id on the page, for anchor checks (filled by renderPages and the API stage). */
  anchors: Set<string>;
  links: SourceLink[];
}
