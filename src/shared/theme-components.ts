/**
 * The theme components a site may override ("swizzle") with a file of its own in `src/theme/`,
 * named as Docusaurus names them. The one list that the resolver of `@theme/…` imports, the
 * check of `src/theme/` and the docs site's theme components reference (website/docs/reference/theme-components.md) follow.
 *
 * `layout`: part of the page around the content, rendered at build time and hydrated (a slot in
 * the templates). `content`: a component MDX docs, custom pages and overrides import.
 */
export type ThemeComponentPart = 'layout' | 'content';

export const themeComponents = {
  /** The top bar: brand, items, colour-mode toggle, search. */
  Navbar: 'layout',
  /** The site footer: link columns, logo, copyright, licence. */
  Footer: 'layout',
  /** Below a doc's content: its tags, the edit link and the last-update line. */
  'DocItem/Footer': 'layout',
  /** The content of the not-found page (404.html). */
  NotFound: 'layout',
  /** The search box of the navbar and of the not-found page. */
  SearchBar: 'layout',
  /** The light/dark switch of the navbar and the mobile menu. */
  ColorModeToggle: 'layout',
  /** The breadcrumbs above a doc. */
  DocBreadcrumbs: 'layout',
  /** The previous/next links below a doc. */
  DocPaginator: 'layout',
  /** The "On this page" column beside a doc. */
  TOC: 'layout',
  /** The "Copy page as Markdown" button above a doc. */
  CopyPageButton: 'layout',
  /** Every admonition of the docs (`:::note`, `> [!NOTE]`) and `@theme/Admonition`. */
  Admonition: 'content',
  /** Every code block of the docs (fenced code) and `@theme/CodeBlock`. */
  CodeBlock: 'content',
  /** Every `<details>` of the docs and `@theme/Details`. */
  Details: 'content',
  /** `@theme/Tabs`. */
  Tabs: 'content',
  /** `@theme/TabItem`. */
  TabItem: 'content',
  /** `@theme/ThemedImage`. */
  ThemedImage: 'content',
  /** `@theme/TOCInline`: a doc's table of contents inside its content (`<TOCInline toc={toc} />`). */
  TOCInline: 'content',
  /** `@theme/TOCItems`: the table of contents' list of links, the heading being read marked, which swizzled `TOC`s wrap (`<TOCItems {...props} />`). */
  TOCItems: 'content',
  /** `@theme/DocCardList`: a card per item, or per item of the sidebar category the doc is the index of (`<DocCardList />`). */
  DocCardList: 'content',
  /** `@theme/Heading`: a heading element (`as="h2"`) with the anchor docs headings have. */
  Heading: 'content',
  /** `@theme/MDXComponents`: the map of components every MDX doc gets without an import (an object, not a component). */
  MDXComponents: 'content',
  /** `@theme/Layout`, which Docusaurus pages wrap their content in (the chrome is drawn around every page here). */
  Layout: 'content',
  /**
   * `@theme/Layout/Provider`: the providers around every page, which a site wraps to give its
   * components a context of its own (around the layout, each MDX doc's content and custom pages).
   */
  'Layout/Provider': 'layout',
  /** `@theme/Icon/Success`: the check mark of a copied code block, for the site's own buttons. */
  'Icon/Success': 'content',
  /**
   * The classic theme's other small icons (`@theme/Icon/DarkMode`, `…/ExternalLink`, …), which
   * swizzled parts and custom pages import; overriding one changes it where the site imports it.
   */
  'Icon/Arrow': 'content',
  'Icon/Close': 'content',
  'Icon/Copy': 'content',
  'Icon/DarkMode': 'content',
  'Icon/Edit': 'content',
  'Icon/ExternalLink': 'content',
  'Icon/Home': 'content',
  'Icon/Language': 'content',
  'Icon/LightMode': 'content',
  'Icon/Menu': 'content',
  'Icon/SystemColorMode': 'content',
  'Icon/WordWrap': 'content',
  /**
   * `@theme/NavbarItem/ComponentTypes`: the map of navbar item components by type (an object, not a
   * component); the site's own map gives its `custom-*` navbar items their components.
   */
  'NavbarItem/ComponentTypes': 'layout',
  /** `@theme/NavbarItem/DropdownNavbarItem`: the theme's navbar dropdown, for a site's own navbar item to draw (`label`, `items`). */
  'NavbarItem/DropdownNavbarItem': 'content',
  /** `@theme/NavbarItem/DefaultNavbarItem`: the theme's navbar link, for a site's own navbar item to draw (`label`, `to` or `href`). */
  'NavbarItem/DefaultNavbarItem': 'content',
} as const satisfies Record<string, ThemeComponentPart>;

/** The name of an overridable theme component: `Footer`, `DocItem/Footer`, … */
export type ThemeComponentName = keyof typeof themeComponents;

export const themeComponentNames = Object.keys(themeComponents) as ThemeComponentName[];

export function isThemeComponentName(name: string): name is ThemeComponentName {
  return Object.hasOwn(themeComponents, name);
}
