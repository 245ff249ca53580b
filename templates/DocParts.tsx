import { formatThemeString } from '../src/shared/theme-strings.js';
import type { Crumb, NavLink, RouteData, TocItem } from '../src/shared/types.js';
import { Link } from './Link.js';
import { tocTree, useActiveHeading, type TocNode } from './toc-headings.js';
import type { DocItemFooterProps } from './theme-overrides.js';

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={formatThemeString('breadcrumbs')}>
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const home = index === 0 && crumb.label === formatThemeString('homePage');
          return (
            <li key={`${index}-${crumb.label}`} className={`breadcrumbs-item${last ? ' breadcrumbs-item-active' : ''}`}>
              {crumb.to && !last ? (
                <Link to={crumb.to} className="breadcrumbs-link" aria-label={home ? crumb.label : undefined}>
                  {home ? <HomeIcon /> : crumb.label}
                </Link>
              ) : (
                <span className="breadcrumbs-link" aria-current={last ? 'page' : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function HomeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="breadcrumbs-home">
      <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
    </svg>
  );
}

/** Nested list of the page's headings. */
export function TocList({ items, className, activeId }: { items: TocItem[]; className?: string; activeId?: string }) {
  if (items.length === 0) return null;
  const render = (nodes: TocNode[], top: boolean) => (
    <ul className={top ? className : undefined}>
      {nodes.map((node) => (
        <li key={node.item.id}>
          <a href={`#${node.item.id}`} className={node.item.id === activeId ? 'toc-link toc-link-active' : 'toc-link'}>
            {node.item.text}
          </a>
          {node.children.length > 0 ? render(node.children, false) : null}
        </li>
      ))}
    </ul>
  );
  return render(tocTree(items), true);
}


export function TableOfContents({ items }: { items: TocItem[] }) {
  const activeId = useActiveHeading(items);
  if (items.length === 0) return null;
  return (
    <div className="toc-desktop">
      <nav className="toc" aria-label={formatThemeString('onThisPage')}>
        <div className="toc-title">{formatThemeString('onThisPage')}</div>
        <TocList items={items} className="toc-list" activeId={activeId} />
      </nav>
    </div>
  );
}

/** Marks the mobile TOC that sits inside the content's HTML, so the client can tell it from the content. */
export const mobileTocAttribute = 'data-toc-mobile';

/**
 * Below the desktop breakpoint the TOC folds into a disclosure, which works without JavaScript.
 * It goes below the page's title: inside the content (`inContent`, marked so that the page adds no
 * second one) where the content starts with its title (docs, API pages, blog posts: the build puts
 * it into their trees, src/ssr/mobile-toc.ts for a doc's hast), else above the content.
 */
export function TableOfContentsMobile({ items, inContent = false }: { items: TocItem[]; inContent?: boolean }) {
  if (items.length === 0) return null;
  return (
    <details className="toc-mobile" {...(inContent ? { [mobileTocAttribute]: '' } : {})}>
      <summary>{formatThemeString('onThisPage')}</summary>
      <TocList items={items} className="toc-list" />
    </details>
  );
}

export function Pagination({ previous, next }: { previous?: NavLink; next?: NavLink }) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={formatThemeString('docsPages')}>
      {previous ? (
        <Link to={previous.to} className="pagination-link pagination-link-prev">
          <div className="pagination-sublabel">{formatThemeString('previous')}</div>
          <div className="pagination-label">{previous.label}</div>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next.to} className="pagination-link pagination-link-next">
          <div className="pagination-sublabel">{formatThemeString('next')}</div>
          <div className="pagination-label">{next.label}</div>
        </Link>
      ) : null}
    </nav>
  );
}

/** The notice Docusaurus shows on unlisted pages, and on drafts while they are only in dev. */
export function VisibilityBanner({ route }: { route: RouteData }) {
  if (!route.unlisted && !route.draft) return null;
  const [title, text] = route.unlisted
    ? [formatThemeString('unlistedBannerTitle'), formatThemeString('unlistedBannerText')]
    : [formatThemeString('draftBannerTitle'), formatThemeString('draftBannerText')];
  return (
    <aside className="admonition admonition-warning visibility-banner" role="note">
      <p className="admonition-title">{title}</p>
      <p>{text}</p>
    </aside>
  );
}

/** "Last updated on Jan 31, 2025 by Ada", from the doc's `last_update` front matter. */
export function LastUpdated({ lastUpdate }: { lastUpdate?: RouteData['lastUpdate'] }) {
  if (!lastUpdate || (!lastUpdate.date && !lastUpdate.author)) return null;
  const text = formatThemeString('lastUpdated', {
    atDate: lastUpdate.date ? formatThemeString('lastUpdatedAtDate', { date: lastUpdate.date }) : '',
    byUser: lastUpdate.author ? formatThemeString('lastUpdatedByUser', { user: lastUpdate.author }) : '',
  });
  return <span className="last-updated">{text}</span>;
}

/** The doc's tags, each linking to the page of docs that carry it. */
export function DocTags({ tags }: { tags?: NavLink[] }) {
  if (!tags || tags.length === 0) return null;
  return (
    <div className="doc-tags">
      <b>{formatThemeString('tagsLabel')}</b>
      <ul className="tags-list">
        {tags.map((tag) => (
          <li key={tag.to}>
            <Link to={tag.to} className="tag">
              {tag.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `DocItem/Footer`: below a doc's content, its tags, then the edit link and the last-update line. */
export function DocItemFooter({ editUrl, lastUpdate, tags }: DocItemFooterProps) {
  return (
    <>
      <DocTags tags={tags} />
      {editUrl || lastUpdate ? (
        <div className="doc-footer">
          {editUrl ? (
            <Link href={editUrl} className="edit-this-page">
              {formatThemeString('editThisPage')}
            </Link>
          ) : null}
          <LastUpdated lastUpdate={lastUpdate} />
        </div>
      ) : null}
    </>
  );
}
