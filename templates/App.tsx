import type { ReactNode } from 'react';
import { formatThemeString } from '../src/shared/theme-strings.js';
import type { RouteData, SidebarItem, SiteData } from '../src/shared/types.js';
import { AnnouncementBar } from './AnnouncementBar.js';
import { ThemeContext } from './context.js';
import { Breadcrumbs, Pagination, TableOfContents, TableOfContentsMobile } from './DocParts.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { Footer } from './Footer.js';
import { Link } from './Link.js';
import { Navbar } from './Navbar.js';
import { SidebarMenu } from './Sidebar.js';

export interface AppProps {
  site: SiteData;
  route: RouteData;
  sidebars: Record<string, SidebarItem[]>;
  /** Rendered where the client runtime shows route loading state (spinner, error box). */
  status?: ReactNode;
  /** The mobile menu, rendered by the client only while it is open. */
  mobileMenu?: ReactNode;
}

/** The id the skip link jumps to. */
export const mainContentId = '__main-content';

/** The whole page below `<body>`: rendered to HTML at build time and hydrated by the client. */
export function App({ site, route, sidebars, status, mobileMenu }: AppProps) {
  return (
    <ThemeContext.Provider value={{ site, route, sidebars }}>
      <a className="skip-to-content" href={`#${mainContentId}`}>
        {formatThemeString('skipToContent')}
      </a>
      <AnnouncementBar />
      <Navbar mobileMenu={mobileMenu} />
      <div className="main-wrapper">
        {status}
        <ErrorBoundary resetKey={route.path}>
          <RouteContent route={route} sidebar={route.sidebar ? sidebars[route.sidebar] : undefined} />
        </ErrorBoundary>
      </div>
      <Footer />
    </ThemeContext.Provider>
  );
}

function Content({ html }: { html: string }) {
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

function RouteContent({ route, sidebar }: { route: RouteData; sidebar?: SidebarItem[] }) {
  if (route.kind === 'doc' || route.kind === 'category' || (route.kind === 'api' && sidebar)) {
    return (
      <div className="doc-layout">
        {sidebar ? (
          <aside className="doc-sidebar">
            <nav className="sidebar-menu" aria-label={formatThemeString(route.kind === 'api' ? 'apiSidebar' : 'docsSidebar')}>
              <SidebarMenu items={sidebar} path={route.path} />
            </nav>
          </aside>
        ) : null}
        <main className="doc-main" id={mainContentId} tabIndex={-1}>
          <div className="doc-container">
            <article className="doc-article">
              <Breadcrumbs crumbs={route.breadcrumbs} />
              <TableOfContentsMobile items={route.toc} />
              <Content html={route.html} />
              {route.editUrl ? (
                <div className="doc-footer">
                  <Link href={route.editUrl} className="edit-this-page">
                    {formatThemeString('editThisPage')}
                  </Link>
                </div>
              ) : null}
              <Pagination previous={route.previous} next={route.next} />
            </article>
            <TableOfContents items={route.toc} />
          </div>
        </main>
      </div>
    );
  }
  return (
    <main className={`page-main page-${route.kind}`} id={mainContentId} tabIndex={-1}>
      <Content html={route.html} />
    </main>
  );
}
