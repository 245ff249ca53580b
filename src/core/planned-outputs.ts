/**
 * The files a build writes besides its pages (redirect pages, markdown copies, llms.txt files), as
 * known from the model before anything is rendered: render writes them, and the link check counts
 * links to them as links to files that will exist.
 */

import type { Page, Site } from './site.js';
import { isExternalUrl, normalizeRoute, withBaseUrl } from '../shared/paths.js';

/** One path the config redirects: where it leaves from and where it leads, with the config key that says so. */
export interface Redirect {
  /** The route (with the base URL) that gets the redirect page. */
  from: string;
  /** Where it leads: a route with the base URL, or another site's URL. */
  to: string;
  /** `redirects[0].from[1]`, for messages. */
  keyPath: string;
}

/** The config's redirects, one per `from`. */
export function redirectsOf(site: Site): Redirect[] {
  const { baseUrl, redirects } = site.config;
  return redirects.flatMap((redirect, index) => {
    const froms = Array.isArray(redirect.from) ? redirect.from : [redirect.from];
    const to = isExternalUrl(redirect.to) ? redirect.to : withBaseUrl(redirect.to, baseUrl);
    return froms.map((from, fromIndex) => ({
      from: normalizeRoute(withBaseUrl(from, baseUrl), baseUrl),
      to,
      keyPath: Array.isArray(redirect.from) ? `redirects[${index}].from[${fromIndex}]` : `redirects[${index}].from`,
    }));
  });
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

/** Pages that get a markdown copy: the ones whose content is text a reader (or a model) would want. */
export function hasMarkdownCopy(page: Page): boolean {
  return page.kind === 'doc' || page.kind === 'api' || page.kind === 'category';
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
    ? site.pages.filter(hasMarkdownCopy).flatMap((page) => markdownCopyPath(page.route, baseUrl) ?? [])
    : [];
  return [...copies, ...(llmsTxt ? llmsFileNames : [])];
}
