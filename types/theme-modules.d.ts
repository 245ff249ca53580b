/**
 * Types of the modules a site's overrides, MDX docs and custom pages import: `@theme/<Component>`,
 * `@theme-original/<Component>` and sdkdocs' `@docusaurus/…` modules. Add them to the site's
 * tsconfig (`"types": ["sdkdocs/theme-modules"]`) or with
 * `/// <reference types="sdkdocs/theme-modules" />`. Each overridable component of
 * src/shared/theme-components.ts has both of its modules here (tests/theme-overrides.test.ts checks).
 */

declare module '@theme/Navbar' {
  import type { ComponentType } from 'react';
  import type { NavbarProps } from 'sdkdocs';
  const Component: ComponentType<NavbarProps>;
  export default Component;
}

declare module '@theme/Footer' {
  import type { ComponentType } from 'react';
  import type { FooterProps } from 'sdkdocs';
  const Component: ComponentType<FooterProps>;
  export default Component;
}

declare module '@theme/DocItem/Footer' {
  import type { ComponentType } from 'react';
  import type { DocItemFooterProps } from 'sdkdocs';
  const Component: ComponentType<DocItemFooterProps>;
  export default Component;
}

declare module '@theme/NotFound' {
  import type { ComponentType } from 'react';
  import type { NotFoundProps } from 'sdkdocs';
  const Component: ComponentType<NotFoundProps>;
  export default Component;
}

declare module '@theme/SearchBar' {
  import type { ComponentType } from 'react';
  import type { SearchBarProps } from 'sdkdocs';
  const Component: ComponentType<SearchBarProps>;
  export default Component;
}

declare module '@theme/ColorModeToggle' {
  import type { ComponentType } from 'react';
  import type { ColorModeToggleProps } from 'sdkdocs';
  const Component: ComponentType<ColorModeToggleProps>;
  export default Component;
}

declare module '@theme/DocBreadcrumbs' {
  import type { ComponentType } from 'react';
  import type { DocBreadcrumbsProps } from 'sdkdocs';
  const Component: ComponentType<DocBreadcrumbsProps>;
  export default Component;
}

declare module '@theme/DocPaginator' {
  import type { ComponentType } from 'react';
  import type { DocPaginatorProps } from 'sdkdocs';
  const Component: ComponentType<DocPaginatorProps>;
  export default Component;
}

declare module '@theme/TOC' {
  import type { ComponentType } from 'react';
  import type { TOCProps } from 'sdkdocs';
  const Component: ComponentType<TOCProps>;
  export default Component;
}

declare module '@theme/CopyPageButton' {
  import type { ComponentType } from 'react';
  import type { CopyPageButtonProps } from 'sdkdocs';
  const Component: ComponentType<CopyPageButtonProps>;
  export default Component;
}

declare module '@theme/Admonition' {
  import type { ComponentType } from 'react';
  import type { AdmonitionProps } from 'sdkdocs';
  const Component: ComponentType<AdmonitionProps>;
  export default Component;
}

declare module '@theme/CodeBlock' {
  import type { ComponentType } from 'react';
  import type { CodeBlockProps } from 'sdkdocs';
  const Component: ComponentType<CodeBlockProps>;
  export default Component;
}

declare module '@theme/Details' {
  import type { ComponentType } from 'react';
  import type { DetailsProps } from 'sdkdocs';
  const Component: ComponentType<DetailsProps>;
  export default Component;
}

declare module '@theme/Tabs' {
  import type { ComponentType } from 'react';
  import type { TabsProps } from 'sdkdocs';
  const Component: ComponentType<TabsProps>;
  export default Component;
}

declare module '@theme/TabItem' {
  import type { ComponentType } from 'react';
  import type { TabItemProps } from 'sdkdocs';
  const Component: ComponentType<TabItemProps>;
  export default Component;
}

declare module '@theme/ThemedImage' {
  import type { ComponentType } from 'react';
  import type { ThemedImageProps } from 'sdkdocs';
  const Component: ComponentType<ThemedImageProps>;
  export default Component;
}

declare module '@theme/NavbarItem/ComponentTypes' {
  import type { ComponentType } from 'react';
  /** Navbar item components by type; a site's own map adds its `custom-…` types. */
  const ComponentTypes: Record<string, ComponentType<any>>;
  export default ComponentTypes;
}

declare module '@theme/MDXComponents' {
  import type { ComponentType } from 'react';
  const MDXComponents: Record<string, ComponentType<any>>;
  export default MDXComponents;
}

