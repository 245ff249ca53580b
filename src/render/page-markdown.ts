import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApiModel, ApiRef } from '../core/api-model.js';
import type { Doc, OutputFile, Page, Site } from '../core/site.js';
import type { DocsVersion } from '../core/docs-version.js';
import { firstH1Text, stripFrontMatter } from '../markdown/doc-text.js';
import { findSidebarCategory, flattenSidebar } from '../core/sidebar-queries.js';
import { apiSidebarName } from '../core/api-display.js';
import { joinUrlPath } from '../shared/paths.js';
import type { SidebarItem } from '../shared/types.js';
import { apiIndexMarkdown, apiSymbolMarkdown, type ApiMarkdownLinks } from './api-markdown.js';
import { llmsFileNames, markdownCopyPath, markdownCopyTest, markdownOutputPaths } from '../core/planned-outputs.js';
import { listedPosts, truncateMarker } from '../core/blog.js';

/**
 * A page whose route is the markdown copy of another page, or lies inside one (`/docs/intro.md`
 * beside `/docs/intro`), would be written where the copy is: a located error at the page's source.
 */
export function checkMarkdownCopyRoutes(site: Site): void {
  if (!site.config.markdownPages) return;
  const { baseUrl } = site.config;
  const copies = new Map<string, Page>();
  const hasCopy = markdownCopyTest(site);
  for (const page of site.pages) {
    const path = hasCopy(page) ? markdownCopyPath(page.route, baseUrl) : undefined;
    if (path) copies.set(joinUrlPath(baseUrl, path).replace(/\/+$/, ''), page);
  }
  for (const page of site.pages) {
    // The copies at the route or at a folder above it: a walk up the route's folders, not a
    // comparison with every copy (which grew with the square of the pages).
    for (const copyRoute of routeAndFoldersAbove(page.route)) {
      const original = copies.get(copyRoute);
      if (!original) continue;
      site.diagnostics.push({
        severity: 'error',
        code: 'route',
        message: `The route ${page.route} is ${page.route === copyRoute ? '' : 'inside '}the markdown copy of ${original.route} (${copyRoute}): the page and the copy would overwrite each other.`,
        file: page.sourceFile,
        line: page.sourceFile ? (page.sourceLine ?? 1) : undefined,
        column: page.sourceFile ? 1 : undefined,
        hint: 'Give the page another slug (or file name), or set markdownPages: false in the config.',
      });
    }
  }
}

/** `/sdk/a/b`, `/sdk/a`, `/sdk`: the route and every folder above it, without trailing slashes. */
function routeAndFoldersAbove(route: string): string[] {
  const routes: string[] = [];
  for (let current = route.replace(/\/+$/, ''); current !== ''; current = current.slice(0, current.lastIndexOf('/'))) routes.push(current);
  return routes;
}

/**
 * A static file where the build writes a markdown copy or an llms file is replaced by it (the
 * build's files win): said once, so the site's own llms.txt does not vanish unnoticed.
 */
export function warnStaticFilesReplaced(site: Site): void {
  const { paths, configFile } = site.config;
  const replaced = markdownOutputPaths(site).filter((file) => existsSync(path.join(paths.static, ...file.split('/'))));
  if (replaced.length === 0) return;
  const first = path.join(paths.static, ...replaced[0].split('/'));
  const llms = replaced.some((file) => (llmsFileNames as readonly string[]).includes(file));
  site.diagnostics.push({
    severity: 'warning',
    code: 'static',
    message: `${replaced.length > 1 ? `This static file and ${replaced.length - 1} more are` : 'This static file is'} replaced by what the build writes there (${replaced.slice(0, 3).join(', ')}${replaced.length > 3 ? ', …' : ''}).`,
    file: first,
    hint: llms ? `To publish your own, set llmsTxt: false (and markdownPages: false for page copies) in ${path.basename(configFile)}; else delete the file.` : 'Rename or delete the file, or set markdownPages: false in the config.',
  });
}

