/**
 * The blog's model: its posts, authors and tags as collectContent reads them from the blog folder
 * (Docusaurus' blog plugin conventions), and the routes of its pages. parseMarkdown compiles the
 * posts with the docs' pipeline; renderPages makes the list, tag, author and archive pages and the
 * feeds from this.
 */

import type { BlogOptions } from './config.js';
import type { FrontMatter } from './front-matter.js';

/** An author of posts: an entry of `authors.yml`, or one written in a post's front matter. */
export interface BlogAuthor {
  /** The key in `authors.yml`; none for an inline author. */
  key?: string;
  name?: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  email?: string;
  /** Social profiles as full URLs, by platform (`github`, `x` …). */
  socials?: Record<string, string>;
  /** The author's page, when `authors.yml` gives it one (`page: true` or `page: {permalink}`). */
  route?: string;
}

/** A tag of posts: an entry of `tags.yml`, or a tag written only in a post's front matter. */
export interface BlogTag {
  label: string;
  /** The tag's page. */
  route: string;
  description?: string;
  /** Written in a post but not in the tags file. */
  inline: boolean;
}

/** One post. */
export interface BlogPost {
  file: string;
  /** Path relative to the blog folder, with forward slashes. */
  relativePath: string;
  raw: string;
  /** The markdown as compiled: the truncate marker replaced by the truncate sentinel element (core/blog.ts), a title h1 taken out. */
  compiledRaw: string;
  frontMatter: FrontMatter;
  frontMatterPositions: Record<string, { line: number; column: number }>;
  route: string;
  title: string;
  description?: string;
  date: Date;
  /** The date as Docusaurus writes it on posts: `August 26, 2021`. */
  formattedDate: string;
  authors: BlogAuthor[];
  tags: BlogTag[];
  /** Whether the post has a truncate marker: the lists show the part before it and "Read more". */
  truncated: boolean;
  /** Minutes, from the words of the post. */
  readingTime?: number;
  /** Built, but in no list, feed, search or sitemap (production builds). */
  unlisted: boolean;
  /** Shown by serve --watch only. */
  draft: boolean;
  editUrl?: string;
  /** The compiled post's HTML and what the lists show of it, set by parseMarkdown. */
  html?: string;
  excerptHtml?: string;
}

/** The blog of the site, when it has one. */
export interface Blog {
  options: BlogOptions;
  /** The blog's route with the base URL: `/blog`, or the site root for a blog-only site. */
  route: string;
  /** Every post, in the order of `sortPosts` (newest first by default), unlisted ones included. */
  posts: BlogPost[];
  /** Authors by key (`authors.yml`). */
  authors: Map<string, BlogAuthor>;
  /** Every tag some listed post carries, ordered by label. */
  tags: BlogTag[];
}

/** A page of the blog: which view it is and what it lists. */
export type BlogPageView =
  | { type: 'list'; posts: BlogPost[]; pageNumber: number; pageCount: number; basePath: string }
  | { type: 'post'; post: BlogPost }
  | { type: 'tags' }
  | { type: 'tag'; tag: BlogTag; posts: BlogPost[]; pageNumber: number; pageCount: number; basePath: string }
  | { type: 'authors' }
  | { type: 'author'; author: BlogAuthor; posts: BlogPost[]; pageNumber: number; pageCount: number; basePath: string }
  | { type: 'archive' };
