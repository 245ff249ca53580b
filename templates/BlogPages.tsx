import type { ReactNode } from 'react';
import type { NavLink, TocItem } from '../src/shared/types.js';
import { Link } from './Link.js';
import { TocList } from './DocParts.js';
import { TagsByLetter } from './page-content.js';

/**
 * The blog's pages (lists, a post, tags, authors, archive). Like the other generated pages they are
 * rendered to static HTML at build time and shipped as the route's `html`, so none of this is in
 * the client bundle: docs pages load no blog code, and client-side navigation shows a blog page
 * as it shows any page's HTML.
 */

/** An author as a post shows it. */
export interface BlogAuthorView {
  name?: string;
  title?: string;
  /** The author's page on the blog, when it has one; else `url`. */
  to?: string;
  url?: string;
  imageUrl?: string;
  email?: string;
  socials?: Record<string, string>;
}

/** A post, in a list or on its own page. */
export interface BlogPostView {
  title: string;
  to: string;
  /** ISO date. */
  date: string;
  formattedDate: string;
  readingTime?: number;
  authors: BlogAuthorView[];
  tags: NavLink[];
  /** The post's HTML, or in a list its excerpt. */
  html: string;
  /** In a list: the excerpt is cut, so "Read more" links the post. */
  truncated?: boolean;
  editUrl?: string;
  lastUpdate?: string;
}

/** The blog sidebar: the most recent posts. */
export interface BlogSidebarView {
  title: string;
  items: NavLink[];
}

