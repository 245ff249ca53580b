/**
 * The files a build writes besides its pages (redirect pages, markdown copies, llms.txt files,
 * blog feeds), as known from the model before anything is rendered: render writes them, and the
 * link check counts links to them as links to files that will exist.
 */

import type { Page, Site } from './site.js';
import { UserError } from './diagnostic.js';
import { blogRoute, feedFiles } from './blog.js';
import { isExternalUrl, joinUrlPath, normalizeRoute, withBaseUrl } from '../shared/paths.js';

/** One path the config redirects: where it leaves from and where it leads, with the config key that says so. */
export interface Redirect {
  /** The route (with the base URL) that gets the redirect page. */
  from: string;
  /** Where it leads: a route with the base URL, or another site's URL. */
  to: string;
  /** `redirects[0].from[1]`, for messages. */
  keyPath: string;
}

/** The config's redirects, one per `from`, then those its `createRedirects` makes from the pages' routes. */
export function redirectsOf(site: Site): Redirect[] {
  const { baseUrl, redirects } = site.config;
  const listed = redirects.flatMap((redirect, index) => {
    const froms = Array.isArray(redirect.from) ? redirect.from : [redirect.from];
    const to = isExternalUrl(redirect.to) ? redirect.to : withBaseUrl(redirect.to, baseUrl);
    return froms.map((from, fromIndex) => ({
      from: normalizeRoute(withBaseUrl(from, baseUrl), baseUrl),
      to,
      keyPath: Array.isArray(redirect.from) ? `redirects[${index}].from[${fromIndex}]` : `redirects[${index}].from`,
    }));
  });
  return [...listed, ...createdRedirects(site).redirects];
}

/** What `createRedirects` made: the redirects, and the paths it gave that are pages already (kept as pages). */
export interface CreatedRedirects {
  redirects: Redirect[];
  skipped: { from: string; to: string }[];
}

/**
 * Calls the config's `createRedirects` with each page's path, as Docusaurus' client-redirects
 * plugin does, so a migrated site keeps its generated redirects. A path that is a page, or that
 * an earlier redirect already takes, is left out: Docusaurus leaves those out too.
 */
export function createdRedirects(site: Site): CreatedRedirects {
  const { baseUrl, createRedirects } = site.config;
  if (!createRedirects) return { redirects: [], skipped: [] };
  const pageRoutes = new Set(site.pages.map((page) => normalizeRoute(page.route, baseUrl)));
  const taken = new Set(site.config.redirects.flatMap((redirect) => (Array.isArray(redirect.from) ? redirect.from : [redirect.from]).map((from) => normalizeRoute(withBaseUrl(from, baseUrl), baseUrl))));
  const result: CreatedRedirects = { redirects: [], skipped: [] };
  for (const page of site.pages) {
    const existingPath = `/${page.route.slice(baseUrl.length)}`.replace(/\/+$/, '') || '/';
    let froms: unknown;
    try {
      froms = createRedirects(existingPath);
    } catch (error) {
      throw new UserError({
        severity: 'error',
        code: 'config',
        message: `createRedirects threw for the path ${existingPath}: ${error instanceof Error ? error.message : String(error)}`,
        hint: 'Fix the function in the config; it is called with every page path and returns old paths, or undefined.',
        file: site.config.configFile,
      });
    }
    for (const from of (Array.isArray(froms) ? froms : [froms]).filter((value): value is string => typeof value === 'string' && value !== '')) {
      const route = normalizeRoute(withBaseUrl(from, baseUrl), baseUrl);
      // A page's own path given back asks for nothing.
      if (route === normalizeRoute(page.route, baseUrl)) continue;
      if (pageRoutes.has(route) || taken.has(route)) {
        if (pageRoutes.has(route)) result.skipped.push({ from, to: existingPath });
        continue;
      }
      taken.add(route);
      result.redirects.push({ from: route, to: page.route, keyPath: `createRedirects('${existingPath}')` });
    }
  }
  return result;
}

/**
 * The generated files no page loads as it opens or reloads: the sitemap, the llms files and the
 * markdown copies of pages (the copy-page button fetches a copy on a click). serve --watch makes
 * and writes them once the pages of a rebuild are served.
 */
export function isLateOutput(outputPath: string): boolean {
  return /\.(xml|txt|md)$/.test(outputPath);
}

/** The llms.txt files at the site root (https://llmstxt.org): an index of the pages, and every page's markdown in one file. */
export const llmsFileNames = ['llms.txt', 'llms-full.txt'] as const;

/**
 * Which pages get a markdown copy: those whose content is text a reader (or a model) would want and
 * that the build can write as markdown: a doc of any version, a category index, the API index and
 * the current SDK's symbol pages (not an older SDK's API pages or the API changes page). The link
 * check and the copies' writer ask the same question, so a link to a copy works exactly when it is written.
 */
export function markdownCopyTest(site: Site): (page: Page) => boolean {
  const docRoutes = new Set([site, ...(site.docsVersions?.past.map((past) => past.site) ?? [])].flatMap((scope) => scope.docs.map((doc) => doc.route)));
  const { routes } = site.config;
  const apiRoutes = new Set(site.api ? [routes.api, ...site.api.model.symbols.map((symbol) => joinUrlPath(routes.api, symbol.key))] : []);
  return (page) => page.kind === 'category' || (page.kind === 'doc' && docRoutes.has(page.route)) || (page.kind === 'api' && apiRoutes.has(page.route)) || (page.kind === 'blogPost' && page.blog?.type === 'post');
}

/** `docs/intro.md` for `/sdk/docs/intro`: the copy sits beside the page's folder, named after it. */
export function markdownCopyPath(route: string, baseUrl: string): string | undefined {
  const relative = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\/+/, '');
  const trimmed = relative.replace(/\/+$/, '');
  return trimmed === '' ? undefined : `${trimmed}.md`;
}

/** The output paths (relative to the site root) of the markdown copies and llms files this build writes. */
export function markdownOutputPaths(site: Site): string[] {
  const { baseUrl, markdownPages, llmsTxt } = site.config;
  const copies = markdownPages
    ? site.pages.filter(markdownCopyTest(site)).flatMap((page) => markdownCopyPath(page.route, baseUrl) ?? [])
    : [];
  return [...copies, ...(llmsTxt ? llmsFileNames : [])];
}

/** The routes of the blog's feeds (`/blog/rss.xml`, `/blog/atom.xml`), which renderPages writes. */
export function feedRoutes(site: Site): string[] {
  const blog = site.blog;
  return blog ? feedFiles(blog).map((feed) => blogRoute(blog, feed.fileName)) : [];
}
