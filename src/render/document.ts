import type { RouteData, SiteData } from '../shared/types.js';

export interface DocumentParts {
  site: SiteData;
  route: RouteData;
  /** Server-rendered `<App>`. */
  appHtml: string;
  css: string[];
  js: string[];
  /** Extra `<head>` HTML from stages (preloads, inline scripts). */
  head: string[];
  /** JSON the client hydrates from (everything but the route's HTML, which is already in the page). */
  bootData: unknown;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON that is safe inside a `<script>` element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Sets `data-theme` before the first paint so a dark reader never sees a light flash: the stored
 * choice wins, then the system preference (when respected), then the default.
 */
export function colorModeScript(colorMode: SiteData['colorMode']): string {
  const respect = colorMode.respectPrefersColorScheme && !colorMode.disableSwitch;
  return `(function(){var t;try{t=localStorage.getItem('theme')}catch(e){}if(t!=='light'&&t!=='dark'){t=${
    respect ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':` : ''
  }${JSON.stringify(colorMode.defaultMode)}}document.documentElement.setAttribute('data-theme',t);document.documentElement.setAttribute('data-theme-choice',t)})()`;
}

/** The static HTML document of one route. */
export function renderDocument(parts: DocumentParts): string {
  const { site, route } = parts;
  const canonical = new URL(route.path, site.url).href;
  const description = route.description ?? site.tagline;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(route.documentTitle)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    route.kind === 'notFound' ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:title" content="${escapeHtml(route.documentTitle)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="${route.kind === 'landing' ? 'website' : 'article'}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    `<meta property="og:locale" content="${escapeHtml(site.locale.htmlLang.replace('-', '_'))}">`,
    '<meta name="twitter:card" content="summary">',
    site.favicon ? `<link rel="icon" href="${escapeHtml(site.favicon)}">` : '',
    `<script>${colorModeScript(site.colorMode)}</script>`,
    ...parts.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...parts.js.map((src) => `<link rel="modulepreload" href="${escapeHtml(src)}">`),
    ...parts.head,
  ]
    .filter(Boolean)
    .join('\n');
  const scripts = parts.js.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join('');
  return `<!doctype html>
<html lang="${escapeHtml(site.locale.htmlLang)}" dir="${site.locale.direction}" data-theme="${site.colorMode.defaultMode}">
<head>
${head}
</head>
<body class="route-${route.kind}">
<div id="__sdkdocs">${parts.appHtml}</div>
<script id="__sdkdocs-data" type="application/json">${scriptJson(parts.bootData)}</script>
${scripts}
</body>
</html>
`;
}

/** Where a route's HTML goes in the output folder: `docs/intro/index.html`, so any static host serves `/docs/intro/`. */
export function outputPathOfRoute(route: string, baseUrl: string): string {
  const relative = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\/+/, '');
  if (relative === '' || relative === '/') return 'index.html';
  if (relative.endsWith('.html')) return relative;
  return `${relative.replace(/\/$/, '')}/index.html`;
}
