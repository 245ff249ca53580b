import type { Site } from '../core/site.js';
import { isExternalUrl, normalizeRoute, withBaseUrl } from '../shared/paths.js';
import { escapeHtml } from './escape-html.js';

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
 * The page a redirect leaves from: a script sends the reader on at once with the query and
 * fragment they came with, a refresh does it without script, and a link is there for anyone left.
 * Search engines are pointed at the new page.
 */
export function redirectDocument(to: string): string {
  const target = escapeHtml(to);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Moved to ${target}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${target}">
<meta http-equiv="refresh" content="0; url=${target}">
<script>location.replace(${JSON.stringify(to).replace(/</g, '\\u003c')}${to.includes('?') || to.includes('#') ? '' : ' + location.search'}${to.includes('#') ? '' : ' + location.hash'});</script>
</head>
<body>
<p>This page has moved to <a href="${target}">${target}</a>.</p>
</body>
</html>
`;
}
