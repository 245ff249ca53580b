/**
 * Data shapes shared by the build (Node) and the browser runtime. Everything here is plain JSON:
 * the build serialises it into pages and route files, the client reads it back unchanged.
 */

/** A link target as the theme renders it: an internal route (`to`) or an external URL (`href`). */
export interface NavLink {
  label: string;
  /** Absolute site path including the base URL, e.g. `/sdk/docs/intro`. */
  to?: string;
  /** External URL, opened as is. */
  href?: string;
}

export type NavbarItemPosition = 'left' | 'right';

/** A navbar item after resolution: internal links carry the base URL already. */
export interface NavbarItemData {
  /** `custom-…`: drawn by the component the site's `src/theme/NavbarItem/ComponentTypes` maps the type to. */
  type: 'link' | 'dropdown' | 'docSidebar' | 'docsVersionDropdown' | 'html' | `custom-${string}`;
  label: string;
  /** The label as HTML (the config's `html`), or for an `html` item its markup. */
  html?: string;
  to?: string;
  href?: string;
  position: NavbarItemPosition;
  /** Route prefix that marks the item active, e.g. `/sdk/docs/`. */
  activeBasePath?: string;
  /** A regular expression over the page's path that, when given, alone decides whether the item is active (Docusaurus' `activeBaseRegex`). */
  activeBaseRegex?: string;
  /** Of a dropdown: never marked active, even when one of its entries is. */
  dropdownActiveClassDisabled?: boolean;
  /** Classes the config gives the item's element. */
  className?: string;
  /** `target`, `rel`, `aria-label` and `title` as the config gives them; null leaves the attribute out. */
  attributes?: Record<string, string | null>;
  items?: NavbarItemData[];
  /** Of a version dropdown: entries before and after the versions. */
  itemsBefore?: NavbarItemData[];
  itemsAfter?: NavbarItemData[];
  /** Of a `custom-…` item: the config's other keys, the props of its component. */
  props?: Record<string, unknown>;
}

export interface FooterLinkColumn {
  title?: string;
  items: (
    | (NavLink & {
        /** Classes the config gives the link (an icon drawn by the site's CSS). */
        className?: string;
        /** `target`, `rel`, `aria-label` and `title` as the config gives them; null leaves the attribute out. */
        attributes?: Record<string, string | null>;
      })
    /** An item of raw HTML, written as it is. */
    | { html: string }
  )[];
}

export interface FooterData {
  style: 'light' | 'dark';
  links: FooterLinkColumn[];
  /** Without `width` and `height` the logo is 32 px high; `srcDark` is shown in dark mode instead. */
  logo?: { src: string; srcDark?: string; alt: string; href?: string; width?: number | string; height?: number | string };
  /** HTML. */
  copyright?: string;
  /** The content licence notice shown under the copyright. */
  license?: string;
}