/** One page's markdown, and what llms.txt says about it. */
export interface PageMarkdown {
  page: Page;
  /**
   * Made on first read: which pages have a copy (and its URL, which goes into the page's data) is
   * known before the documents are rendered, the markdown itself is made while they are.
   */
  readonly markdown: string;
  /** Where the copy is published (a site path with the base URL), when markdown copies are on. */
  copyUrl?: string;
}

function lazyPageMarkdown(page: Page, make: () => string, copyUrl: string | undefined): PageMarkdown {
  let made: string | undefined;
  return {
    page,
    copyUrl,
    get markdown() {
      return (made ??= make());
    },
  };
}

/**
 * The markdown of every page that has a copy: a doc's own source without its front matter (with
 * its title as a heading when the source has none), a category index's list of pages, and the
 * API pages written from the API model.
 */
export function collectPageMarkdown(site: Site): PageMarkdown[] {
  const { baseUrl, routes, markdownPages } = site.config;
  // Every docs version's pages have a copy: the released docs are what most readers open.
  const docsByRoute = new Map([site, ...(site.docsVersions?.past.map((past) => past.site) ?? [])].flatMap((scope) => scope.docs.map((doc) => [doc.route, doc])));
  const model = site.api?.model;
  const symbolsByRoute = new Map(model?.symbols.map((symbol) => [joinUrlPath(routes.api, symbol.key), symbol]));
  const links: ApiMarkdownLinks = { hrefOf: (ref: ApiRef) => absoluteUrl(site, `${joinUrlPath(routes.api, ref.symbol)}${ref.member ? `#${ref.member}` : ''}`) };
  // Category pages list their items with descriptions; one map for all of them.
  const descriptions = new Map(site.pages.map((other) => [other.route, other.data.description]));
  const result: PageMarkdown[] = [];
  const hasCopy = markdownCopyTest(site);
  for (const page of site.pages) {
    if (!hasCopy(page)) continue;
    const make = markdownMaker(site, page, docsByRoute.get(page.route), model, symbolsByRoute, links, descriptions);
    if (!make) continue;
    const path = markdownCopyPath(page.route, baseUrl);
    result.push(lazyPageMarkdown(page, make, markdownPages && path ? joinUrlPath(baseUrl, path) : undefined));
  }
  return result;
}

/** How to make a page's markdown, or nothing when the page has none. */
function markdownMaker(
  site: Site,
  page: Page,
  doc: Doc | undefined,
  model: ApiModel | undefined,
  symbolsByRoute: Map<string, ApiModel['symbols'][number]>,
  links: ApiMarkdownLinks,
  descriptions: Map<string, string | undefined>,
): (() => string) | undefined {
  if (page.kind === 'doc' && doc) return () => docMarkdown(site, page, doc);
  if (page.blog?.type === 'post') {
    const { post } = page.blog;
    return () => sourceMarkdown(site, page, { file: post.file, raw: post.raw.replace(truncateMarker, ''), title: post.title });
  }
  if (page.kind === 'category') {
    return () => {
      const category = findSidebarCategory(site.sidebars[page.data.sidebar ?? site.config.docs.sidebar.id] ?? [], page.route);
      const items = (category?.items ?? []).flatMap((item) => linkItem(site, item, descriptions));
      return `# ${page.data.title}\n\n${page.data.description ? `${page.data.description}\n\n` : ''}${items.join('\n')}\n`;
    };
  }
  if (page.kind === 'api' && model) {
    if (page.route === site.config.routes.api) return () => apiIndexMarkdown(model, links);
    const symbol = symbolsByRoute.get(page.route);
    return symbol ? () => apiSymbolMarkdown(symbol, model, links) : undefined;
  }
  return undefined;
}

/**
 * serve --watch keeps an unchanged doc's compiled content (and source) object between builds, so
 * its markdown is made once per change.
 */
const docMarkdownCache = new WeakMap<object, { title: string; markdown: string }>();

function docMarkdown(site: Site, page: Page, doc: Doc): string {
  return sourceMarkdown(site, page, { file: doc.source.file, raw: doc.source.raw, title: doc.title }, doc.source);
}

/** A doc's or blog post's markdown as written, with a title heading when it has none and its URLs resolved. */
function sourceMarkdown(site: Site, page: Page, source: { file: string; raw: string; title: string }, cacheKey: object = source): string {
  const key = page.content ?? cacheKey;
  const cached = docMarkdownCache.get(key);
  if (cached?.title === source.title) return cached.markdown;
  const body = stripFrontMatter(source.raw).replace(/^\s+/, '');
  const titled = `${firstH1Text(body) === undefined ? `# ${source.title}\n\n` : ''}${body.trimEnd()}\n`;
  const markdown = withResolvedUrls(titled, resolvedUrls(site, source.file, page));
  docMarkdownCache.set(key, { title: source.title, markdown });
  return markdown;
}

/**
 * Where the doc's links and images lead, by the URL written in the source: a copy is read away
 * from the doc's folder (and llms-full.txt holds every doc), so `./setup.md`, `#usage` and
 * `./img/shot.png` become the full addresses the page itself uses.
 */
function resolvedUrls(site: Site, file: string, page: Page): Map<string, string> {
  const urls = new Map<string, string>();
  for (const link of page.content?.links ?? []) if (link.resolved && link.resolved !== link.url) urls.set(link.url, absoluteUrl(site, link.resolved));
  const folder = path.dirname(file);
  for (const image of page.content?.images ?? []) {
    const written = path.relative(folder, image.file).split(path.sep).join('/');
    const url = absoluteUrl(site, joinUrlPath(site.config.baseUrl, image.output));
    urls.set(written, url);
    urls.set(`./${written}`, url);
  }
  return urls;
}

/** Replaces the URLs of inline links and images (`](url`) and of link definitions (`[id]: url`) found in `urls`. */
function withResolvedUrls(markdown: string, urls: Map<string, string>): string {
  if (urls.size === 0) return markdown;
  const swap = (match: string, before: string, url: string) => (urls.has(url) ? `${before}${urls.get(url)}` : match);
  return markdown.replace(/(\]\(\s*<?)([^\s)>]+)/g, swap).replace(/^( {0,3}\[[^\]\n]+\]:[ \t]*<?)([^\s>]+)/gm, swap);
}

