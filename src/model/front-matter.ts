/**
 * Parsed Docusaurus front matter of one doc, its keys checked against their types
 * (`src/content/front-matter-keys.ts`).
 */
export interface FrontMatter {
  id?: string;
  title?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  slug?: string;
  description?: string;
  keywords?: string[];
  image?: string;
  hide_title?: boolean;
  hide_table_of_contents?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  sidebar_class_name?: string;
  sidebar_custom_props?: Record<string, unknown>;
  displayed_sidebar?: string | null;
  pagination_label?: string;
  /** A doc id; null hides the link. */
  pagination_next?: string | null;
  pagination_prev?: string | null;
  /** null or '' hides the edit link. */
  custom_edit_url?: string | null;
  parse_number_prefixes?: boolean;
  tags?: (string | { label: string; permalink?: string; description?: string })[];
  draft?: boolean;
  unlisted?: boolean;
  last_update?: { date?: string | Date; author?: string };
  [key: string]: unknown;
}
