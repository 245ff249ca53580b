import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrokenLinkAction } from '../config/schema.js';
import { UserError, type Diagnostic } from '../core/diagnostic.js';
import type { BuildContext, Page, Site } from '../core/site.js';
import type { SourceLink } from '../model/compiled-doc.js';
import { createdRedirects, feedRoutes, markdownOutputPaths, redirectsOf, type CreatedRedirects } from '../core/planned-outputs.js';
import { customPageHtml, linksCollectedOn } from '../ssr/custom-page-content.js';
import { isExternalUrl, joinUrlPath, normalizeRoute, unknownSiteOrigin, withBaseUrl } from '../shared/paths.js';
import { closestMatch } from './closest-match.js';
import { lineAt, scanHtml } from './html-links.js';
import { findSidebarCategory } from '../core/sidebar-queries.js';
import { formatKeyPath, locateConfigKey, writtenKeyPath } from '../config/locate-key.js';

/** A link to check, with where to report it. */
interface LinkToCheck extends SourceLink {
  /** Route of the page the link is on; a bare `#fragment` points into it. */
  pageRoute?: string;
  /** For links from the config: the key that holds it, e.g. `['footer', 'links', 0, 'items', 1, 'to']`, located only when it is reported. */
  configKeys?: PropertyKey[];
  /**
   * A plain `<a>` of a Docusaurus site's custom page, not rendered by `@docusaurus/Link`: Docusaurus
   * checks only the links its Link renders, so such a link is at most a warning.
   */
  plainAnchor?: boolean;
}

/** What the build emits at one route; `anchors` is undefined where the ids are not known yet. */
interface LinkTarget {
  route: string;
  anchors?: Set<string>;
  /** A page's markdown copy or an llms file: a link to it works, but it is no "did you mean" for a page. */
  markdownCopy?: boolean;
}

type Rule = 'onBrokenLinks' | 'onBrokenMarkdownLinks' | 'onBrokenAnchors';

interface Problem {
  rule: Rule;
  code: string;
  message: string;
  hint?: string;
}

/** Fragments a browser handles without a matching id. */
const alwaysValidFragments = new Set(['', 'top']);
/** "Did you mean" costs a scan of every route; past this many broken links the list alone is enough. */
const maxSuggestions = 100;

/**
 * Checks every link the build knows of (docs, TSDoc comments, custom pages, category indexes,
 * navbar and footer) against every route, static file and output the build emits, and every
 * `#fragment` against the ids of its target page. `onBrokenLinks`, `onBrokenMarkdownLinks` and
 * `onBrokenAnchors` decide whether a broken one fails the build, warns or is ignored.
 *
 * Runs before renderPages, so it sees the ids of docs (their hast), API pages (`page.anchors`)
 * and custom pages (rendered here); fragments into category, landing and not-found pages, whose
 * content does not exist yet, are not checked here but by `sdkdocs check-links` on the output.
 * Files made by later stages (client assets, search data, the sitemap) are not known yet either:
 * content does not link to them, the theme does, and check-links covers the theme's links.
 */
