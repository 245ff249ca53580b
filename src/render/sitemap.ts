import type { Site } from '../core/site.js';
import { escapeHtml } from './document.js';

/** `sitemap.xml` of every indexable route. */
export function sitemapXml(site: Site): string {
  const urls = site.pages
    .filter((page) => page.kind !== 'notFound')
    .map((page) => `<url><loc>${escapeHtml(new URL(page.route, site.config.url).href)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