/** The blog's grid: the recent posts beside the content, and a post's table of contents. */
export function BlogLayout({ sidebar, toc, path, children }: { sidebar?: BlogSidebarView; toc?: TocItem[]; path: string; children: ReactNode }) {
  return (
    <div className="blog-layout">
      {sidebar && sidebar.items.length > 0 ? (
        <aside className="blog-sidebar">
          <nav className="blog-sidebar-nav" aria-label="Blog recent posts navigation">
            <div className="blog-sidebar-title">{sidebar.title}</div>
            <ul className="blog-sidebar-list">
              {sidebar.items.map((item) => (
                <li key={item.to} className="blog-sidebar-item">
                  <Link to={item.to} className={item.to === path ? 'blog-sidebar-link blog-sidebar-link-active' : 'blog-sidebar-link'} aria-current={item.to === path ? 'page' : undefined}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      ) : null}
      <div className="blog-main">{children}</div>
      {toc && toc.length > 0 ? (
        <div className="toc-desktop blog-toc">
          <nav className="toc" aria-label="On this page">
            <div className="toc-title">On this page</div>
            <TocList items={toc} className="toc-list" />
          </nav>
        </div>
      ) : null}
    </div>
  );
}

function readingTimeText(minutes: number): string {
  const rounded = Math.max(1, Math.ceil(minutes));
  return `${rounded} min read`;
}

/** A post: its header (title, date, reading time, authors), content and footer (tags, edit link, "Read more"). */
export function BlogPostItem({ post, inList }: { post: BlogPostView; inList: boolean }) {
  const Title = inList ? 'h2' : 'h1';
  return (
    <article className="blog-post">
      <header className="blog-post-header">
        <Title className="blog-post-title">
          {inList ? (
            <Link to={post.to}>
              {post.title}
            </Link>
          ) : (
            post.title
          )}
        </Title>
        <div className="blog-post-meta">
          <time dateTime={post.date}>
            {post.formattedDate}
          </time>
          {post.readingTime !== undefined ? (
            <>
              {' · '}
              <span className="blog-post-reading-time">{readingTimeText(post.readingTime)}</span>
            </>
          ) : null}
        </div>
        {post.authors.length > 0 ? (
          <div className="blog-post-authors">
            {post.authors.map((author, index) => (
              <BlogAuthor key={index} author={author} />
            ))}
          </div>
        ) : null}
      </header>
      <div className="markdown blog-post-content" dangerouslySetInnerHTML={{ __html: post.html }} />
      {post.tags.length > 0 || post.truncated || post.editUrl || post.lastUpdate ? (
        <footer className="blog-post-footer">
          {post.tags.length > 0 ? (
            <div className="blog-post-tags">
              <b>Tags:</b>
              <ul className="tags-list">
                {post.tags.map((tag) => (
                  <li key={tag.to}>
                    <Link to={tag.to} className="tag" rel="tag">
                      {tag.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {inList && post.truncated ? (
            <div className="blog-post-read-more">
              <Link to={post.to} aria-label={`Read more about ${post.title}`}>
                <b>Read more</b>
              </Link>
            </div>
          ) : null}
          {!inList && (post.editUrl || post.lastUpdate) ? (
            <div className="blog-post-edit">
              {post.editUrl ? (
                <Link href={post.editUrl} className="edit-link">
                  Edit this page
                </Link>
              ) : null}
              {post.lastUpdate ? <span className="last-updated">{post.lastUpdate}</span> : null}
            </div>
          ) : null}
        </footer>
      ) : null}
    </article>
  );
}

/** An author's picture, name (linking their page, else their site), title and profiles. */
export function BlogAuthor({ author, large }: { author: BlogAuthorView; large?: boolean }) {
  const link = author.to ?? author.url ?? (author.email ? `mailto:${author.email}` : undefined);
  const name = author.name ? (
    link ? (
      author.to ? (
        <Link to={author.to}>
          <span>{author.name}</span>
        </Link>
      ) : (
        <Link href={link}>
          <span>{author.name}</span>
        </Link>
      )
    ) : (
      <span>{author.name}</span>
    )
  ) : null;
  return (
    <div className={large ? 'blog-author blog-author-large' : 'blog-author'}>
      {author.imageUrl ? <img className="blog-author-avatar" src={author.imageUrl} alt={author.name ?? ''} loading="lazy" width={48} height={48} /> : null}
      <div className="blog-author-text">
        {large ? <h1 className="blog-author-name">{name}</h1> : <div className="blog-author-name">{name}</div>}
        {author.title ? (
          <small className="blog-author-title">
            {author.title}
          </small>
        ) : null}
        {author.socials ? (
          <div className="blog-author-socials">
            {Object.entries(author.socials).map(([platform, url]) => (
              <Link key={platform} href={url} className="blog-author-social" aria-label={`${author.name ?? ''} on ${platform}`.trim()}>
                {platform}
              </Link>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** "Newer entries" / "Older entries" under a list, or "Newer post" / "Older post" under a post. */
export function BlogPaginator({ newer, older, newerLabel, olderLabel, label }: { newer?: NavLink; older?: NavLink; newerLabel: string; olderLabel: string; label: string }) {
  if (!newer && !older) return null;
  return (
    <nav className="pagination-nav" aria-label={label}>
      {newer ? (
        <Link to={newer.to} className="pagination-link pagination-link-prev">
          <div className="pagination-sublabel">{newerLabel}</div>
          <div className="pagination-label">{newer.label}</div>
        </Link>
      ) : (
        <span />
      )}
      {older ? (
        <Link to={older.to} className="pagination-link pagination-link-next">
          <div className="pagination-sublabel">{olderLabel}</div>
          <div className="pagination-label">{older.label}</div>
        </Link>
      ) : null}
    </nav>
  );
}

/** A list of posts (the blog, a tag's, an author's), with a heading when it is not the blog's own. */
export function BlogListContent({ heading, description, posts, newer, older, header }: { heading?: string; description?: string; posts: BlogPostView[]; newer?: NavLink; older?: NavLink; header?: ReactNode }) {
  return (
    <>
      {header}
      {heading ? (
        <header className="blog-list-header">
          <h1>{heading}</h1>
          {description ? <p>{description}</p> : null}
        </header>
      ) : null}
      {posts.map((post) => (
        <BlogPostItem key={post.to} post={post} inList />
      ))}
      <BlogPaginator newer={newer} older={older} newerLabel="Newer entries" olderLabel="Older entries" label="Blog list page navigation" />
    </>
  );
}

/** Every tag, grouped by first letter, with its post count. */
export function BlogTagsContent({ tags }: { tags: (NavLink & { count: number })[] }) {
  return (
    <>
      <h1>Tags</h1>
      <TagsByLetter tags={tags} groupClassName="blog-tags-group" idPrefix="letter" />
    </>
  );
}

/** The authors that have a page, with their post counts. */
export function BlogAuthorsContent({ authors }: { authors: (BlogAuthorView & { count: number })[] }) {
  return (
    <>
      <h1>Authors</h1>
      <ul className="blog-authors-list">
        {authors.map((author) => (
          <li key={author.to}>
            <BlogAuthor author={author} />
            <span className="blog-author-count">{author.count === 1 ? '1 post' : `${author.count} posts`}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The archive: every post by year, newest first. */
export function BlogArchiveContent({ years }: { years: { year: string; posts: { title: string; to: string; date: string; day: string }[] }[] }) {
  return (
    <>
      <header className="blog-list-header">
        <h1>Archive</h1>
        <p>Archive</p>
      </header>
      <div className="blog-archive">
        {years.map(({ year, posts }) => (
          <section key={year} className="blog-archive-year">
            <h2 id={`year-${year}`}>{year}</h2>
            <ul>
              {posts.map((post) => (
                <li key={post.to}>
                  <Link to={post.to}>
                    <time dateTime={post.date}>{post.day}</time> - {post.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