export async function checkLinks(site: Site, ctx: BuildContext): Promise<void> {
  const { config } = site;
  const actions: Record<Rule, BrokenLinkAction> = {
    onBrokenLinks: config.onBrokenLinks,
    onBrokenMarkdownLinks: config.onBrokenMarkdownLinks,
    onBrokenAnchors: config.onBrokenAnchors,
  };
  // A redirect that would replace a page is an error whatever the link rules say.
  const configSource = existsSync(config.configFile) ? await readFile(config.configFile, 'utf8') : '';
  const redirectCollisions = checkRedirectSources(site, configSource);
  site.diagnostics.push(...redirectCollisions);
  if (Object.values(actions).every((action) => action === 'ignore')) return;

  const customPages = renderCustomPages(site);
  const targets = await collectTargets(site, customPages);
  const links = [...collectPageLinks(site), ...(await collectCustomPageLinks(site, customPages)), ...collectConfigLinks(site)];

  const diagnostics: Diagnostic[] = [];
  const intoUnbuilt = new Map<{ route: string; what: string }, LinkToCheck[]>();
  let suggestions = 0;
  for (const link of links) {
    const problem = findProblem(link, targets, site, suggestions < maxSuggestions);
    if (!problem) continue;
    const unbuilt = problem.rule === 'onBrokenLinks' ? unbuiltRouteOf(link, site) : undefined;
    if (unbuilt) {
      intoUnbuilt.set(unbuilt, [...(intoUnbuilt.get(unbuilt) ?? []), link]);
      continue;
    }
    const action = actions[problem.rule];
    if (action === 'ignore') continue;
    if (problem.hint?.includes('Did you mean')) suggestions++;
    const lenient = link.plainAnchor === true && action === 'throw';
    diagnostics.push({
      severity: action === 'throw' && !lenient ? 'error' : 'warning',
      code: problem.code,
      message: problem.message,
      hint: lenient ? `${problem.hint ? `${problem.hint} ` : ''}A warning, not an error: the link is a plain <a>, which Docusaurus does not check (it checks the links of @docusaurus/Link).` : problem.hint,
      file: link.file,
      ...placeOf(link, site),
    });
  }
  for (const [unbuilt, into] of intoUnbuilt) diagnostics.push(unbuiltRouteWarning(unbuilt, into, site));
  // Grouped by source file, in the order of the file.
  diagnostics.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  site.diagnostics.push(...diagnostics);
  ctx.logger.debug(`checked ${links.length} links against ${targets.size} routes: ${diagnostics.length} broken`);
}

/** Where a link is reported: its own place, or for a config link the place of its key. */
function placeOf(link: LinkToCheck, site: Site): { line?: number; column?: number } {
  return link.configKeys ? locateConfigKey(site.config, link.configKeys) : { line: link.line, column: link.column };
}

/** The content the link leads into that the site has but sdkdocs does not build yet (a Docusaurus site's blog). */
function unbuiltRouteOf(link: LinkToCheck, site: Site): { route: string; what: string } | undefined {
  if (link.resolved === undefined) return undefined;
  const route = linkedRoute(splitUrl(link.resolved)[0], site.config.baseUrl);
  return site.config.unbuiltRoutes?.find((unbuilt) => route === unbuilt.route || route.startsWith(`${unbuilt.route}/`));
}

/** One warning for all links into content that is not built: a site's every page may link its blog. */
function unbuiltRouteWarning(unbuilt: { route: string; what: string }, links: LinkToCheck[], site: Site): Diagnostic {
  const [first] = links;
  const others = links.length - 1;
  return {
    severity: 'warning',
    code: 'unbuilt-route',
    message: `${links.length === 1 ? 'A link leads' : `${links.length} links lead`} into ${unbuilt.route}, ${unbuilt.what}, which sdkdocs does not build yet: ${links.length === 1 ? 'it leads' : 'they lead'} nowhere${others > 0 ? ` (this one, and ${others} more)` : ''}.`,
    hint: `Link elsewhere for now, or keep ${unbuilt.what} built by its own tool at ${unbuilt.route}.`,
    file: first!.file,
    ...placeOf(first!, site),
  };
}

