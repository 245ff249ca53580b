import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { slug as slugOf } from 'github-slugger';
import { LineCounter, parseDocument } from 'yaml';
import { addPage, type BuildContext, type Page, type Site } from '../core/site.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { blogRoute, feedFiles, listedPosts, truncateMarker, truncateSentinelAttribute, type Blog, type BlogAuthor, type BlogPageView, type BlogPost, type BlogTag } from '../core/blog.js';
import type { BlogOptions } from '../config/schema.js';
import { parseFrontMatter } from './front-matter.js';
import { firstParagraph } from './first-paragraph.js';
import { placePageRoute } from './page-route.js';
import { readSourceText } from './read-source.js';
import { yamlToData } from './yaml-data.js';
import { joinUrlPath, withBaseUrl } from '../shared/paths.js';
import type { HeadTag, NavLink, RouteData } from '../shared/types.js';
import { documentTitleOf } from '../shared/document-title.js';

/** The front matter keys of blog posts that docs do not have (so no "unknown key" warning is given for them). */
const postOnlyKeys = new Set(['date', 'authors', 'author', 'author_url', 'author_title', 'author_image_url', 'authorURL', 'authorTitle', 'authorImageURL']);

/** Docusaurus' date in a post's file or folder name: `2021-08-26-welcome.md`, `2021/08/26/welcome/index.md`. */
const datedName = /^(?<folder>.*)(?<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/;

/** Where a social handle leads, as Docusaurus expands `socials` entries of `authors.yml`. */
const socialUrls: Record<string, (handle: string) => string> = {
  x: (handle) => `https://x.com/${handle}`,
  twitter: (handle) => `https://twitter.com/${handle}`,
  github: (handle) => `https://github.com/${handle}`,
  linkedin: (handle) => `https://www.linkedin.com/in/${handle}/`,
  stackoverflow: (handle) => `https://stackoverflow.com/users/${handle}`,
  bluesky: (handle) => `https://bsky.app/profile/${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}`,
  threads: (handle) => `https://www.threads.net/@${handle}`,
  mastodon: (handle) => `https://mastodon.social/@${handle}`,
  youtube: (handle) => `https://youtube.com/@${handle}`,
  twitch: (handle) => `https://twitch.tv/${handle}`,
};

/**
 * Reads the blog folder as Docusaurus' blog plugin does: posts (`.md`/`.mdx` files, or folders with
 * an `index` file) with their dates, slugs, authors (`authors.yml`) and tags (`tags.yml`), and adds
 * a page for each post and for the lists, tags, authors and archive. The posts' markdown is
 * compiled by parseMarkdown with the docs'; renderPages makes the pages' HTML and the feeds.
 */
export async function collectBlog(site: Site, ctx: BuildContext): Promise<void> {
  const options = site.config.blog;
  const blogDir = site.config.paths.blog;
  if (options === false || !blogDir || !existsSync(blogDir)) return;
  const routeBase = options.routeBasePath.replace(/^\/+|\/+$/g, '');
  const blog: Blog = { options, route: routeBase ? joinUrlPath(site.config.routes.root, routeBase) : site.config.routes.root, posts: [], authors: new Map(), tags: [] };
  blog.authors = readAuthorsFile(site, blog, blogDir);
  const tagsFile = readTagsFile(site, blog, blogDir);
  const files = await listPostFiles(blogDir, options);
  for (const file of files) {
    const post = readPost(site, ctx, blog, blogDir, file, tagsFile);
    if (post) blog.posts.push(post);
  }
  blog.posts.sort((a, b) => (options.sortPosts === 'ascending' ? a.date.getTime() - b.date.getTime() : b.date.getTime() - a.date.getTime()) || a.relativePath.localeCompare(b.relativePath));
  const tagsByRoute = new Map<string, BlogTag>();
  for (const post of listedPosts(blog)) for (const tag of post.tags) if (!tagsByRoute.has(tag.route)) tagsByRoute.set(tag.route, tag);
  blog.tags = [...tagsByRoute.values()].sort((a, b) => a.label.localeCompare(b.label, 'en'));
  site.blog = blog;
  createBlogPages(site, blog);
}

async function listPostFiles(blogDir: string, options: BlogOptions): Promise<string[]> {
  const included = picomatch(options.include);
  const excluded = picomatch(options.exclude);
  const entries = await readdir(blogDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(blogDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => !relative.split('/').some((part) => part === 'node_modules') && included(relative) && !excluded(relative))
    .sort()
    .map((relative) => path.join(blogDir, relative));
}

/** How a blog option's problem is reported: `throw` is an error, `warn` a warning, `ignore` nothing. */
function report(site: Site, action: BlogOptions['onInlineTags'], diagnostic: Omit<Diagnostic, 'severity'>): void {
  if (action === 'ignore') return;
  site.diagnostics.push({ ...diagnostic, severity: action === 'throw' ? 'error' : 'warning' });
}

/** Reads a YAML file of the blog folder (`authors.yml`, `tags.yml`) as a mapping; problems are located errors. */
function readYamlMapping(site: Site, file: string): { data: Record<string, unknown>; lineOf: (key: string) => number } | undefined {
  const source = readSourceText(file);
  site.diagnostics.push(...source.diagnostics);
  if (source.text === undefined) return undefined;
  const raw = source.text;
  const lineCounter = new LineCounter();
  const document = parseDocument(raw, { lineCounter, prettyErrors: false });
  const lineOf = (key: string) => {
    const index = raw.search(new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`, 'm'));
    return index < 0 ? 1 : raw.slice(0, index).split('\n').length;
  };
  for (const error of document.errors) {
    const position = lineCounter.linePos(error.pos[0]);
    site.diagnostics.push({ severity: 'error', code: 'blog', message: `Malformed YAML: ${error.message.split('\n')[0]}`, file, line: position.line, column: position.col });
  }
  if (document.errors.length > 0) return undefined;
  const { data } = yamlToData(document);
  if (data === undefined || data === null) return { data: {}, lineOf };
  if (typeof data !== 'object' || Array.isArray(data)) {
    site.diagnostics.push({ severity: 'error', code: 'blog', message: 'The file must be a YAML mapping of keys to entries.', file, line: 1, column: 1, hint: 'Write one `key:` line per entry, its fields indented below it.' });
    return undefined;
  }
  return { data: data as Record<string, unknown>, lineOf };
}

function readAuthorsFile(site: Site, blog: Blog, blogDir: string): Map<string, BlogAuthor> {
  const authors = new Map<string, BlogAuthor>();
  const file = path.resolve(blogDir, blog.options.authorsMapPath);
  if (!existsSync(file)) return authors;
  const mapping = readYamlMapping(site, file);
  for (const [key, entry] of Object.entries(mapping?.data ?? {})) {
    if (!isRecord(entry)) {
      site.diagnostics.push({ severity: 'error', code: 'blog', message: `Author "${key}" must be a mapping with at least a \`name\` or an \`image_url\`.`, file, line: mapping!.lineOf(key), column: 1, hint: 'For example:\n  ada:\n    name: Ada Lovelace\n    url: https://example.com' });
      continue;
    }
    const author = authorOf(entry, key, site.config.baseUrl);
    if (entry.page === true || isRecord(entry.page)) {
      const permalink = isRecord(entry.page) && typeof entry.page.permalink === 'string' ? entry.page.permalink : key;
      author.route = blogRoute(blog, blog.options.authorsBasePath, permalink);
    }
    authors.set(key, author);
  }
  return authors;
}

