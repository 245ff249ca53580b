/**
 * What every stage asks of the blog's model (src/model/blog.ts): its truncate marker, which posts
 * are listed, the routes of its pages and feeds.
 */

import type { Blog, BlogPost } from '../model/blog.js';
import { joinUrlPath } from '../shared/paths.js';

export type * from '../model/blog.js';

/** Docusaurus' default truncate markers, in markdown and in MDX. */
export const truncateMarker = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/;

/**
 * Stands for the truncate marker in the compiled markdown: an empty element that survives markdown
 * and MDX alike, where the build cuts the excerpt the lists show.
 */
export const truncateSentinelAttribute = 'data-blog-truncate';

/** Posts shown in lists, feeds, search and the sitemap. */
export function listedPosts(blog: Blog): BlogPost[] {
  return blog.posts.filter((post) => !post.unlisted);
}

/** The route of a blog page: `sub` joined under the blog's route, without a trailing slash. */
export function blogRoute(blog: Pick<Blog, 'route'>, ...parts: string[]): string {
  let route = blog.route;
  for (const part of parts) route = joinUrlPath(route, part.replace(/^\/+/, ''));
  return route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route;
}

/** The feeds the blog has, with their file names under the blog's route. */
export function feedFiles(blog: Blog): { type: 'rss' | 'atom' | 'json'; fileName: string; mediaType: string }[] {
  const type = blog.options.feedOptions.type;
  const types = type === null ? [] : type === 'all' ? (['rss', 'atom', 'json'] as const) : Array.isArray(type) ? type : [type];
  const files = { rss: ['rss.xml', 'application/rss+xml'], atom: ['atom.xml', 'application/atom+xml'], json: ['feed.json', 'application/feed+json'] } as const;
  return [...new Set(types)].map((feed) => ({ type: feed, fileName: files[feed][0], mediaType: files[feed][1] }));
}