declare module '@theme/Icon/Success' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/Arrow' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/Close' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/Copy' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/DarkMode' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/Edit' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/ExternalLink' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/Home' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/Language' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/LightMode' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/Menu' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/SystemColorMode' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Icon/WordWrap' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme/Heading' {
  import type { ComponentType } from 'react';
  import type { HeadingProps } from 'sdkdocs';
  const Component: ComponentType<HeadingProps>;
  export default Component;
}

declare module '@theme/DocCardList' {
  import type { ComponentType } from 'react';
  import type { DocCardListProps } from 'sdkdocs';
  const Component: ComponentType<DocCardListProps>;
  export default Component;
}

declare module '@theme/TOCInline' {
  import type { ComponentType } from 'react';
  import type { TOCInlineProps } from 'sdkdocs';
  const Component: ComponentType<TOCInlineProps>;
  export default Component;
}

declare module '@theme/TOCItems' {
  import type { ComponentType } from 'react';
  import type { TOCItemsProps } from 'sdkdocs';
  const Component: ComponentType<TOCItemsProps>;
  export default Component;
}

declare module '@theme/Layout' {
  import type { ComponentType } from 'react';
  import type { LayoutProps } from 'sdkdocs';
  const Component: ComponentType<LayoutProps>;
  export default Component;
}

declare module '@theme/Layout/Provider' {
  import type { ComponentType } from 'react';
  import type { LayoutProviderProps } from 'sdkdocs';
  const Component: ComponentType<LayoutProviderProps>;
  export default Component;
}

declare module '@theme-original/Navbar' {
  import type { ComponentType } from 'react';
  import type { NavbarProps } from 'sdkdocs';
  const Component: ComponentType<NavbarProps>;
  export default Component;
}

declare module '@theme-original/Footer' {
  import type { ComponentType } from 'react';
  import type { FooterProps } from 'sdkdocs';
  const Component: ComponentType<FooterProps>;
  export default Component;
}

declare module '@theme-original/DocItem/Footer' {
  import type { ComponentType } from 'react';
  import type { DocItemFooterProps } from 'sdkdocs';
  const Component: ComponentType<DocItemFooterProps>;
  export default Component;
}

declare module '@theme-original/NotFound' {
  import type { ComponentType } from 'react';
  import type { NotFoundProps } from 'sdkdocs';
  const Component: ComponentType<NotFoundProps>;
  export default Component;
}

declare module '@theme-original/SearchBar' {
  import type { ComponentType } from 'react';
  import type { SearchBarProps } from 'sdkdocs';
  const Component: ComponentType<SearchBarProps>;
  export default Component;
}

declare module '@theme-original/ColorModeToggle' {
  import type { ComponentType } from 'react';
  import type { ColorModeToggleProps } from 'sdkdocs';
  const Component: ComponentType<ColorModeToggleProps>;
  export default Component;
}

declare module '@theme-original/DocBreadcrumbs' {
  import type { ComponentType } from 'react';
  import type { DocBreadcrumbsProps } from 'sdkdocs';
  const Component: ComponentType<DocBreadcrumbsProps>;
  export default Component;
}

declare module '@theme-original/DocPaginator' {
  import type { ComponentType } from 'react';
  import type { DocPaginatorProps } from 'sdkdocs';
  const Component: ComponentType<DocPaginatorProps>;
  export default Component;
}

declare module '@theme-original/TOC' {
  import type { ComponentType } from 'react';
  import type { TOCProps } from 'sdkdocs';
  const Component: ComponentType<TOCProps>;
  export default Component;
}

declare module '@theme-original/CopyPageButton' {
  import type { ComponentType } from 'react';
  import type { CopyPageButtonProps } from 'sdkdocs';
  const Component: ComponentType<CopyPageButtonProps>;
  export default Component;
}

declare module '@theme-original/Admonition' {
  import type { ComponentType } from 'react';
  import type { AdmonitionProps } from 'sdkdocs';
  const Component: ComponentType<AdmonitionProps>;
  export default Component;
}

declare module '@theme-original/CodeBlock' {
  import type { ComponentType } from 'react';
  import type { CodeBlockProps } from 'sdkdocs';
  const Component: ComponentType<CodeBlockProps>;
  export default Component;
}

declare module '@theme-original/Details' {
  import type { ComponentType } from 'react';
  import type { DetailsProps } from 'sdkdocs';
  const Component: ComponentType<DetailsProps>;
  export default Component;
}

declare module '@theme-original/Tabs' {
  import type { ComponentType } from 'react';
  import type { TabsProps } from 'sdkdocs';
  const Component: ComponentType<TabsProps>;
  export default Component;
}

