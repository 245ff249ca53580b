import { useContext, type ComponentType } from 'react';
import type { ThemeComponentName } from '../src/shared/theme-components.js';
import type { Crumb, NavLink, RouteData, TocItem } from '../src/shared/types.js';
import type { CodeBlockProps, HighlightedCode } from './theme/CodeBlock.js';
import type { DetailsProps } from './theme/Details.js';
import type { TabItemProps } from './theme/TabItem.js';
import type { TabsProps } from './theme/Tabs.js';
import type { ThemedImageProps } from './theme/ThemedImage.js';
import type { DocCardListItem, DocCardListProps } from './theme/DocCardList.js';
import type { TOCInlineItem, TOCInlineProps } from './theme/TOCInline.js';
import type { TOCItemsProps } from './theme/TOCItems.js';
import type { HeadingProps } from './theme/Heading.js';
import type { LayoutProps } from './theme/Layout.js';
import type { LayoutProviderProps } from './theme/Layout/Provider.js';
import type { DropdownNavbarItemProps } from './theme/NavbarItem/DropdownNavbarItem.js';
import type { DefaultNavbarItemProps } from './theme/NavbarItem/DefaultNavbarItem.js';
import type { IconProps } from './theme/Icon/Success.js';
import type { AdmonitionProps } from './Admonition.js';
import type { CopyPageButtonProps } from './CopyPageButton.js';
import { ThemeContext } from './context.js';

/** Props of `Navbar`: none; it reads the site's navbar config (`useDocusaurusContext()`). */
export type NavbarProps = Record<string, never>;
/** Props of `Footer`: none; it reads the site's footer config. */
export type FooterProps = Record<string, never>;
/** Props of `NotFound`: none; the not-found text and the home link come with the original. */
export type NotFoundProps = Record<string, never>;
/** Props of `SearchBar`: none. */
export type SearchBarProps = Record<string, never>;
/**
 * Props of `ColorModeToggle`, as Docusaurus gives a swizzled one: the reader's stored choice
 * (`null` while the system's mode is followed) and the way to change it. The theme's own switch
 * reads and stores the mode itself.
 */
export interface ColorModeToggleProps {
  value?: 'light' | 'dark' | null;
  onChange?: (mode: 'light' | 'dark' | null) => void;
  respectPrefersColorScheme?: boolean;
  className?: string;
  buttonClassName?: string;
}

/** Props of `DocItem/Footer`, the part of a doc below its content. */
export interface DocItemFooterProps {
  /** The doc's "Edit this page" URL (`docs.editUrl`, `custom_edit_url`). */
  editUrl?: string;
  /** Front matter `last_update`: shown as "Last updated on … by …". */
  lastUpdate?: RouteData['lastUpdate'];
  /** The doc's tags, each with the route of its tag page. */
  tags?: NavLink[];
}

/** Props of `DocBreadcrumbs`: the trail from the docs' home to the page. */
export interface DocBreadcrumbsProps {
  crumbs: Crumb[];
}

/** Props of `DocPaginator`: the neighbours of the doc in the sidebar. */
export interface DocPaginatorProps {
  previous?: NavLink;
  next?: NavLink;
}

/**
 * Props of `TOC`: the page's outline. A site's override also gets the props Docusaurus gives it
 * (`toc`, `minHeadingLevel`, `maxHeadingLevel`, `className`: see `DocusaurusTOCProps`).
 */
export interface TOCProps {
  items: TocItem[];
}

export type { AdmonitionProps, CodeBlockProps, CopyPageButtonProps, DefaultNavbarItemProps, DetailsProps, DropdownNavbarItemProps, DocCardListItem, DocCardListProps, HeadingProps, HighlightedCode, IconProps, LayoutProps, LayoutProviderProps, TabItemProps, TabsProps, ThemedImageProps, TOCInlineItem, TOCInlineProps, TOCItemsProps };

/** The props of each overridable theme component, by name. */
export interface ThemeComponentProps {
  Navbar: NavbarProps;
  Footer: FooterProps;
  'DocItem/Footer': DocItemFooterProps;
  NotFound: NotFoundProps;
  SearchBar: SearchBarProps;
  ColorModeToggle: ColorModeToggleProps;
  DocBreadcrumbs: DocBreadcrumbsProps;
  DocPaginator: DocPaginatorProps;
  TOC: TOCProps;
  CopyPageButton: CopyPageButtonProps;
  Admonition: AdmonitionProps;
  CodeBlock: CodeBlockProps;
  Details: DetailsProps;
  Tabs: TabsProps;
  TabItem: TabItemProps;
  ThemedImage: ThemedImageProps;
  TOCInline: TOCInlineProps;
  TOCItems: TOCItemsProps;
  DocCardList: DocCardListProps;
  Heading: HeadingProps;
  /** Not a component: the map MDX docs take their components from (see theme/MDXComponents.tsx). */
  MDXComponents: Record<string, never>;
  Layout: LayoutProps;
  'Layout/Provider': LayoutProviderProps;
  'Icon/Success': IconProps;
  'Icon/Arrow': IconProps;
  'Icon/Close': IconProps;
  'Icon/Copy': IconProps;
  'Icon/DarkMode': IconProps;
  'Icon/Edit': IconProps;
  'Icon/ExternalLink': IconProps;
  'Icon/Home': IconProps;
  'Icon/Language': IconProps;
  'Icon/LightMode': IconProps;
  'Icon/Menu': IconProps;
  'Icon/SystemColorMode': IconProps;
  'Icon/WordWrap': IconProps;
  /** Not a component: the map of navbar item components by type (see theme/NavbarItem/ComponentTypes.tsx). */
  'NavbarItem/ComponentTypes': Record<string, never>;
  'NavbarItem/DropdownNavbarItem': DropdownNavbarItemProps;
  'NavbarItem/DefaultNavbarItem': DefaultNavbarItemProps;
}

/** The site's own components (`src/theme/…`), by the name of the theme component each replaces. */
export type ThemeOverrides = { [Name in ThemeComponentName]?: ComponentType<ThemeComponentProps[Name]> };

/**
 * A place in the layout that shows the site's component of that name when it has one, else the
 * theme's own. The templates render slots where Docusaurus renders the swizzlable component; the
 * overrides come with the theme context, which `<App>` gets from the build and from the client
 * alike, so both render the same components.
 */
export function overridable<Name extends ThemeComponentName>(name: Name, Original: ComponentType<ThemeComponentProps[Name]>): ComponentType<ThemeComponentProps[Name]> {
  function ThemeSlot(props: ThemeComponentProps[Name]) {
    const Component = (useContext(ThemeContext)?.overrides?.[name] ?? Original) as ComponentType<ThemeComponentProps[Name]>;
    return <Component {...props} />;
  }
  return ThemeSlot;
}
