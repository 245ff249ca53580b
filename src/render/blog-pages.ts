import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  BlogArchiveContent,
  BlogAuthor,
  BlogAuthorsContent,
  BlogLayout,
  BlogListContent,
  BlogPaginator,
  BlogPostItem,
  BlogTagsContent,
  type BlogAuthorView,
  type BlogPostView,
  type BlogSidebarView,
} from '../../templates/BlogPages.js';
import { TableOfContentsMobile, VisibilityBanner } from '../../templates/DocParts.js';
import { blogRoute, listedPosts, type Blog, type BlogAuthor as Author, type BlogPost } from '../core/blog.js';
import type { Page, Site } from '../core/site.js';
import type { NavLink } from '../shared/types.js';

/** A blog page's HTML: its view inside the blog's layout (recent posts beside it, a post's table of contents). */
export function blogPageHtml(site: Site, page: Page): string {
  const blog = site.blog!;
  const view = page.blog!;
  const sidebar = blogSidebar(blog);
  const layout = (content: ReturnType<typeof createElement>, toc = page.data.toc) =>
    renderToStaticMarkup(createElement(BlogLayout, { sidebar, toc, path: page.route, children: content }));
  switch (view.type) {
    case 'post': {
      const post = postView(blog, view.post, false, site);
      const item = createElement(BlogPostItem, { post, inList: false });
      const paginator = createElement(BlogPaginator, { newer: page.data.previous, older: page.data.next, newerLabel: 'Newer post', olderLabel: 'Older post', label: 'Blog post page navigation' });
      // The mobile table of contents folds above the post; the desktop one sits beside it.
      const mobileToc = createElement(TableOfContentsMobile, { items: page.data.toc, inContent: true });
      // An unlisted post says so, and a draft while it is shown by serve --watch.
      const postContent = createElement('div', null, createElement(VisibilityBanner, { route: page.data }), item, paginator);
      return layout(createElement(Fragment, null, mobileToc, postContent));
    }
    case 'list':
      return layout(
        createElement(BlogListContent, {
          // The posts' titles are its headings; the page still has one title for screen readers and outlines.
          header: createElement('h1', { className: 'sr-only' }, view.pageNumber > 1 ? `${blog.options.blogTitle} (page ${view.pageNumber})` : blog.options.blogTitle),
          posts: view.posts.map((post) => postView(blog, post, true, site)),
          ...listNeighbours(blog, view.basePath, view.pageNumber, view.pageCount),
        }),
      );
    case 'tag':
      return layout(
        createElement(BlogListContent, {
          heading: page.data.title,
          description: view.tag.description,
          posts: view.posts.map((post) => postView(blog, post, true, site)),
          header: createElement('p', { className: 'blog-all-tags' }, createElement('a', { href: blogRoute(blog, blog.options.tagsBasePath) }, 'View all tags')),
          ...listNeighbours(blog, view.basePath, view.pageNumber, view.pageCount),
        }),
      );
    case 'author':
      return layout(
        createElement(BlogListContent, {
          header: createElement('header', { className: 'blog-author-header' }, createElement(BlogAuthor, { author: authorView(view.author), large: true })),
          posts: view.posts.map((post) => postView(blog, post, true, site)),
          ...listNeighbours(blog, view.basePath, view.pageNumber, view.pageCount),
        }),
      );
    case 'tags': {
      const listed = listedPosts(blog);
      return layout(
        createElement(BlogTagsContent, {
          tags: blog.tags.map((tag) => ({ label: tag.label, to: tag.route, count: listed.filter((post) => post.tags.some((candidate) => candidate.route === tag.route)).length })),
        }),
      );
    }
    case 'authors': {
      const listed = listedPosts(blog);
      const authors = [...blog.authors.values()].filter((author) => author.route).map((author) => ({ ...authorView(author), count: listed.filter((post) => post.authors.some((candidate) => candidate.key === author.key)).length }));
      return layout(createElement(BlogAuthorsContent, { authors }));
    }
    case 'archive':
      return renderToStaticMarkup(createElement('div', { className: 'container blog-archive-page' }, createElement(BlogArchiveContent, { years: archiveYears(blog) })));
  }
}

function blogSidebar(blog: Blog): BlogSidebarView | undefined {
  const { blogSidebarCount, blogSidebarTitle } = blog.options;
  if (blogSidebarCount === 0) return undefined;
  const listed = listedPosts(blog);
  const posts = blogSidebarCount === 'ALL' ? listed : listed.slice(0, blogSidebarCount);
  return { title: blogSidebarTitle, items: posts.map((post) => ({ label: post.title, to: post.route })) };
}

function listNeighbours(blog: Blog, basePath: string, pageNumber: number, pageCount: number): { newer?: NavLink; older?: NavLink } {
  const pageRoute = (number: number) => (number === 1 ? basePath : blogRoute({ route: basePath }, blog.options.pageBasePath, String(number)));
  return {
    newer: pageNumber > 1 ? { label: 'Newer entries', to: pageRoute(pageNumber - 1) } : undefined,
    older: pageNumber < pageCount ? { label: 'Older entries', to: pageRoute(pageNumber + 1) } : undefined,
  };
}

function authorView(author: Author): BlogAuthorView {
  return { name: author.name, title: author.title, to: author.route, url: author.url, imageUrl: author.imageUrl, email: author.email, socials: author.socials };
}

function postView(blog: Blog, post: BlogPost, inList: boolean, site: Site): BlogPostView {
  const lastUpdate = post.frontMatter.last_update;
  const { showLastUpdateTime, showLastUpdateAuthor } = blog.options;
  let updated: string | undefined;
  if (!inList && lastUpdate && (showLastUpdateTime || showLastUpdateAuthor)) {
    const date = showLastUpdateTime && lastUpdate.date ? new Date(lastUpdate.date) : undefined;
    const when = date && !Number.isNaN(date.getTime()) ? ` on ${new Intl.DateTimeFormat(site.config.i18n.defaultLocale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date)}` : '';
    const who = showLastUpdateAuthor && lastUpdate.author ? ` by ${lastUpdate.author}` : '';
    if (when || who) updated = `Last updated${when}${who}`;
  }
  return {
    title: post.title,
    to: post.route,
    date: post.date.toISOString(),
    formattedDate: post.formattedDate,
    readingTime: post.readingTime,
    authors: post.authors.map(authorView),
    tags: post.tags.map((tag) => ({ label: tag.label, to: tag.route })),
    html: (inList ? post.excerptHtml : post.html) ?? '',
    truncated: inList && post.truncated,
    editUrl: inList ? undefined : post.editUrl,
    lastUpdate: updated,
  };
}

function archiveYears(blog: Blog): { year: string; posts: { title: string; to: string; date: string; day: string }[] }[] {
  const years = new Map<string, { title: string; to: string; date: string; day: string }[]>();
  const day = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  for (const post of listedPosts(blog)) {
    const year = String(post.date.getUTCFullYear());
    years.set(year, [...(years.get(year) ?? []), { title: post.title, to: post.route, date: post.date.toISOString(), day: day.format(post.date) }]);
  }
  return [...years].map(([year, posts]) => ({ year, posts }));
}