declare module '@theme-original/TabItem' {
  import type { ComponentType } from 'react';
  import type { TabItemProps } from 'sdkdocs';
  const Component: ComponentType<TabItemProps>;
  export default Component;
}

declare module '@theme-original/ThemedImage' {
  import type { ComponentType } from 'react';
  import type { ThemedImageProps } from 'sdkdocs';
  const Component: ComponentType<ThemedImageProps>;
  export default Component;
}

declare module '@theme-original/NavbarItem/ComponentTypes' {
  import type { ComponentType } from 'react';
  /** Navbar item components by type; a site's own map adds its `custom-…` types. */
  const ComponentTypes: Record<string, ComponentType<any>>;
  export default ComponentTypes;
}

declare module '@theme-original/MDXComponents' {
  import type { ComponentType } from 'react';
  const MDXComponents: Record<string, ComponentType<any>>;
  export default MDXComponents;
}

declare module '@theme-original/Icon/Success' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/Arrow' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/Close' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/Copy' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/DarkMode' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/Edit' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/ExternalLink' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/Home' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/Language' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/LightMode' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/Menu' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/SystemColorMode' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Icon/WordWrap' {
  import type { ComponentType } from 'react';
  import type { IconProps } from 'sdkdocs';
  const Component: ComponentType<IconProps>;
  export default Component;
}

declare module '@theme-original/Heading' {
  import type { ComponentType } from 'react';
  import type { HeadingProps } from 'sdkdocs';
  const Component: ComponentType<HeadingProps>;
  export default Component;
}

declare module '@theme-original/DocCardList' {
  import type { ComponentType } from 'react';
  import type { DocCardListProps } from 'sdkdocs';
  const Component: ComponentType<DocCardListProps>;
  export default Component;
}

declare module '@theme-original/TOCInline' {
  import type { ComponentType } from 'react';
  import type { TOCInlineProps } from 'sdkdocs';
  const Component: ComponentType<TOCInlineProps>;
  export default Component;
}

declare module '@theme-original/TOCItems' {
  import type { ComponentType } from 'react';
  import type { TOCItemsProps } from 'sdkdocs';
  const Component: ComponentType<TOCItemsProps>;
  export default Component;
}

declare module '@theme-original/Layout' {
  import type { ComponentType } from 'react';
  import type { LayoutProps } from 'sdkdocs';
  const Component: ComponentType<LayoutProps>;
  export default Component;
}

declare module '@theme-original/Layout/Provider' {
  import type { ComponentType } from 'react';
  import type { LayoutProviderProps } from 'sdkdocs';
  const Component: ComponentType<LayoutProviderProps>;
  export default Component;
}

declare module '@docusaurus/Link' {
  import type { ComponentType } from 'react';
  import type { LinkProps } from 'sdkdocs';
  const Link: ComponentType<LinkProps>;
  export default Link;
}

declare module '@docusaurus/useBaseUrl' {
  export default function useBaseUrl(url: string, options?: { forcePrependBaseUrl?: boolean; absolute?: boolean }): string;
}

declare module '@docusaurus/useDocusaurusContext' {
  import type { DocusaurusContext } from 'sdkdocs';
  export default function useDocusaurusContext(): DocusaurusContext;
}

declare module '@docusaurus/BrowserOnly' {
  import type { ReactNode } from 'react';
  export default function BrowserOnly(props: { children: () => ReactNode; fallback?: ReactNode }): ReactNode;
}

declare module '@docusaurus/ExecutionEnvironment' {
  const ExecutionEnvironment: { canUseDOM: boolean; canUseEventListeners: boolean; canUseIntersectionObserver: boolean; canUseViewport: boolean };
  export default ExecutionEnvironment;
}

declare module '@docusaurus/useIsBrowser' {
  export default function useIsBrowser(): boolean;
}

declare module '@docusaurus/router' {
  export interface RouterLocation {
    pathname: string;
    search: string;
    hash: string;
  }
  export function useLocation(): RouterLocation;
  export function useHistory(): { location: RouterLocation; push: (to: string) => void; replace: (to: string) => void };
}

declare module '@docusaurus/Translate' {
  import type { ReactNode } from 'react';
  export function translate(message: { message: string; id?: string; description?: string }, values?: Record<string, string | number>): string;
  export default function Translate(props: { children: string; id?: string; description?: string; values?: Record<string, ReactNode> }): ReactNode;
}

declare module '@docusaurus/Interpolate' {
  import type { ReactNode } from 'react';
  export function interpolate(text: string, values?: Record<string, ReactNode>): ReactNode;
  export default function Interpolate(props: { children: string; values?: Record<string, ReactNode> }): ReactNode;
}