function findProblem(link: LinkToCheck, targets: Map<string, LinkTarget>, site: Site, suggest: boolean): Problem | undefined {
  const { baseUrl } = site.config;
  const where = link.configKeys ? `${formatKeyPath(writtenKeyPath(site.config, link.configKeys))}: ` : '';
  if (link.resolved === undefined) {
    if (link.kind === 'markdown') {
      return {
        rule: 'onBrokenMarkdownLinks',
        code: 'broken-markdown-link',
        message: `${where}Broken markdown link → ${link.url}: no doc at that path.`,
        hint: 'Link to a markdown file of the docs folder, relative to this file (./other-page.md) or to the docs folder (/guides/page.md).',
      };
    }
    return {
      rule: 'onBrokenLinks',
      code: 'broken-link',
      message: `${where}Broken link → ${link.url}: ${link.kind === 'tsdoc' ? 'TypeDoc cannot resolve it to a declaration of the API.' : 'it names no page.'}`,
      hint: link.kind === 'tsdoc' ? 'Name an exported declaration: {@link ClassName}, {@link ClassName.member}, or use a URL.' : undefined,
    };
  }

  const [pathPart, fragment] = splitUrl(link.resolved);
  const route = linkedRoute(pathPart, baseUrl);
  const target = targets.get(route);
  const shown = link.url === link.resolved ? link.url : `${link.url} (${link.resolved})`;
  // A full URL on the site's own domain that matches no route leads to another app there: another site's link.
  if (!target && isExternalUrl(link.url.trim())) return undefined;
  if (!target) {
    const withBase = withBaseUrl(route, baseUrl);
    const besideDoc = linkedFileBesideDoc(link);
    const hint = withBase !== route && targets.has(normalizeRoute(withBase, baseUrl))
      ? `The link lacks the base URL ${baseUrl}: write ${withBase}${fragment === undefined ? '' : `#${fragment}`}.`
      : besideDoc
        ? `The file ${besideDoc} is there, beside the doc: Docusaurus publishes a file a doc links to, sdkdocs does not (only the images docs show). Move it to the static folder and link it from the site root (/${path.basename(besideDoc)}), or show it as an image.`
        : didYouMean(`No page, static file or generated file has the route ${route}.`, suggest ? closestMatch(route, pageRoutes(targets)) : undefined);
    return { rule: 'onBrokenLinks', code: 'broken-link', message: `${where}Broken link → ${shown}`, hint };
  }
  if (fragment === undefined || target.anchors === undefined || alwaysValidFragments.has(fragment)) return undefined;
  const id = safeDecode(fragment);
  if (target.anchors.has(id) || target.anchors.has(fragment)) return undefined;
  return {
    rule: 'onBrokenAnchors',
    code: 'broken-anchor',
    message: `${where}Broken anchor → ${shown}`,
    hint: didYouMean(`${target.route} has no heading or element with the id "${id}".`, suggest ? closestMatch(id, target.anchors) : undefined, '#'),
  };
}

/**
 * The file a doc's relative link names beside the doc (`./assets/overview.svg`, `./hosts.txt`),
 * when it exists: Docusaurus publishes such files as assets (contributing.bitwarden.com links 3).
 */
