import type { Site } from '../core/site.js';
import { escapeHtml } from '../shared/escape-html.js';

/**
 * `sitemap.xml` of every indexable route (not the not-found page, not unlisted docs); undefined
 * without the config's `url`, since a sitemap lists absolute URLs only.
 */
export function sitemapXml(site: Site, routes = sitemapRoutes(site)): string | undefined {
  const siteUrl = site.config.url;
  if (!siteUrl) return undefined;
  const urls = routes.map((route) => `<url><loc>${escapeHtml(new URL(route, siteUrl).href)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The routes the sitemap lists: everything it is made of besides the site's URL. */
export function sitemapRoutes(site: Site): string[] {
  return site.pages.filter((page) => page.kind !== 'notFound' && !page.data.unlisted && !page.data.noIndex).map((page) => page.route);
}