declare module '@theme/NavbarItem/DropdownNavbarItem' {
  import type { ComponentType } from 'react';
  import type { DropdownNavbarItemProps } from 'sdkdocs';
  const Component: ComponentType<DropdownNavbarItemProps>;
  export default Component;
}

declare module '@theme/NavbarItem/DefaultNavbarItem' {
  import type { ComponentType } from 'react';
  import type { DefaultNavbarItemProps } from 'sdkdocs';
  const Component: ComponentType<DefaultNavbarItemProps>;
  export default Component;
}

declare module '@theme-original/NavbarItem/DropdownNavbarItem' {
  import type { ComponentType } from 'react';
  import type { DropdownNavbarItemProps } from 'sdkdocs';
  const Component: ComponentType<DropdownNavbarItemProps>;
  export default Component;
}

declare module '@theme-original/NavbarItem/DefaultNavbarItem' {
  import type { ComponentType } from 'react';
  import type { DefaultNavbarItemProps } from 'sdkdocs';
  const Component: ComponentType<DefaultNavbarItemProps>;
  export default Component;
}

declare module '@docusaurus/isInternalUrl' {
  export function hasProtocol(url: string): boolean;
  export default function isInternalUrl(url: string | undefined): boolean;
}

declare module '@docusaurus/theme-common' {
  import type { ReactNode } from 'react';
  export function useColorMode(): { colorMode: 'light' | 'dark'; colorModeChoice: 'light' | 'dark' | null; setColorMode: (mode: 'light' | 'dark' | null) => void; isDarkTheme: boolean };
  export function useThemeConfig(): Record<string, unknown>;
  export function usePrismTheme(): { plain: Record<string, string>; styles: { types: string[]; style: Record<string, string> }[] };
  export function useWindowSize(): 'desktop' | 'mobile' | 'ssr';
  export function PageMetadata(props: { title?: string; description?: string; children?: ReactNode }): ReactNode;
  export function HtmlClassNameProvider(props: { className?: string; children?: ReactNode }): ReactNode;
  export const ThemeClassNames: Record<string, Record<string, unknown>>;
  export interface StorageSlot {
    get(): string | null;
    set(value: string): void;
    del(): void;
    listen(onChange: (event: StorageEvent) => void): () => void;
  }
  export function createStorageSlot(key: string, options?: { persistence?: 'localStorage' | 'sessionStorage' | 'none' }): StorageSlot;
  export class ReactContextError extends Error {
    constructor(providerName: string, additionalInfo?: string);
  }
  export function composeProviders(providers: import('react').ComponentType<{ children: ReactNode }>[]): import('react').ComponentType<{ children: ReactNode }>;
}

declare module '@docusaurus/useGlobalData' {
  export default function useGlobalData(): Record<string, Record<string, unknown>>;
  export function useAllPluginInstancesData(name: string): Record<string, unknown>;
  export function usePluginData(name: string, id?: string): unknown;
}

declare module '@docusaurus/useBrokenLinks' {
  export interface BrokenLinksCollector {
    collectLink(link: string | undefined): void;
    collectAnchor(anchor: string | undefined): void;
  }
  export default function useBrokenLinks(): BrokenLinksCollector;
}

declare module '@docusaurus/plugin-content-docs/client' {
  export interface GlobalVersion {
    name: string;
    label: string;
    isLast: boolean;
    path: string;
    mainDocId: string;
    docs: { id: string; path: string; sidebar?: string }[];
    draftIds: string[];
    sidebars: Record<string, { link?: { path: string; label: string } }>;
  }
  export interface GlobalPluginData {
    path: string;
    versions: GlobalVersion[];
    breadcrumbs: boolean;
  }
  export function useAllDocsData(): Record<string, GlobalPluginData>;
  export function useDocsData(pluginId?: string): GlobalPluginData;
  export function useVersions(pluginId?: string): GlobalVersion[];
  export function useLatestVersion(pluginId?: string): GlobalVersion;
  export function useActiveVersion(pluginId?: string): GlobalVersion | undefined;
  export function useActivePlugin(): { pluginId: string; pluginData: GlobalPluginData } | undefined;
  export function useActiveDocContext(pluginId?: string): { activeVersion?: GlobalVersion; activeDoc?: { id: string; path: string }; alternateDocVersions: Record<string, { id: string; path: string }> };
  export function useDocsVersion(): GlobalVersion & { version: string };
  export function useDocsPreferredVersion(pluginId?: string): { preferredVersion: GlobalVersion | null; savePreferredVersionName: (name: string) => void };
}