function linkedFileBesideDoc(link: LinkToCheck): string | undefined {
  if (link.kind !== 'route' || !link.file || !/\.mdx?$/.test(link.file)) return undefined;
  const written = link.url.split(/[?#]/)[0]!;
  if (written === '' || written.startsWith('/') || isExternalUrl(written)) return undefined;
  let file: string;
  try {
    file = path.resolve(path.dirname(link.file), decodeURI(written));
  } catch {
    return undefined;
  }
  return existsSync(file) && !/\.mdx?$/.test(file) ? path.relative(path.dirname(link.file), file).split(path.sep).join('/') : undefined;
}

/** What a broken link may have meant: every target but the markdown copies, which mirror the pages. */
function pageRoutes(targets: Map<string, LinkTarget>): string[] {
  return [...targets].filter(([, target]) => !target.markdownCopy).map(([route]) => route);
}

function didYouMean(text: string, suggestion: string | undefined, prefix = ''): string {
  return suggestion === undefined ? text : `${text} Did you mean ${prefix}${suggestion}?`;
}

/** Every route the build emits: pages, outputs (assets, search data) and static files. */
async function collectTargets(site: Site, customPages: Map<Page, RenderedPage>): Promise<Map<string, LinkTarget>> {
  const { baseUrl } = site.config;
  const targets = new Map<string, LinkTarget>();
  const add = (route: string, anchors?: Set<string>, markdownCopy?: boolean) => {
    const normalized = linkedRoute(route, baseUrl);
    if (!targets.has(normalized)) targets.set(normalized, { route, anchors, markdownCopy });
  };
  for (const page of site.pages) add(page.route, anchorsOf(page, customPages.get(page)));
  for (const output of site.outputs.keys()) add(joinUrlPath(baseUrl, output));
  for (const output of markdownOutputPaths(site)) add(joinUrlPath(baseUrl, output), undefined, true);
  for (const route of feedRoutes(site)) add(route);
  for (const file of await listFiles(site.config.paths.static)) add(joinUrlPath(baseUrl, file));
  // A link to an old path still leads the reader to the page, through its redirect page.
  for (const redirect of redirectsOf(site)) add(redirect.from);
  // Paths the host redirects (vercel.json, Netlify's _redirects) lead somewhere too, as they do on the live site.
  for (const from of await hostRedirectSources(site)) add(withBaseUrl(from, baseUrl));
  return targets;
}

/**
 * The plain paths a site's host config redirects or rewrites: `vercel.json` `redirects` and
 * `rewrites` sources, and the first column of Netlify's `_redirects` in the static folder.
 * Patterns (`:slug`, `*`, `(.*)`) are left out: only a path written whole is taken as a route.
 */
async function hostRedirectSources(site: Site): Promise<string[]> {
  const sources: string[] = [];
  const vercel = path.join(site.config.siteDir, 'vercel.json');
  if (existsSync(vercel)) {
    try {
      const parsed = JSON.parse(await readFile(vercel, 'utf8')) as { redirects?: { source?: unknown }[]; rewrites?: { source?: unknown }[] };
      for (const rule of [...(parsed.redirects ?? []), ...(parsed.rewrites ?? [])]) if (typeof rule.source === 'string') sources.push(rule.source);
    } catch {
      // Not JSON sdkdocs can read: the host reads it, not the build; its links are checked as if it were absent.
    }
  }
  const netlify = path.join(site.config.paths.static, '_redirects');
  if (existsSync(netlify)) {
    for (const line of (await readFile(netlify, 'utf8')).split(/\r?\n/)) {
      const from = line.trim().split(/\s+/)[0];
      if (from && !from.startsWith('#')) sources.push(from);
    }
  }
  return sources.filter((source) => source.startsWith('/') && !/[:*()]/.test(source));
}

/** The ids a fragment can point at, when the page's content is known at this stage. */
function anchorsOf(page: Page, custom: RenderedPage | undefined): Set<string> | undefined {
  if (custom) return new Set([...page.anchors, ...custom.ids]);
  if (page.content) return page.anchors;
  // API pages list their members' ids; others get their content in renderPages.
  return page.kind === 'api' || page.anchors.size > 0 ? page.anchors : undefined;
}

/** Links recorded by the markdown pipeline (docs) and the API stage (TSDoc), and category index entries. */
function collectPageLinks(site: Site): LinkToCheck[] {
  const links: LinkToCheck[] = [];
  for (const page of site.pages) {
    for (const link of page.links) links.push({ ...link, file: link.file ?? page.sourceFile, pageRoute: page.route });
    if (page.kind !== 'category') continue;
    const category = findSidebarCategory(site.sidebars[page.data.sidebar ?? site.config.docs.sidebar.id] ?? [], page.route);
    for (const item of category?.items ?? []) {
      if (item.to) links.push({ url: item.to, resolved: item.to, kind: 'route', file: page.sourceFile ?? site.config.paths.docs, pageRoute: page.route });
    }
  }
  return links;
}

interface RenderedPage {
  html: string;
  ids: string[];
}

/**
 * Custom React pages, rendered to static HTML the way renderPages will: their links are what the
 * browser gets, so `/docs/intro` without the base URL is broken there.
 */
function renderCustomPages(site: Site): Map<Page, RenderedPage> {
  const rendered = new Map<Page, RenderedPage>();
  // Every page that fails to render is reported, not only the first.
  const failed: Diagnostic[] = [];
  for (const page of site.pages) {
    if (!page.component || !site.siteData) continue;
    try {
      const html = customPageHtml(site, page);
      rendered.set(page, { html, ids: scanHtml(html).ids });
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      failed.push(...error.diagnostics);
    }
  }
  if (failed.length > 0) throw new UserError(failed);
  return rendered;
}

async function collectCustomPageLinks(site: Site, customPages: Map<Page, RenderedPage>): Promise<LinkToCheck[]> {
  const links: LinkToCheck[] = [];
  const docusaurusSite = /^docusaurus\.config\./.test(path.basename(site.config.configFile));
  for (const [page, { html }] of customPages) {
    const source = page.sourceFile ? await readFile(page.sourceFile, 'utf8') : '';
    const collected = linksCollectedOn(page);
    for (const link of scanHtml(html).links) {
      const resolved = resolveHtmlUrl(link.url, page.route, site.config.url ?? unknownSiteOrigin);
      if (resolved === undefined) continue;
      const plainAnchor = docusaurusSite && link.source === 'a[href]' && !collected.has(link.url);
      links.push({ url: link.url, resolved, kind: 'page', file: page.sourceFile, line: lineOfText(source, link.url), pageRoute: page.route, ...(plainAnchor ? { plainAnchor } : {}) });
    }
  }
  return links;
}

/** Navbar and footer links, logos, favicon and links inside the config's HTML snippets. */
function collectConfigLinks(site: Site): LinkToCheck[] {
  const { config, siteData } = site;
  if (!siteData) return [];
  const { baseUrl } = config;
  const links: LinkToCheck[] = [];
  const push = (keys: PropertyKey[], url: string, resolved: string) => links.push({ url, resolved, kind: 'config', file: config.configFile, configKeys: keys });
  const add = (keys: PropertyKey[], url: string | undefined) => {
    if (url !== undefined && !isExternalUrl(url)) push(keys, url, withBaseUrl(url, baseUrl));
  };
  // Raw HTML is not rewritten: its links are checked as a browser resolves them.
  const addHtml = (keys: PropertyKey[], html: string | undefined) => {
    for (const link of html ? scanHtml(html).links : []) {
      const resolved = resolveHtmlUrl(link.url, config.routes.root, config.url ?? unknownSiteOrigin);
      if (resolved !== undefined) push(keys, link.url, resolved);
    }
  };

  config.navbar.items.forEach((item, index) => {
    if (item.type === 'docSidebar' || item.type === 'doc') return; // resolved against the docs when the sidebar was built
    add(['navbar', 'items', index, 'to'], item.to);
    add(['navbar', 'items', index, 'href'], item.href);
    item.items?.forEach((child, childIndex) => {
      add(['navbar', 'items', index, 'items', childIndex, 'to'], child.to);
      add(['navbar', 'items', index, 'items', childIndex, 'href'], child.href);
    });
    addHtml(['navbar', 'items', index, 'value'], item.value);
  });
  add(['navbar', 'logo', 'src'], config.navbar.logo?.src);
  add(['navbar', 'logo', 'srcDark'], config.navbar.logo?.srcDark);
  add(['navbar', 'logo', 'href'], config.navbar.logo?.href);
  if (Array.isArray(config.favicon)) config.favicon.forEach((icon, index) => add(['favicon', index, 'href'], icon.href));
  else add(['favicon'], config.favicon);
  config.theme.fontFaces.forEach((face, index) => {
    const files = Array.isArray(face.src) ? face.src : [face.src];
    files.forEach((file, fileIndex) => add(['theme', 'fontFaces', index, 'src', ...(Array.isArray(face.src) ? [fileIndex] : [])], file));
  });
  config.footer?.links.forEach((column, columnIndex) =>
    column.items.forEach((item, index) => {
      if ('html' in item) {
        addHtml(['footer', 'links', columnIndex, 'items', index, 'html'], item.html);
        return;
      }
      add(['footer', 'links', columnIndex, 'items', index, 'to'], item.to);
      add(['footer', 'links', columnIndex, 'items', index, 'href'], item.href);
    }),
  );
  add(['footer', 'logo', 'src'], config.footer?.logo?.src);
  add(['footer', 'logo', 'srcDark'], config.footer?.logo?.srcDark);
  add(['footer', 'logo', 'href'], config.footer?.logo?.href);
  addHtml(['footer', 'copyright'], config.footer?.copyright);
  addHtml(['footer', 'license'], config.footer?.license);
  addHtml(['announcementBar', 'content'], config.announcementBar?.content);
  config.redirects.forEach((redirect, index) => add(['redirects', index, 'to'], redirect.to));
  config.landing?.features?.forEach((feature, index) => add(['landing', 'features', index, 'link'], feature.link));
  return links;
}

/** Redirects whose `from` is a page or file of the build: the redirect page would replace it. */
function checkRedirectSources(site: Site, source: string): Diagnostic[] {
  const { baseUrl } = site.config;
  const made = checkCreatedRedirects(site);
  const redirects = redirectsOf(site);
  if (redirects.length === 0) return made;
  const taken = new Map<string, string>();
  for (const page of site.pages) taken.set(normalizeRoute(page.route, baseUrl), page.sourceFile ? `the page of ${page.sourceFile}` : `the page ${page.route}`);
  for (const output of site.outputs.keys()) taken.set(normalizeRoute(joinUrlPath(baseUrl, output), baseUrl), `the generated file ${output}`);
  const seen = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const redirect of redirects) {
    const holder = taken.get(redirect.from) ?? seen.get(redirect.from);
    const written = redirect.from.slice(baseUrl.length - 1);
    if (holder) {
      diagnostics.push({
        severity: 'error',
        code: 'redirect',
        message: `${redirect.keyPath}: ${written} is already ${holder}; a redirect page there would replace it.`,
        hint: 'Redirect only paths that no longer have a page, or remove this redirect.',
        file: site.config.configFile,
        line: lineOfText(source, written),
      });
    }
    seen.set(redirect.from, `redirected by ${redirect.keyPath}`);
  }
  return [...made, ...diagnostics];
}

/**
 * Runs the config's `createRedirects` once here, where its failures can be placed at its key: later
 * calls (render) then see the same answers. Paths it gives that are pages stay pages, with a warning.
 */
function checkCreatedRedirects(site: Site): Diagnostic[] {
  if (!site.config.createRedirects) return [];
  const keys = ['createRedirects'];
  const place = () => ({ file: site.config.configFile, ...locateConfigKey(site.config, keys) });
  let skipped: CreatedRedirects['skipped'];
  try {
    ({ skipped } = createdRedirects(site));
  } catch (error) {
    if (error instanceof UserError) throw new UserError(error.diagnostics.map((diagnostic) => ({ ...diagnostic, ...place() })));
    throw error;
  }
  if (skipped.length === 0) return [];
  const shown = skipped.slice(0, 3).map(({ from, to }) => `${from} (for ${to})`).join(', ');
  return [
    {
      severity: 'warning',
      code: 'redirect',
      message: `${formatKeyPath(writtenKeyPath(site.config, keys))}: ${skipped.length} of the paths it gave ${skipped.length === 1 ? 'is a page' : 'are pages'} of the site, which ${skipped.length === 1 ? 'keeps its page' : 'keep their pages'}: ${shown}${skipped.length > 3 ? ', …' : ''}.`,
      hint: 'Return only old paths that no longer have a page.',
      ...place(),
    },
  ];
}

/**
 * Resolves a URL from rendered HTML as a browser on `pageRoute` would; undefined for other sites.
 * Absolute URLs on the site's own origin are internal.
 */
function resolveHtmlUrl(url: string, pageRoute: string, siteUrl: string): string | undefined {
  const origin = new URL(siteUrl).origin;
  let resolved: URL;
  try {
    resolved = new URL(url, `${origin}${pageRoute}`);
  } catch {
    return url;
  }
  if (resolved.origin !== origin || !/^https?:$/.test(resolved.protocol)) return undefined;
  return `${resolved.pathname}${resolved.hash}`;
}

function splitUrl(url: string): [string, string | undefined] {
  const hash = url.indexOf('#');
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  const query = withoutFragment.indexOf('?');
  return [query === -1 ? withoutFragment : withoutFragment.slice(0, query), hash === -1 ? undefined : url.slice(hash + 1)];
}

/**
 * The route a link's path or an emitted path stands for, decoded and normalized. Every build of
 * serve --watch asks again for the same thousands of paths; a pure function's answers, so they may
 * outlive a build; bounded.
 */
function linkedRoute(urlPath: string, baseUrl: string): string {
  if (linkedRoutesBase !== baseUrl || linkedRoutes.size > linkedRoutesKept) {
    linkedRoutes.clear();
    linkedRoutesBase = baseUrl;
  }
  let key = linkedRoutes.get(urlPath);
  if (key === undefined) linkedRoutes.set(urlPath, (key = normalizeRoute(safeDecode(urlPath), baseUrl)));
  return key;
}

const linkedRoutes = new Map<string, string>();
let linkedRoutesBase = '';
const linkedRoutesKept = 100_000;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Line of the first place `text` mentions `value` (a URL from a config or page source). */
function lineOfText(text: string, value: string): number | undefined {
  const index = text.indexOf(value);
  return index === -1 ? undefined : lineAt(text, index);
}

/** Files under a folder, as forward-slash paths relative to it. */
async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