export interface AnnouncementBarData {
  id: string;
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export interface ColorModeData {
  defaultMode: 'light' | 'dark';
  disableSwitch: boolean;
  respectPrefersColorScheme: boolean;
}

export interface LocaleData {
  label: string;
  direction: 'ltr' | 'rtl';
  htmlLang: string;
  calendar: string;
  path: string;
}

/** Docs-version metadata, as Docusaurus exposes it (spec section 3). */
export interface DocsVersionData {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  /** `docs.mainDocId`, else the doc at the docs root, else the first doc of the sidebar ('' when there is no doc). */
  mainDocId: string;
  /** The main doc's route, where the landing page's "Get started" goes. */
  mainDocPath?: string;
  /**
   * Every doc of the version. The build has it; pages leave it out (it grows with the site) and
   * the client loads it from a hashed data file when it needs it.
   */
  docs?: { id: string; path: string; sidebar: string }[];
  sidebars: string[];
  /** The notice on the version's pages: newer than the last version, or no longer maintained. */
  banner?: 'unreleased' | 'unmaintained';
  /** Its docs show "Version: {label}" above their title. */
  badge?: boolean;
}

export interface SidebarDocItem {
  type: 'doc' | 'link';
  label: string;
  /** Route with base URL. */
  to: string;
  docId?: string;
  /** `sidebar_class_name` of the doc: a class on its sidebar entry. */
  className?: string;
  /** `sidebar_custom_props` of the doc, kept for themes. */
  customProps?: Record<string, unknown>;
  /** A deprecated API declaration: its label is struck through and read out as deprecated. */
  deprecated?: boolean;
}

export interface SidebarCategoryItem {
  type: 'category';
  label: string;
  /** The category's generated index page, when it has one. */
  to?: string;
  collapsible: boolean;
  collapsed: boolean;
  items: SidebarItem[];
  /** `className` of the category (else of the doc it links to): a class on its sidebar entry. */
  className?: string;
  /** `customProps` of the category (else of the doc it links to), kept for themes. */
  customProps?: Record<string, unknown>;
  /**
   * Set in a page's own copy of a sidebar when the items of this collapsed category were left out
   * to keep pages small; the client loads them from the full sidebar file when it is expanded.
   */
  itemsOmitted?: boolean;
}

/** `{type: 'html'}` of a sidebars file: markup shown as an entry of its own, linking nowhere. */
export interface SidebarHtmlItem {
  type: 'html';
  label?: undefined;
  to?: undefined;
  /** The markup, trusted as docs are. */
  value: string;
  className?: string;
  /** Docusaurus' `defaultStyle`: padded like a link. */
  defaultStyle?: boolean;
}

export type SidebarItem = SidebarDocItem | SidebarCategoryItem | SidebarHtmlItem;

export interface TocItem {
  id: string;
  text: string;
  depth: number;
}

export interface Crumb {
  label: string;
  to?: string;
}

/** One element a page asks for in its `<head>`, with HTML's attribute names. */
export interface HeadTag {
  tagName: 'meta' | 'link' | 'script' | 'style' | 'base' | 'noscript';
  attributes: Record<string, string | true>;
  /** The text of a `<script>`, `<style>` or `<noscript>`. */
  text?: string;
}

/** What the `<Head>` elements of one page asked for, gathered while the build renders it. */
export interface CollectedHead {
  title?: string;
  tags: HeadTag[];
  /** Children that are no head element (a component, an unknown tag): the build warns about them. */
  ignored: string[];
}

/** `blog`: a blog list, tag, author or archive page; `blogPost`: one post. */
export type RouteKind = 'landing' | 'doc' | 'category' | 'tags' | 'api' | 'custom' | 'notFound' | 'search' | 'blog' | 'blogPost';

/**
 * Everything one route needs to render inside the site chrome. The content is prerendered HTML:
 * markdown, highlighting and diagrams are all done at build time.
 */
export interface RouteData {
  /** Absolute path with the base URL and no trailing slash (except the root `/sdk/`). */
  path: string;
  kind: RouteKind;
  /** The page's own title (its h1). */
  title: string;
  /** The `<title>` text: `{page} | {site title}`. */
  documentTitle: string;
  description?: string;
  /** Prerendered content HTML. */
  html: string;
  toc: TocItem[];
  breadcrumbs: Crumb[];
  /** Name of the sidebar shown beside the content (`docs`, `api`), if any. */
  sidebar?: string;
  previous?: NavLink;
  next?: NavLink;
  editUrl?: string;
  /** Doc id for doc routes (`getting-started/installation`). */
  docId?: string;
  /**
   * An MDX doc's module (its content as a React component with its components), which the client
   * loads and hydrates the prerendered content with. Pages without MDX have none.
   */
  mdxModule?: string;
  /**
   * Stylesheets the page needs besides the theme's, linked before it: Infima's classes when its
   * content uses them (website/docs/guides/theming.md), and the stylesheets its own code imports (a custom
   * page's, an MDX doc's components'), which the client loads before showing it. Pages without any have none.
   */
  stylesheets?: string[];
  /** `<meta name="keywords">` (front matter `keywords`). */
  keywords?: string[];
  /** The Open Graph image (front matter `image`): an absolute URL, or a path on the site with the base URL. */
  image?: string;
  /** Built but listed nowhere: a banner says so and search engines are told not to index it. */
  unlisted?: boolean;
  /** Of a docs version with `noIndex`: search engines are told not to index it, and the sitemap leaves it out. */
  noIndex?: boolean;
  /** Head elements the page's own `<Head>` (`@docusaurus/Head`) asked for, besides its title and description. */
  pageHead?: HeadTag[];
  /** A draft, shown by `serve --watch` only: a banner says so. */
  draft?: boolean;
  /** The doc's `tags`, each linking to its tag page. */
  tags?: NavLink[];
  /** The page's markdown copy (`/sdk/docs/intro.md`), which the "Copy page as Markdown" button copies. */
  markdownUrl?: string;
  /** Front matter `last_update`, the date already formatted for the site's locale. */
  lastUpdate?: { date?: string; author?: string };
  /** With several docs versions: the name of the version a docs page belongs to. */
  docsVersion?: string;
  /** With several docs versions: this page in each other version that has it, by version name. */
  versionLinks?: Record<string, string>;
  /** An index doc's `<DocCardList />`: the descriptions of its category's docs, by route. */
  cardDescriptions?: Record<string, string>;
}

/** Site-wide data: the same for every route. */
export interface SiteData {
  title: string;
  tagline: string;
  /** Config `titleDelimiter` when it is not the default `|`, for the titles the browser sets. */
  titleDelimiter?: string;
  /** Config `customFields`, when the site has any: what `useDocusaurusContext` gives components. */
  customFields?: Record<string, unknown>;
  /** The site's origin; without it there are no canonical URLs, Open Graph URLs or sitemap. */
  url?: string;
  /** The Open Graph image of pages without their own (config `image`), with the base URL. */
  image?: string;
  baseUrl: string;
  favicon?: string;
  locale: LocaleData & { name: string };
  navbar: {
    title: string;
    /** Without `width` and `height` the logo is 32 px by 32 px. */
    logo?: { src: string; alt: string; srcDark?: string; href?: string; width?: number | string; height?: number | string };
    /** `primary`: filled with the primary colour; `dark`: dark in both colour modes. */
    style?: 'primary' | 'dark';
    hideOnScroll: boolean;
    items: NavbarItemData[];
  };
  footer?: FooterData;
  announcementBar?: AnnouncementBarData;
  colorMode: ColorModeData;
  docsVersion: DocsVersionData;
  /**
   * With a `versions.json`: every docs version (without their docs lists), as the version
   * dropdown lists them. The last one (`isLast`) is at the docs root.
   */
  docsVersions?: DocsVersionData[];
  /** Name of the docs plugin, the key for the preferred-version storage entry. */
  docsPluginId: string;
  tableOfContents: { minHeadingLevel: number; maxHeadingLevel: number };
  /** How the docs sidebar behaves (`docs.sidebar`). */
  docsSidebar: { hideable: boolean; autoCollapseCategories: boolean };
  search: { maxHits: number };
  /**
   * URLs of the search documents and the serialized search index, set by the buildSearchIndex
   * stage. A large site's index comes in parts: `index` holds the keys and the first records,
   * each of `indexParts` (`{ records }`) the next ones, in order.
   */
  searchFiles?: { documents: string; index: string; indexParts?: string[] };
  /** Route of the search results page (`/sdk/search`), which reads its query from `?q=`; absent when a custom page has the route. */
  searchPage?: string;
  breadcrumbs: boolean;
}
