/** The docs as collectContent finds them: their files, their front matter and their folders' categories. */

import type { FrontMatter } from './front-matter.js';

/** A markdown file found under the docs folder. */
export interface DocSource {
  /** Absolute path. */
  file: string;
  /** Path relative to the docs folder, with forward slashes: `getting-started/installation.md`. */
  relativePath: string;
  /** Folder of the doc relative to the docs folder ('' at the top). */
  dir: string;
  raw: string;
}

/** A doc after front matter and markdown parsing. */
export interface Doc {
  source: DocSource;
  /** `getting-started/installation`, or the front matter `id` in the doc's folder. */
  id: string;
  frontMatter: FrontMatter;
  title: string;
  sidebarLabel: string;
  sidebarPosition?: number;
  description?: string;
  /** Route with base URL. */
  route: string;
  /** Where each front matter key is written (1-based line and column), for diagnostics about its value. */
  frontMatterPositions: Record<string, { line: number; column: number }>;
  /**
   * Docusaurus' category index convention: `index.md`, `README.md` or `<folder>/<folder>.md` (any
   * case). Its route is its folder's, and it becomes its folder category's page.
   */
  isCategoryIndex: boolean;
  /** `unlisted: true` in a production build: built, but in no sidebar, search or sitemap, and marked noindex. */
  unlisted: boolean;
  /** `draft: true` in a serve --watch build (production builds leave drafts out altogether). */
  draft: boolean;
}

/** A `_category_.json` (or an implicit folder category). */
export interface Category {
  /** Folder relative to the docs folder. */
  dir: string;
  label: string;
  position?: number;
  collapsible?: boolean;
  collapsed?: boolean;
  /** Route of the category's page: its generated index, or the doc it links to. */
  indexRoute?: string;
  /** Whether `indexRoute` is a generated index page (`link: {type: "generated-index"}`). */
  generatedIndex: boolean;
  /** The doc that is the category's page (`link: {type: "doc"}`, or an index doc by convention). */
  linkedDoc?: Doc;
  description?: string;
  className?: string;
  customProps?: Record<string, unknown>;
  /** What `_category_.json` says, as written (empty for a folder without one). */
  metadata: CategoryMetadata;
  /** The `_category_.json` file, for error messages. */
  file?: string;
}

/** The keys of a `_category_.json` (or `.yml`). */
export interface CategoryMetadata {
  label?: string;
  position?: number;
  collapsible?: boolean;
  collapsed?: boolean;
  className?: string;
  customProps?: Record<string, unknown>;
  description?: string;
  /** Absent: a folder's index doc, if any, is the category's page; null: the category has no page. */
  link?:
    | { type: 'generated-index'; slug?: string; title?: string; description?: string; keywords?: string[]; image?: string }
    | { type: 'doc'; id: string }
    | null;
}
