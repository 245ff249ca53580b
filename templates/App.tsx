import { useEffect, useState, type ReactNode } from 'react';
import { formatThemeString, sidebarToggleStrings } from '../src/shared/theme-strings.js';
import type { RouteData, SidebarItem, SiteData } from '../src/shared/types.js';
import { AnnouncementBar } from './AnnouncementBar.js';
import { ThemeContext, useTheme, type ThemeRuntime } from './context.js';
import { CopyPageButton } from './CopyPageButton.js';
import { Breadcrumbs, DocItemFooter, mobileTocAttribute, Pagination, TableOfContents, TableOfContentsMobile, VisibilityBanner } from './DocParts.js';
import { DocsVersionBadge, DocsVersionBanner } from './DocsVersion.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { Navbar } from './Navbar.js';
import { SearchBar } from './SearchBar.js';
import { SearchPage } from './SearchPage.js';
import { SidebarMenu } from './Sidebar.js';
import { overridable, type ThemeOverrides } from './theme-overrides.js';

const NavbarSlot = overridable('Navbar', Navbar);
const DocBreadcrumbsSlot = overridable('DocBreadcrumbs', Breadcrumbs);
const DocItemFooterSlot = overridable('DocItem/Footer', DocItemFooter);
const DocPaginatorSlot = overridable('DocPaginator', Pagination);
const TOCSlot = overridable('TOC', TableOfContents);
const NotFoundSlot = overridable('NotFound', NotFound);
const SearchBarSlot = overridable('SearchBar', SearchBar);
const CopyPageButtonSlot = overridable('CopyPageButton', CopyPageButton);

export interface AppProps {
  site: SiteData;
  route: RouteData;
  sidebars: Record<string, SidebarItem[]>;
  /** Shown instead of the route while the client runtime loads it (spinner) or failed to (error box). */
  status?: ReactNode;
  /** The content as React elements (custom React pages) instead of the route's prerendered HTML. */
  pageContent?: ReactNode;
  /** Client services (storage, data loading); absent at build time. */
  runtime?: ThemeRuntime;
  /**
   * The footer (`<Footer />` at build time). It never changes, so the client keeps the server's
   * HTML instead of shipping the component again (unless the site overrides it).
   */
  footer?: ReactNode;
  /** The site's own theme components (`src/theme/…`), which the layout's slots show instead of the theme's. */
  overrides?: ThemeOverrides;
}

/** The id the skip link jumps to. */
export const mainContentId = '__main-content';

/** The whole page below `<body>`: rendered to HTML at build time and hydrated by the client. */
export function App({ site, route, sidebars, status, pageContent, runtime, footer, overrides }: AppProps) {
  return (
    <ThemeContext.Provider value={{ site, route, sidebars, runtime, overrides }}>
      <a className="skip-to-content" href={`#${mainContentId}`}>
        {formatThemeString('skipToContent')}
      </a>
      <AnnouncementBar />
      <NavbarSlot />
      <div className="main-wrapper">
        {status ? (
          <main className="page-main page-status" id={mainContentId} tabIndex={-1} aria-busy="true">
            {status}
          </main>
        ) : (
          <ErrorBoundary resetKey={route.path}>
            <DocumentTitle title={route.documentTitle} />
            <RouteContent route={route} sidebar={route.sidebar ? sidebars[route.sidebar] : undefined} pageContent={pageContent} />
          </ErrorBoundary>
        )}
      </div>
      {footer}
    </ThemeContext.Provider>
  );
}

