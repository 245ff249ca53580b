import { useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ThemeContext } from '../../context.js';
import Head from './Head.js';
import { documentTitleOf } from '../../../src/shared/document-title.js';
import { useColorModeChoice } from '../color-mode-choice.js';

/*
 * The parts of `@docusaurus/theme-common` that sites' own components use most: the colour mode,
 * the theme config, the class names of the theme's parts, the code theme, the window size, and
 * what sites build their own contexts with (storage slots, providers, the context error).
 */

type ColorMode = 'light' | 'dark';

function currentColorMode(fallback: ColorMode): ColorMode {
  if (typeof document === 'undefined') return fallback;
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

/**
 * `useColorMode()`: the page's mode and a way to change it. The page's `data-theme` attribute is
 * the one truth (the navbar switch sets it too), so every user of the hook follows it; the server
 * and the first render give the default mode, so hydration matches.
 */
export function useColorMode(): { colorMode: ColorMode; colorModeChoice: ColorMode | null; setColorMode: (mode: ColorMode | null) => void; isDarkTheme: boolean } {
  const site = useContext(ThemeContext)?.site;
  const defaultMode = site?.colorMode.defaultMode ?? 'light';
  const [colorMode, setMode] = useState<ColorMode>(defaultMode);
  useEffect(() => {
    setMode(currentColorMode(defaultMode));
    const observer = new MutationObserver(() => setMode(currentColorMode(defaultMode)));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [defaultMode]);
  // Docusaurus 3.8 added the reader's stored choice (`null`: follow the system) for three-way switches.
  const { choice: colorModeChoice, choose: setColorMode } = useColorModeChoice();
  return { colorMode, colorModeChoice, setColorMode, isDarkTheme: colorMode === 'dark' };
}

/** `useThemeConfig()`: the theme settings sdkdocs has, in Docusaurus' shape. */
export function useThemeConfig(): Record<string, unknown> {
  const site = useContext(ThemeContext)?.site;
  if (!site) return {};
  return { navbar: site.navbar, footer: site.footer, colorMode: site.colorMode, announcementBar: site.announcementBar, tableOfContents: site.tableOfContents, image: site.image };
}

/** `usePrismTheme()`: sdkdocs colours code with its own stylesheet, so a component drawing code gets a theme without colours of its own. */
export function usePrismTheme(): { plain: Record<string, string>; styles: { types: string[]; style: Record<string, string> }[] } {
  return { plain: {}, styles: [] };
}

/** `useWindowSize()`: `desktop` or `mobile` at Docusaurus' breakpoint (996px); `ssr` until the page is hydrated. */
export function useWindowSize(): 'desktop' | 'mobile' | 'ssr' {
  const [size, setSize] = useState<'desktop' | 'mobile' | 'ssr'>('ssr');
  useEffect(() => {
    const query = matchMedia('(min-width: 997px)');
    const update = () => setSize(query.matches ? 'desktop' : 'mobile');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return size;
}

/** `<PageMetadata title description>`: the page's head elements; the title followed by the site's, as Docusaurus writes it. */
export function PageMetadata({ title, description, children }: { title?: string; description?: string; children?: ReactNode }) {
  const site = useContext(ThemeContext)?.site;
  const pageTitle = title?.trim();
  return (
    <Head>
      {pageTitle && <title>{site && pageTitle !== site.title ? documentTitleOf(pageTitle, site.title, site.titleDelimiter) : pageTitle}</title>}
      {description && <meta name="description" content={description} />}
      {children}
    </Head>
  );
}

/** `<HtmlClassNameProvider>`: the class is meant for `<html>`; here the content is drawn as it is. */
export function HtmlClassNameProvider({ children }: { className?: string; children?: ReactNode }) {
  return <>{children}</>;
}

/** The class names Docusaurus gives the theme's parts, which sites' stylesheets and components name. */
export const ThemeClassNames = {
  page: { blogListPage: 'blog-list-page', blogPostPage: 'blog-post-page', docsDocPage: 'docs-doc-page', mdxPage: 'mdx-page' },
  wrapper: { main: 'main-wrapper', docsPages: 'docs-wrapper', mdxPages: 'mdx-wrapper' },
  common: { editThisPage: 'theme-edit-this-page', lastUpdated: 'theme-last-updated', backToTopButton: 'theme-back-to-top-button', codeBlock: 'theme-code-block', admonition: 'theme-admonition', unlistedBanner: 'theme-unlisted-banner', draftBanner: 'theme-draft-banner', admonitionType: (type: string) => `theme-admonition-${type}` },
  layout: { navbar: { container: 'navbar' }, footer: { container: 'footer' } },
  docs: { docVersionBanner: 'theme-doc-version-banner', docVersionBadge: 'theme-doc-version-badge', docBreadcrumbs: 'theme-doc-breadcrumbs', docMarkdown: 'theme-doc-markdown', docTocMobile: 'theme-doc-toc-mobile', docTocDesktop: 'theme-doc-toc-desktop', docFooter: 'theme-doc-footer', docSidebarContainer: 'theme-doc-sidebar-container' },
  blog: {},
} as const;

/** Where a storage slot keeps its value: Docusaurus' `persistence` option. */
type StoragePersistence = 'localStorage' | 'sessionStorage' | 'none';

function storageOf(persistence: StoragePersistence): Storage | undefined {
  if (persistence === 'none' || typeof window === 'undefined') return undefined;
  try {
    return window[persistence];
  } catch {
    // Storage refused (a sandboxed frame, privacy settings): the slot holds nothing.
    return undefined;
  }
}

/** A stored value by key, as `createStorageSlot` hands it out. */
export interface StorageSlot {
  get(): string | null;
  set(value: string): void;
  del(): void;
  listen(onChange: (event: StorageEvent) => void): () => void;
}

/**
 * `createStorageSlot(key)`: one value of the browser's storage. Setting or deleting it tells this
 * page's listeners too (a `storage` event only reaches other tabs by itself), so two parts of a
 * page that each hold the value, such as a navbar item and a doc's component, stay in step.
 */
export function createStorageSlot(key: string, options: { persistence?: StoragePersistence } = {}): StorageSlot {
  const storage = storageOf(options.persistence ?? 'localStorage');
  const announce = (oldValue: string | null, newValue: string | null) => {
    if (!storage) return;
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: storage }));
  };
  return {
    get: () => {
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set: (value) => {
      try {
        const oldValue = storage?.getItem(key) ?? null;
        storage?.setItem(key, value);
        announce(oldValue, value);
      } catch {
        // A full or refused storage keeps the old value; the page goes on.
      }
    },
    del: () => {
      try {
        const oldValue = storage?.getItem(key) ?? null;
        storage?.removeItem(key);
        announce(oldValue, null);
      } catch {
        // As for set.
      }
    },
    listen: (onChange) => {
      if (!storage) return () => {};
      const listener = (event: StorageEvent) => {
        if (event.storageArea === storage && event.key === key) onChange(event);
      };
      window.addEventListener('storage', listener);
      return () => window.removeEventListener('storage', listener);
    },
  };
}

/** `ReactContextError`: what a site's hook throws when its provider is not above it. */
export class ReactContextError extends Error {
  constructor(providerName: string, additionalInfo?: string) {
    super();
    this.name = 'ReactContextError';
    const hook = /\bat (?:Object\.)?(use\w+)/.exec(this.stack ?? '')?.[1] ?? 'a hook';
    this.message = `Hook ${hook} is called outside the <${providerName}>. ${additionalInfo ?? ''}`.trim();
  }
}

/** `composeProviders([A, B])`: one provider component that renders `<A><B>{children}</B></A>`. */
export function composeProviders(providers: ComponentType<{ children: ReactNode }>[]): ComponentType<{ children: ReactNode }> {
  return function ComposedProviders({ children }: { children: ReactNode }) {
    return providers.reduceRight<ReactNode>((inner, Provider) => <Provider>{inner}</Provider>, children);
  };
}