function authorOf(entry: Record<string, unknown>, key: string | undefined, baseUrl: string): BlogAuthor {
  const text = (...names: string[]) => names.map((name) => entry[name]).find((value): value is string => typeof value === 'string');
  // A path on the site (`/img/ada.png`) is under the base URL, as Docusaurus reads it.
  const image = text('image_url', 'imageURL');
  const socials: Record<string, string> = {};
  if (isRecord(entry.socials)) {
    for (const [platform, handle] of Object.entries(entry.socials)) {
      if (typeof handle !== 'string' || !handle) continue;
      socials[platform] = /^https?:\/\//.test(handle) ? handle : (socialUrls[platform]?.(handle.replace(/^@/, '')) ?? handle);
    }
  }
  return {
    key,
    name: text('name'),
    title: text('title'),
    url: text('url'),
    imageUrl: image ? withBaseUrl(image, baseUrl) : undefined,
    email: text('email'),
    socials: Object.keys(socials).length > 0 ? socials : undefined,
  };
}

interface TagsFile {
  file: string;
  tags: Map<string, BlogTag>;
}

function readTagsFile(site: Site, blog: Blog, blogDir: string): TagsFile | undefined {
  const option = blog.options.tags;
  if (option === false || option === null) return undefined;
  const file = path.resolve(blogDir, option ?? 'tags.yml');
  if (!existsSync(file)) {
    if (option !== undefined) site.diagnostics.push({ severity: 'error', code: 'blog', message: `The blog's tags file ${path.relative(site.config.siteDir, file)} does not exist.`, file: site.config.configFile, hint: 'Create it, or set `blog.tags` to false.' });
    return undefined;
  }
  const mapping = readYamlMapping(site, file);
  const tags = new Map<string, BlogTag>();
  for (const [key, entry] of Object.entries(mapping?.data ?? {})) {
    const fields = isRecord(entry) ? entry : {};
    const label = typeof fields.label === 'string' ? fields.label : key;
    const permalink = typeof fields.permalink === 'string' ? fields.permalink : slugOf(key);
    tags.set(key, { label, route: blogRoute(blog, blog.options.tagsBasePath, permalink), description: typeof fields.description === 'string' ? fields.description : undefined, inline: false });
  }
  return { file, tags };
}