function linkItem(site: Site, item: SidebarItem, descriptions: Map<string, string | undefined>): string[] {
  if (!item.to) return [];
  const description = descriptions.get(item.to);
  return [`- [${escapeLinkLabel(item.label)}](${absoluteUrl(site, item.to)})${description ? `: ${description}` : ''}`];
}

/**
 * Full URLs by site URL and path: the llms files ask for every page's, and serve --watch asks
 * again on every rebuild. A pure function's answers, so they may outlive a build; bounded.
 */
const absoluteUrls = new Map<string, Map<string, string>>();
const absoluteUrlsKept = 100_000;

/** A site path as a full URL when the config has `url`; otherwise the path, which still works from the site. */
function absoluteUrl(site: Site, path: string): string {
  const siteUrl = site.config.url;
  if (!siteUrl) return path;
  let urls = absoluteUrls.get(siteUrl);
  if (!urls || urls.size > absoluteUrlsKept) {
    absoluteUrls.clear();
    absoluteUrls.set(siteUrl, (urls = new Map()));
  }
  let url = urls.get(path);
  if (url === undefined) urls.set(path, (url = new URL(path, siteUrl).href));
  return url;
}

interface LlmsSection {
  title: string;
  entries: { label: string; entry: PageMarkdown }[];
}

/**
 * What llms.txt lists, in order: a section per top-level part of the docs sidebar (top-level docs
 * together under "Docs"), the API reference, then listed pages outside the sidebar. Unlisted
 * pages and drafts are left out, as from the sitemap and search.
 */