/** The document title follows the route shown; inside the error boundary so a crash keeps `Page Error`. */
function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/** The route's content; the client reads the first page's HTML back from this element instead of shipping it twice. */
function Content({ html, pageContent }: { html: string; pageContent?: ReactNode }) {
  if (pageContent) return <div className="markdown" data-route-content="">{pageContent}</div>;
  return <div className="markdown" data-route-content="" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The docs (or API) sidebar beside the content. With `docs.sidebar.hideable`, a button at its foot
 * folds it to a narrow strip whose button brings it back; the choice holds while the reader moves
 * between pages, as the layout stays mounted.
 */
function DocSidebar({ items, route }: { items: SidebarItem[]; route: RouteData }) {
  const { site } = useTheme();
  const [hidden, setHidden] = useState(false);
  const toggle = globalThis.__sdkdocsSidebarOptions !== false && site.docsSidebar.hideable ? (
    <button
      type="button"
      className="sidebar-toggle-button clean-button"
      title={sidebarToggleStrings.en[hidden ? 'expandSidebar' : 'collapseSidebar']}
      aria-label={sidebarToggleStrings.en[hidden ? 'expandSidebar' : 'collapseSidebar']}
      onClick={() => setHidden(!hidden)}
    >
      <span aria-hidden="true">{hidden ? '»' : '«'}</span>
    </button>
  ) : null;
  return (
    <aside className={hidden ? 'doc-sidebar doc-sidebar-hidden' : 'doc-sidebar'}>
      {hidden ? (
        toggle
      ) : (
        <nav className="sidebar-menu" aria-label={formatThemeString(route.kind === 'api' ? 'apiSidebar' : 'docsSidebar')}>
          <SidebarMenu items={items} path={route.path} />
          {toggle}
        </nav>
      )}
    </aside>
  );
}

function RouteContent({ route, sidebar, pageContent }: { route: RouteData; sidebar?: SidebarItem[]; pageContent?: ReactNode }) {
  if (route.kind === 'doc' || route.kind === 'category' || (route.kind === 'api' && sidebar)) {
    return (
      <div className="doc-layout">
        {/* The plain sidebar where no option asks for more: DocSidebar's code then leaves the browser bundle. */}
        {sidebar && globalThis.__sdkdocsSidebarOptions !== false ? <DocSidebar items={sidebar} route={route} /> : null}
        {sidebar && globalThis.__sdkdocsSidebarOptions === false ? (
          <aside className="doc-sidebar">
            <nav className="sidebar-menu" aria-label={formatThemeString(route.kind === 'api' ? 'apiSidebar' : 'docsSidebar')}>
              <SidebarMenu items={sidebar} path={route.path} />
            </nav>
          </aside>
        ) : null}
        <main className="doc-main" id={mainContentId} tabIndex={-1}>
          <div className="doc-container">
            <article className="doc-article">
              <VisibilityBanner route={route} />
              <DocsVersionBanner route={route} />
              <CopyPageButtonSlot href={route.markdownUrl} />
              <DocBreadcrumbsSlot crumbs={route.breadcrumbs} />
              <DocsVersionBadge route={route} />
              {/* Below its title when the build put it there (src/ssr/mobile-toc.ts, the API templates), else above the content. */}
              {route.html.includes(mobileTocAttribute) ? null : <TableOfContentsMobile items={route.toc} />}
              <Content html={route.html} pageContent={pageContent} />
              <DocItemFooterSlot editUrl={route.editUrl} lastUpdate={route.lastUpdate} tags={route.tags} />
              <DocPaginatorSlot previous={route.previous} next={route.next} />
            </article>
            <TOCSlot items={route.toc} />
          </div>
        </main>
      </div>
    );
  }
  return (
    <main className={`page-main page-${route.kind}`} id={mainContentId} tabIndex={-1}>
      {route.kind === 'search' ? <SearchPage /> : route.kind === 'notFound' ? <NotFoundSlot /> : <Content html={route.html} pageContent={pageContent} />}
    </main>
  );
}

/**
 * `NotFound`: the not-found text the build rendered into the route's HTML (read back from the
 * page by the client, so its code is not shipped), and the site's search.
 */
export function NotFound() {
  const { route } = useTheme();
  return (
    <>
      <Content html={route.html} />
      <NotFoundSearch />
    </>
  );
}

/** The site's search on the not-found page, where a reader is looking for something that moved. */
function NotFoundSearch() {
  return (
    <section className="container not-found-search" aria-labelledby="not-found-search-title">
      <h2 id="not-found-search-title" className="not-found-search-title">{formatThemeString('notFoundSearch')}</h2>
      <SearchBarSlot />
    </section>
  );
}