function readPost(site: Site, ctx: BuildContext, blog: Blog, blogDir: string, file: string, tagsFile: TagsFile | undefined): BlogPost | undefined {
  const relativePath = path.relative(blogDir, file).split(path.sep).join('/');
  const source = readSourceText(file);
  site.diagnostics.push(...source.diagnostics);
  if (source.text === undefined) return undefined;
  const raw = source.text;
  const parsed = parseFrontMatter(raw, file);
  site.diagnostics.push(...parsed.diagnostics.filter((diagnostic) => !(diagnostic.severity === 'warning' && [...postOnlyKeys].some((key) => diagnostic.message.includes(`"${key}"`)))));
  if (parsed.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return undefined;
  const fm = parsed.data;
  const positionOf = (key: string) => parsed.keyPositions[key] ?? { line: 1, column: 1 };
  if (fm.draft === true && !ctx.watch) return undefined;
  const named = datedName.exec(relativePath)?.groups;
  const date = postDate(site, fm.date, named?.date, file, positionOf('date'));
  // As Docusaurus: a post without a slug is at its date's path, then the folders before the date
  // and the rest of the name (`releases/2021-08-26-welcome.md` → 2021/08/26/releases/welcome).
  const nameText = (named ? named.text : relativePath.replace(/(\/index)?\.mdx?$/, '')) || path.basename(path.dirname(file));
  const defaultSlug = named ? `${named.date.replace(/-/g, '/')}/${named.folder}${named.text}` : nameText;
  // As Docusaurus: a front matter slug is a path under the blog's route, wherever the post's file is.
  const slug = typeof fm.slug === 'string' ? fm.slug : defaultSlug;
  const route = blogRoute(blog, slug.replace(/^\.?\//, ''));
  // The title: front matter, else the content's leading h1 (which the post's header then shows instead).
  let body = parsed.body;
  let title = typeof fm.title === 'string' ? fm.title : undefined;
  let compiledRaw = raw;
  if (title === undefined) {
    const heading = /^(\s*)# +(.+?)\s*#*\s*$/m.exec(body);
    if (heading && body.slice(0, heading.index).trim() === '') {
      title = heading[2];
      // Blanked, not removed: positions in the post stay those of its file.
      const at = raw.length - body.length + heading.index + heading[1].length;
      compiledRaw = raw.slice(0, at) + raw.slice(at).replace(/^# +.+$/m, '');
      body = body.replace(/^(\s*)# +.+$/m, '$1');
    }
  }
  title ??= nameText.split('/').pop()!;
  const marker = truncateMarker.exec(compiledRaw);
  if (marker) {
    const sentinel = /\.mdx$/i.test(file) ? `<div ${truncateSentinelAttribute}="" />` : `<div ${truncateSentinelAttribute}=""></div>`;
    compiledRaw = compiledRaw.slice(0, marker.index) + sentinel + compiledRaw.slice(marker.index + marker[0].length);
  }
  const unlisted = fm.unlisted === true && !ctx.watch;
  const post: BlogPost = {
    file,
    relativePath,
    raw,
    compiledRaw,
    frontMatter: fm,
    frontMatterPositions: parsed.keyPositions,
    route,
    title,
    description: typeof fm.description === 'string' ? fm.description : firstParagraph(body.replace(truncateMarker, '')),
    date,
    formattedDate: formatPostDate(site, date),
    authors: postAuthors(site, blog, fm, file, positionOf(fm.authors === undefined && fm.author !== undefined ? 'author' : 'authors')),
    tags: postTags(site, blog, fm.tags, file, positionOf('tags'), tagsFile),
    truncated: marker !== null,
    readingTime: blog.options.showReadingTime ? readingMinutes(body, site.config.i18n.defaultLocale) : undefined,
    unlisted,
    draft: fm.draft === true,
    editUrl: postEditUrl(site, blog, fm, relativePath, route),
  };
  if (!post.truncated && !post.unlisted) {
    report(site, blog.options.onUntruncatedBlogPosts, {
      code: 'blog-untruncated',
      message: 'This blog post has no truncate marker: the blog lists show it whole.',
      file,
      line: parsed.bodyLine,
      column: 1,
      hint: 'Add `<!-- truncate -->` (`{/* truncate */}` in MDX) where the lists should cut it, or set `onUntruncatedBlogPosts: \'ignore\'`.',
    });
  }
  return post;
}

/**
 * A front matter date as Date can read it. Docusaurus' js-yaml reads YAML 1.1 timestamps, whose
 * month, day and hour may have one digit (`2023-2-07T00:00:00.000Z`, electronjs.org's blog), and
 * a date without a time is midnight UTC.
 */
function timestampText(written: string): string {
  const text = written.trim();
  const date = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (date) return `${date[1]}-${date[2]!.padStart(2, '0')}-${date[3]!.padStart(2, '0')}T00:00:00Z`;
  const stamp = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt]|[ \t]+)(\d{1,2}):(\d{2}):(\d{2})(\.\d*)?[ \t]*(Z|([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(text);
  if (!stamp) return written;
  const [, year, month, day, hour, minute, second, fraction = '', zone, sign, zoneHour, zoneMinute = '00'] = stamp;
  const pad = (part: string) => part.padStart(2, '0');
  // A timestamp without a zone is UTC in YAML; Date would read it as local time.
  const offset = zone === undefined || zone === 'Z' ? 'Z' : `${sign}${pad(zoneHour!)}:${zoneMinute}`;
  return `${year}-${pad(month!)}-${pad(day!)}T${pad(hour!)}:${minute}:${second}${fraction === '.' ? '' : fraction}${offset}`;
}

function postDate(site: Site, written: unknown, fromName: string | undefined, file: string, at: { line: number; column: number }): Date {
  if (written instanceof Date) return written;
  if (typeof written === 'string') {
    const parsed = new Date(timestampText(written));
    if (!Number.isNaN(parsed.getTime())) return parsed;
    site.diagnostics.push({ severity: 'error', code: 'front-matter', message: `Front matter key "date" must be a date, found "${written}".`, file, ...at, hint: 'For example: `date: 2021-08-26` or `date: 2021-08-26T10:00`.' });
  }
  if (fromName) {
    const [year, month, day] = fromName.split(/[-/]/).map(Number);
    return new Date(Date.UTC(year, month - 1, day));
  }
  // As Docusaurus without a date anywhere: the file's own.
  return statSync(file).mtime;
}

function formatPostDate(site: Site, date: Date): string {
  const { i18n } = site.config;
  const locale = i18n.localeConfigs[i18n.defaultLocale] ?? {};
  try {
    return new Intl.DateTimeFormat(locale.htmlLang ?? i18n.defaultLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', calendar: locale.calendar ?? 'gregory' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  }
}

/** Docusaurus' reading time: the words of the post at 200 a minute. */
export function readingMinutes(body: string, locale: string): number {
  const segmenter = wordSegmenterFor(locale);
  let words = 0;
  // Line by line: V8 segments a long text far slower than its lines one by one, and no word
  // spans a line break (Unicode's word rules always break around one), so the count is the same.
  for (const line of body.split('\n')) {
    if (line === '') continue;
    for (const segment of segmenter.segment(line)) if (segment.isWordLike) words++;
  }
  return Math.round((words / 200) * 100) / 100;
}

const wordSegmenters = new Map<string, Intl.Segmenter>();

function wordSegmenterFor(locale: string): Intl.Segmenter {
  let segmenter = wordSegmenters.get(locale);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    } catch {
      segmenter = new Intl.Segmenter('en', { granularity: 'word' });
    }
    wordSegmenters.set(locale, segmenter);
  }
  return segmenter;
}

function postAuthors(site: Site, blog: Blog, fm: Record<string, unknown>, file: string, at: { line: number; column: number }): BlogAuthor[] {
  const written = fm.authors ?? (fm.author !== undefined ? [{ name: fm.author, title: fm.author_title ?? fm.authorTitle, url: fm.author_url ?? fm.authorURL, image_url: fm.author_image_url ?? fm.authorImageURL }] : []);
  const entries = Array.isArray(written) ? written : [written];
  const authors: BlogAuthor[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') {
      const known = blog.authors.get(entry);
      if (known) authors.push(known);
      else {
        site.diagnostics.push({
          severity: 'error',
          code: 'blog-author',
          message: `The blog post's author "${entry}" is not in ${blog.options.authorsMapPath}.`,
          file,
          ...at,
          hint: blog.authors.size > 0 ? `Known authors: ${[...blog.authors.keys()].join(', ')}.` : `Add it to ${path.join(path.relative(site.config.siteDir, site.config.paths.blog!), blog.options.authorsMapPath)}, or write the author inline: \`authors: [{name: Ada}]\`.`,
        });
      }
    } else if (isRecord(entry)) {
      const known = typeof entry.key === 'string' ? blog.authors.get(entry.key) : undefined;
      if (known) {
        authors.push({ ...known, ...definedFields(authorOf(entry, undefined, site.config.baseUrl)), key: known.key, route: known.route });
        continue;
      }
      authors.push(authorOf(entry, undefined, site.config.baseUrl));
      report(site, blog.options.onInlineAuthors, {
        code: 'blog-inline-author',
        message: `The blog post's author ${typeof entry.name === 'string' ? `"${entry.name}" ` : ''}is written inline, not in ${blog.options.authorsMapPath}.`,
        file,
        ...at,
        hint: `List the author in ${blog.options.authorsMapPath} and name its key here, or set \`onInlineAuthors: 'ignore'\`.`,
      });
    }
  }
  return authors;
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

function postTags(site: Site, blog: Blog, written: unknown, file: string, at: { line: number; column: number }, tagsFile: TagsFile | undefined): BlogTag[] {
  if (!Array.isArray(written)) return [];
  const tags: BlogTag[] = [];
  const inline: string[] = [];
  for (const entry of written) {
    if (typeof entry === 'string') {
      const known = tagsFile?.tags.get(entry);
      if (known) tags.push(known);
      else {
        tags.push({ label: entry, route: blogRoute(blog, blog.options.tagsBasePath, slugOf(entry)), inline: true });
        inline.push(entry);
      }
    } else if (isRecord(entry) && typeof entry.label === 'string') {
      tags.push({ label: entry.label, route: blogRoute(blog, blog.options.tagsBasePath, typeof entry.permalink === 'string' ? entry.permalink : slugOf(entry.label)), inline: true });
      inline.push(entry.label);
    }
  }
  if (tagsFile && inline.length > 0) {
    report(site, blog.options.onInlineTags, {
      code: 'blog-inline-tag',
      message: `The blog post's tag${inline.length === 1 ? '' : 's'} ${inline.map((tag) => `"${tag}"`).join(', ')} ${inline.length === 1 ? 'is' : 'are'} not in ${path.relative(site.config.siteDir, tagsFile.file)}.`,
      file,
      ...at,
      hint: `Add ${inline.length === 1 ? 'it' : 'them'} to the tags file, or set \`onInlineTags: 'ignore'\`.`,
    });
  }
  return tags;
}

function postEditUrl(site: Site, blog: Blog, fm: Record<string, unknown>, relativePath: string, permalink: string): string | undefined {
  if (fm.custom_edit_url !== undefined) return typeof fm.custom_edit_url === 'string' && fm.custom_edit_url ? fm.custom_edit_url : undefined;
  const { editUrl } = blog.options;
  if (!editUrl) return undefined;
  const blogDirPath = path.relative(site.config.siteDir, site.config.paths.blog!).split(path.sep).join('/');
  if (typeof editUrl === 'function') return editUrl({ blogDirPath, blogPath: relativePath, permalink, locale: site.config.i18n.defaultLocale }) || undefined;
  return `${editUrl.replace(/\/+$/, '')}/${[blogDirPath, relativePath].filter(Boolean).join('/')}`;
}

/** The list, tag and author pages go in pages of `postsPerPage` posts. */
function paginate(posts: BlogPost[], perPage: BlogOptions['postsPerPage']): BlogPost[][] {
  if (perPage === 'ALL' || posts.length === 0) return [posts];
  const pages: BlogPost[][] = [];
  for (let start = 0; start < posts.length; start += perPage) pages.push(posts.slice(start, start + perPage));
  return pages;
}

function createBlogPages(site: Site, blog: Blog): void {
  const { config } = site;
  const { options } = blog;
  const listed = listedPosts(blog);
  const feedHead = feedHeadTags(site, blog);
  const titled = (title: string) => documentTitleOf(title, config.title, config.titleDelimiter);
  const add = (route: string, view: BlogPageView, data: Omit<RouteData, 'path' | 'kind' | 'html' | 'toc' | 'breadcrumbs'> & { toc?: RouteData['toc'] }, source?: { file: string; line?: number }): void => {
    if (source && placePageRoute(site, route, { file: source.file }) === undefined) return;
    const kind = view.type === 'post' ? 'blogPost' : 'blog';
    const page: Page = {
      route,
      kind,
      sourceFile: source?.file,
      sourceLine: source?.line,
      blog: view,
      anchors: new Set(),
      links: [],
      data: { ...data, path: route, kind, html: '', toc: data.toc ?? [], breadcrumbs: [], pageHead: [...feedHead, ...(data.pageHead ?? [])] },
    };
    addPage(site, page);
  };
  const paginated = (posts: BlogPost[], basePath: string, make: (pagePosts: BlogPost[], pageNumber: number, pageCount: number, route: string) => void) => {
    const pages = paginate(posts, options.postsPerPage);
    pages.forEach((pagePosts, index) => make(pagePosts, index + 1, pages.length, index === 0 ? basePath : blogRoute({ route: basePath }, options.pageBasePath, String(index + 1))));
  };
  paginated(listed, blog.route, (posts, pageNumber, pageCount, route) =>
    add(route, { type: 'list', posts, pageNumber, pageCount, basePath: blog.route }, { title: options.blogTitle, documentTitle: route === config.routes.root ? config.title : titled(options.blogTitle), description: options.blogDescription }),
  );
  blog.posts.forEach((post) => {
    const index = listed.indexOf(post);
    const newer = index > 0 ? listed[index - 1] : undefined;
    const older = index >= 0 && index < listed.length - 1 ? listed[index + 1] : undefined;
    const link = (other: BlogPost | undefined): NavLink | undefined => (other ? { label: other.title, to: other.route } : undefined);
    const fm = post.frontMatter;
    add(
      post.route,
      { type: 'post', post },
      {
        title: post.title,
        documentTitle: titled(post.title),
        description: post.description,
        previous: link(newer),
        next: link(older),
        editUrl: post.editUrl,
        keywords: fm.keywords,
        image: typeof fm.image === 'string' ? withBaseUrl(fm.image, config.baseUrl) : undefined,
        unlisted: post.unlisted || undefined,
        draft: post.draft || undefined,
        tags: post.tags.length > 0 ? post.tags.map((tag) => ({ label: tag.label, to: tag.route })) : undefined,
        pageHead: postMetaTags(post),
      },
      { file: post.file, line: fm.slug !== undefined ? post.frontMatterPositions.slug?.line : undefined },
    );
  });
  if (blog.tags.length > 0) {
    const tagsRoute = blogRoute(blog, options.tagsBasePath);
    add(tagsRoute, { type: 'tags' }, { title: 'Tags', documentTitle: titled('Tags') });
    for (const tag of blog.tags) {
      const posts = listed.filter((post) => post.tags.some((candidate) => candidate.route === tag.route));
      paginated(posts, tag.route, (pagePosts, pageNumber, pageCount, route) =>
        add(route, { type: 'tag', tag, posts: pagePosts, pageNumber, pageCount, basePath: tag.route }, { title: tagPostsTitle(tag, posts.length), documentTitle: titled(tagPostsTitle(tag, posts.length)), description: tag.description }),
      );
    }
  }
  const authorsWithPages = [...blog.authors.values()].filter((author) => author.route);
  if (authorsWithPages.length > 0) {
    add(blogRoute(blog, options.authorsBasePath), { type: 'authors' }, { title: 'Authors', documentTitle: titled('Authors') });
    for (const author of authorsWithPages) {
      const posts = listed.filter((post) => post.authors.some((candidate) => candidate.key === author.key));
      const name = author.name ?? author.key!;
      paginated(posts, author.route!, (pagePosts, pageNumber, pageCount, route) =>
        add(route, { type: 'author', author, posts: pagePosts, pageNumber, pageCount, basePath: author.route! }, { title: name, documentTitle: titled(name), description: author.title }),
      );
    }
  }
  if (options.archiveBasePath !== null && listed.length > 0) {
    add(blogRoute(blog, options.archiveBasePath), { type: 'archive' }, { title: 'Archive', documentTitle: titled('Archive'), description: 'Archive' });
  }
}

/** "3 posts tagged with "Docusaurus"", as Docusaurus titles a tag's page. */
function tagPostsTitle(tag: BlogTag, count: number): string {
  return `${count === 1 ? 'One post' : `${count} posts`} tagged with "${tag.label}"`;
}

/** The feeds' `<link rel="alternate">`, in the head of every blog page. */
function feedHeadTags(site: Site, blog: Blog): HeadTag[] {
  const title = blog.options.feedOptions.title ?? site.config.title;
  return feedFiles(blog).map((feed) => ({
    tagName: 'link',
    attributes: { rel: 'alternate', type: feed.mediaType, href: blogRoute(blog, feed.fileName), title: `${title} ${feed.type === 'rss' ? 'RSS' : feed.type === 'atom' ? 'Atom' : 'JSON'} Feed` },
  }));
}

/** A post's article metadata (Open Graph), as Docusaurus gives blog posts. */
function postMetaTags(post: BlogPost): HeadTag[] {
  return [
    { tagName: 'meta', attributes: { property: 'article:published_time', content: post.date.toISOString() } },
    ...post.tags.map((tag): HeadTag => ({ tagName: 'meta', attributes: { property: 'article:tag', content: tag.label } })),
  ];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
