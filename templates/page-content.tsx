import { formatThemeString } from '../src/shared/theme-strings.js';
import type { LandingData } from '../src/shared/landing.js';
import type { SidebarItem, SiteData } from '../src/shared/types.js';
import { Link } from './Link.js';
import { DocCard } from './theme/DocCardList.js';
import { sidebarItemLink } from '../src/shared/sidebar-links.js';

/**
 * Content of the generated pages. Like markdown, it is rendered to static HTML at build time and
 * shipped as the route's `html`, so none of it needs to be in the client bundle.
 */

export function LandingContent({ site, landing }: { site: SiteData; landing: LandingData }) {
  const { docsLink, apiLink, features, snippet, quickLinks } = landing;
  return (
    <>
      <header className="hero landing-hero">
        <div className="container">
          <h1 className="hero-title">{site.title}</h1>
          <p className="hero-subtitle">{site.tagline}</p>
          <div className="hero-buttons">
            {/* The docs' main doc (docs.mainDocId, else the first doc of the sidebar): a link that always leads somewhere. */}
            {docsLink ? (
              <Link to={docsLink} className="button button-primary button-lg">
                Get started
              </Link>
            ) : null}
            {apiLink ? (
              <Link to={apiLink} className="button button-secondary button-lg">
                API reference
              </Link>
            ) : null}
          </div>
        </div>
      </header>
      {features.length > 0 ? (
        <section className="landing-features" aria-labelledby="landing-features-title">
          <div className="container">
            <h2 id="landing-features-title" className="landing-section-title">
              {formatThemeString('landingFeatures')}
            </h2>
            <ul className="landing-cards">
              {features.map((feature) => (
                <li key={feature.title} className="landing-card">
                  <h3 className="landing-card-title">
                    {feature.to || feature.href ? (
                      <Link to={feature.to} href={feature.href} className="landing-card-link">
                        {feature.title}
                      </Link>
                    ) : (
                      feature.title
                    )}
                  </h3>
                  <p className="landing-card-description">{feature.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {snippet || quickLinks.length > 0 ? (
        <section className="landing-start" aria-label={formatThemeString('landingStart')}>
          <div className="container landing-start-columns">
            {snippet ? (
              <div className="landing-snippet">
                <h2 className="landing-section-title">{snippet.title ?? formatThemeString('landingSnippet')}</h2>
                <div dangerouslySetInnerHTML={{ __html: snippet.html }} />
              </div>
            ) : null}
            {quickLinks.length > 0 ? (
              <nav className="landing-quick-links" aria-labelledby="landing-quick-links-title">
                <h2 id="landing-quick-links-title" className="landing-section-title">
                  {formatThemeString('landingQuickLinks')}
                </h2>
                <ul>
                  {quickLinks.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  );
}

/** A card per item of the category, with the doc's description when it has one. */
export function CategoryIndexContent({
  title,
  description,
  items,
  descriptions,
}: {
  title: string;
  description?: string;
  items: SidebarItem[];
  descriptions: Map<string, string | undefined>;
}) {
  return (
    <>
      <header>
        <h1>{title}</h1>
        {description ? <p className="category-description">{description}</p> : null}
      </header>
      <section className="category-cards" aria-label={formatThemeString('categoryIndexIntro')}>
        {items.map((item) => {
          if (item.type === 'html') return null;
          const to = sidebarItemLink(item);
          const text =
            item.type === 'category'
              ? formatThemeString('docsPageCount', { count: countDocs(item.items) })
              : descriptions.get(item.to);
          return (
            <DocCard key={`${item.label}${to ?? ''}`} to={to} icon={item.type === 'category' ? '🗃️ ' : '📄️ '} label={item.label} text={text} />
          );
        })}
      </section>
    </>
  );
}


function countDocs(items: SidebarItem[]): number {
  return items.reduce((sum, item) => sum + (item.type === 'category' ? countDocs(item.items) : 1), 0);
}

/** A tag's page (`/docs/tags/<tag>`): the docs that carry it. */
export function TagDocsContent({ label, docs, allTagsPath }: { label: string; docs: { title: string; to: string; description?: string }[]; allTagsPath: string }) {
  return (
    <div className="container tags-page">
      <header>
        <h1>{formatThemeString('tagDocsTitle', { count: docs.length, label })}</h1>
        <Link to={allTagsPath}>{formatThemeString('tagsViewAll')}</Link>
      </header>
      <section className="tag-docs">
        {docs.map((doc) => (
          <article key={doc.to} className="tag-doc">
            <h2>
              <Link to={doc.to}>{doc.title}</Link>
            </h2>
            {doc.description ? <p>{doc.description}</p> : null}
          </article>
        ))}
      </section>
    </div>
  );
}

/** Every tag of the docs, grouped by first letter (`/docs/tags`). */
export function TagsListContent({ tags }: { tags: { label: string; to: string; count: number }[] }) {
  return (
    <div className="container tags-page">
      <h1>{formatThemeString('tagsTitle')}</h1>
      <TagsByLetter tags={tags} groupClassName="tags-group" idPrefix="tags" />
    </div>
  );
}

/** Tags in sections by their first letter, each tag linking its page with its count (the docs' and the blog's tags pages). */
export function TagsByLetter({ tags, groupClassName, idPrefix }: { tags: { label: string; to?: string; count: number }[]; groupClassName: string; idPrefix: string }) {
  const groups = new Map<string, typeof tags>();
  for (const tag of tags) {
    const letter = tag.label.charAt(0).toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), tag]);
  }
  return (
    <>
      {[...groups].map(([letter, group]) => (
        <section key={letter} className={groupClassName}>
          <h2 id={`${idPrefix}-${letter}`}>{letter}</h2>
          <ul className="tags-list">
            {group.map((tag) => (
              <li key={tag.to}>
                <Link to={tag.to} className="tag">
                  {tag.label} <span className="tag-count">{tag.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/**
 * The not-found page's text and a way home; the client app adds the site's search box under it
 * (App.tsx), where it is hydrated with the rest of the page.
 */
export function NotFoundContent({ homeLink }: { homeLink: string }) {
  return (
    <div className="container not-found">
      <h1>{formatThemeString('notFoundTitle')}</h1>
      <p>{formatThemeString('notFoundText')}</p>
      <p>{formatThemeString('notFoundHint')}</p>
      <p>
        <Link to={homeLink} className="button button-primary">
          {formatThemeString('notFoundHome')}
        </Link>
      </p>
    </div>
  );
}
