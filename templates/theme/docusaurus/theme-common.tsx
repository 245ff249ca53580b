import { useContext, useEffect, useState, type ReactNode } from 'react';
import { ThemeContext } from '../../context.js';
import Head from './Head.js';
import { documentTitleOf } from '../../../src/shared/document-title.js';
import { useColorModeChoice } from '../color-mode-choice.js';

/*
 * The parts of `@docusaurus/theme-common` that sites' own components use most: the colour mode,
 * the theme config, the class names of the theme's parts, the code theme and the window size.
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