function llmsSections(site: Site, pages: PageMarkdown[]): LlmsSection[] {
  const version = llmsVersion(site);
  const ofVersion = (page: Page) => page.data.docsVersion === undefined || page.data.docsVersion === version?.name;
  const listed = new Map(pages.filter(({ page }) => !page.data.unlisted && !page.data.draft && ofVersion(page)).map((entry) => [entry.page.route, entry]));
  const take = (route: string | undefined, label: string) => {
    const entry = route === undefined ? undefined : listed.get(route);
    if (!entry) return [];
    listed.delete(entry.page.route);
    return [{ label, entry }];
  };
  const walk = (items: SidebarItem[]): LlmsSection['entries'] =>
    items.flatMap((item) => (item.type === 'html' ? [] : [...take(item.to, item.label), ...(item.type === 'category' ? walk(item.items) : [])]));
  const docs: LlmsSection = { title: 'Docs', entries: [] };
  const sections: LlmsSection[] = [docs];
  for (const item of site.sidebars[version?.sidebarId ?? site.config.docs.sidebar.id] ?? []) {
    if (item.type === 'category') sections.push({ title: item.label, entries: walk([item]) });
    else docs.entries.push(...walk([item]));
  }
  const remaining = () => [...listed.values()];
  const apiRoutes = flattenSidebar(site.sidebars[apiSidebarName] ?? []).map((link) => link.to);
  const apiPages = [...apiRoutes.flatMap((route) => listed.get(route) ?? []), ...remaining().filter(({ page }) => page.kind === 'api')];
  sections.push({ title: 'API reference', entries: apiPages.flatMap(({ page }) => take(page.route, page.data.title)) });
  // The blog's posts, newest first (the order of the blog).
  const posts = site.blog ? listedPosts(site.blog).flatMap((post) => take(post.route, post.title)) : [];
  if (posts.length > 0) sections.push({ title: site.blog!.options.blogTitle, entries: posts });
  // Docs outside the sidebar (displayed_sidebar: null) are documentation all the same.
  sections.push({ title: 'Other pages', entries: remaining().flatMap(({ page }) => take(page.route, page.data.title)) });
  return sections.filter((section) => section.entries.length > 0);
}

/**
 * The docs version the llms files describe: the one at the docs' own route (the last version, as
 * in the navbar), not the unreleased docs under `/next`. Undefined without versions.
 */
function llmsVersion(site: Site): DocsVersion | undefined {
  return site.docsVersions?.versions.find((version) => version.isLast);
}

/**
 * A site-wide file's text from its pieces, in one join: llms-full.txt holds every page's markdown,
 * and joining step by step would copy it again each time.
 */
function joinSiteFilePieces(pieces: readonly SiteFilePiece[]): string {
  return pieces.map((piece) => piece.text()).join('');
}

function llmsHeader(site: Site): string[] {
  const { title, tagline } = site.config;
  return [`# ${title}`, ...(tagline ? [`> ${tagline}`] : [])];
}

/**
 * llms.txt, as https://llmstxt.org lays it out: the site's title, its tagline as the summary, then
 * sections of links (to the markdown copies, when there are any), each with the page's description.
 */
export function llmsTxt(site: Site, pages: PageMarkdown[], sections = llmsSections(site, pages)): string {
  return joinSiteFilePieces(llmsTxtPieces(site, sections));
}

/** llms.txt as the pieces it is joined from: the header, each section's heading, each page's line, the last line break. */
function llmsTxtPieces(site: Site, sections: LlmsSection[]): SiteFilePiece[] {
  const header = llmsHeader(site).join('\n\n');
  const pieces: SiteFilePiece[] = [{ key: '', inputs: [header], text: () => header }];
  sections.forEach((section, index) => {
    pieces.push({ key: `## ${index}`, inputs: [section.title], text: () => `\n\n## ${section.title}\n\n` });
    section.entries.forEach(({ label, entry }, position) => {
      const description = entry.page.data.description;
      const url = absoluteUrl(site, entry.copyUrl ?? entry.page.route);
      const text = () => {
        const summary = description?.replace(/\s+/g, ' ').trim();
        return `${position === 0 ? '' : '\n'}- [${escapeLinkLabel(label)}](${url})${summary ? `: ${summary}` : ''}`;
      };
      pieces.push({ key: entry.page.route, inputs: [position === 0, label, description, url], text });
    });
  });
  pieces.push({ key: '\n', inputs: [], text: () => '\n' });
  return pieces;
}

/** llms-full.txt: the title and summary, then the markdown of every page llms.txt lists, in its order, each with its URL. */
export function llmsFullTxt(site: Site, pages: PageMarkdown[], sections = llmsSections(site, pages)): string {
  return joinSiteFilePieces(llmsFullPieces(site, sections));
}

/** llms-full.txt as the pieces it is joined from: the header, each listed page's part, the last line break. */
function llmsFullPieces(site: Site, sections: LlmsSection[]): SiteFilePiece[] {
  const header = llmsHeader(site).join('\n\n');
  const pieces: SiteFilePiece[] = [{ key: '', inputs: [header], text: () => header }];
  for (const section of sections) {
    for (const { entry } of section.entries) {
      const url = absoluteUrl(site, entry.page.route);
      pieces.push({ key: entry.page.route, inputs: [entry.markdown, url], text: () => `\n\n---\n\n${entry.markdown.trim()}\n\nSource: ${url}` });
    }
  }
  pieces.push({ key: '\n', inputs: [], text: () => '\n' });
  return pieces;
}

function escapeLinkLabel(label: string): string {
  return label.replace(/[[\]\\]/g, '\\$&');
}

/** A site-wide file with everything it is made of, to be made only when that changed. */
export interface SiteFile {
  path: string;
  inputs: unknown;
  make(): string;
  /**
   * The same file as pieces joined in order, each with a key and what it is made of, for a file
   * that changes with any page's text: serve --watch encodes only the pieces that changed.
   */
  pieces?(): SiteFilePiece[];
}

/** A piece of a {@link SiteFile}: `key` is unique within the file. */
export interface SiteFilePiece {
  key: string;
  inputs: unknown[];
  text(): string;
}

/** The files to write: each page's copy (when on) and the llms files (when on), which are made on demand. */
export function markdownOutputs(site: Site, pages: PageMarkdown[]): { copies: OutputFile[]; llmsFiles: SiteFile[] } {
  const { baseUrl, llmsTxt: wantsLlms } = site.config;
  const copies: OutputFile[] = [];
  for (const { markdown, copyUrl } of pages) if (copyUrl) copies.push({ path: copyUrl.slice(baseUrl.length), contents: markdown });
  if (!wantsLlms) return { copies, llmsFiles: [] };
  const sections = llmsSections(site, pages);
  const common = [llmsHeader(site), site.config.url];
  const listed = sections.map((section) => [section.title, section.entries.map(({ label, entry }) => [label, entry.page.data.description, entry.copyUrl ?? entry.page.route])]);
  const bodies = sections.map((section) => section.entries.map(({ entry }) => [entry.markdown, entry.page.route]));
  return {
    copies,
    llmsFiles: [
      { path: 'llms.txt', inputs: [common, listed], make: () => llmsTxt(site, pages, sections), pieces: () => llmsTxtPieces(site, sections) },
      { path: 'llms-full.txt', inputs: [common, bodies], make: () => llmsFullTxt(site, pages, sections), pieces: () => llmsFullPieces(site, sections) },
    ],
  };
}

/** Whether the build makes markdown at all. */
export function wantsPageMarkdown(site: Site): boolean {
  return site.config.markdownPages || site.config.llmsTxt;
}
