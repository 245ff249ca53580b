import { announcementDismissedKey } from '../../templates/AnnouncementBar.js';
import { colorModeStorageKey } from '../../templates/ColorModeToggle.js';
import { appRootId, bootDataId, pageStylesheetAttribute, routeResolvingClass } from '../shared/client-data.js';
import { formatThemeString } from '../shared/theme-strings.js';
import type { RouteData, SiteData } from '../shared/types.js';
import { headElement, metaNameOf, type SiteHead } from './head-tags.js';
import { pageHeadAttribute } from '../../templates/theme/docusaurus/Head.js';
import { escapeHtml } from '../shared/escape-html.js';
import { joinPieces, type TextPiece } from './text-pieces.js';

export interface DocumentParts {
  site: SiteData;
  route: RouteData;
  /** Server-rendered `<App>`. */
  appHtml: string | TextPiece[];
  css: string[];
  js: string[];
  /** Extra `<head>` HTML from stages (preloads, inline scripts). */
  head: string[];
  /** What the config adds to the head: favicons, its stylesheets, head tags and scripts. */
  siteHead?: SiteHead;
  /**
   * The BootData (src/shared/client-data.ts) the client hydrates from (everything but the route's HTML, which is
   * already in the page), as script-safe JSON ({@link scriptJson}).
   */
  bootJson: string | TextPiece[];
}

/** JSON that is safe inside a `<script>` element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The inline head script, run before the first paint:
 * - marks `<html class="js">` (CSS shows script-only controls such as copy buttons);
 * - sets `data-theme` so a dark reader never sees a light flash: the stored choice wins, then the
 *   system preference (when respected), then the default;
 * - hides an announcement bar the reader closed (same id);
 * - when the page is served outside the base URL (its assets cannot load, so no bundle runs),
 *   shows a banner that suggests the base URL to use instead.
 */
export function headScript(site: SiteData, route: RouteData): string {
  const { colorMode, baseUrl } = site;
  const respect = colorMode.respectPrefersColorScheme && !colorMode.disableSwitch;
  const fallback = JSON.stringify(colorMode.defaultMode);
  // The route's path inside the base URL: what to strip from the address to find the real base.
  const routeInBase = route.kind === 'notFound' ? null : route.path.startsWith(baseUrl) ? route.path.slice(baseUrl.length) : '';
  const banner = [formatThemeString('wrongBaseUrl'), formatThemeString('wrongBaseUrlHint', { baseUrl })];
  return [
    '(function(){var d=document.documentElement,t,s;d.className+=" js";',
    'function g(k){try{return localStorage.getItem(k)}catch(e){return null}}',
    `t=g(${JSON.stringify(colorModeStorageKey)});`,
    `if(t!=="light"&&t!=="dark")t=${respect ? `matchMedia("(prefers-color-scheme: dark)").matches?"dark":${fallback}` : fallback};`,
    'd.setAttribute("data-theme",t);',
    site.announcementBar
      ? `if(g(${JSON.stringify(announcementDismissedKey)})===${JSON.stringify(site.announcementBar.id)})d.setAttribute("data-announcement-dismissed","");`
      : '',
    `var b=${JSON.stringify(baseUrl)},p=location.pathname,r=${JSON.stringify(routeInBase)};`,
    route.kind === 'notFound' ? notFoundResolvingScript : '',
    'if(p.indexOf(b)!==0){',
    's=p.replace(/(\\/index)?\\.html$/,"").replace(/\\/$/,"");',
    's=r&&s.slice(-r.length-1)==="/"+r?s.slice(0,-r.length):r===""?s+"/":p.slice(0,p.lastIndexOf("/")+1);',
    'document.addEventListener("DOMContentLoaded",function(){var e=document.createElement("div");',
    'e.className="base-url-banner";e.setAttribute("role","alert");',
    'e.style.cssText="padding:1rem;background:#ffebec;color:#a4000f;border-bottom:2px solid #e13238;font:600 16px/1.5 system-ui,sans-serif";',
    `${JSON.stringify(banner)}.forEach(function(m){var q=document.createElement("p");q.style.margin="0";q.textContent=m.replace("{suggested}",s);e.appendChild(q)});`,
    'document.body.insertBefore(e,document.body.firstChild)})}})()',
  ].join('');
}

/**
 * On the 404 page at a `.html` or `/index.html` address inside the base URL (a static host found
 * no such file), the client may find the clean route and show it instead: the 404 content is
 * hidden until it has decided (CSS on {@link routeResolvingClass}), and shown after a few seconds
 * in any case, should the client never run. Without JavaScript the 404 page shows at once.
 */
const notFoundResolvingScript = [
  `if(p.indexOf(b)===0&&/\.html$/.test(p)&&p!==b+"404.html"){d.className+=" ${routeResolvingClass}";`,
  `setTimeout(function(){d.classList.remove("${routeResolvingClass}")},4000)}`,
].join('');

/** The static HTML document of one route. */
export function renderDocument(parts: DocumentParts): string {
  return joinPieces(renderDocumentPieces(parts));
}

/** The static HTML document of one route, in pieces: those of `appHtml` and `bootJson` stay as they are. */
export function renderDocumentPieces(parts: DocumentParts): TextPiece[] {
  const { site, route } = parts;
  // Canonical and Open Graph URLs must be absolute: without the site's url they are left out.
  const canonical = site.url ? new URL(route.path, site.url).href : undefined;
  const imagePath = route.image ?? site.image;
  const image = imagePath && site.url ? new URL(imagePath, site.url).href : undefined;
  const description = route.description ?? site.tagline;
  const { theirs: replaced, siteTags } = settleMetaNames(parts.siteHead, route, description);
  const meta = (name: string, html: string) => (replaced.has(name) ? '' : html);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(route.documentTitle)}</title>`,
    description ? meta('description', `<meta name="description" content="${escapeHtml(description)}">`) : '',
    route.keywords?.length ? meta('keywords', `<meta name="keywords" content="${escapeHtml(route.keywords.join(', '))}">`) : '',
    route.kind === 'notFound' ? '<meta name="robots" content="noindex">' : '',
    // As Docusaurus marks unlisted pages: only readers given the link should find them.
    // So does a docs version with noIndex.
    route.unlisted || route.noIndex ? '<meta name="robots" content="noindex, nofollow">' : '',
    canonical && route.kind !== 'notFound' ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    route.markdownUrl ? `<link rel="alternate" type="text/markdown" href="${escapeHtml(route.markdownUrl)}">` : '',
    meta('og:title', `<meta property="og:title" content="${escapeHtml(route.documentTitle)}">`),
    description ? meta('og:description', `<meta property="og:description" content="${escapeHtml(description)}">`) : '',
    canonical ? meta('og:url', `<meta property="og:url" content="${escapeHtml(canonical)}">`) : '',
    meta('og:type', `<meta property="og:type" content="${route.kind === 'landing' ? 'website' : 'article'}">`),
    meta('og:site_name', `<meta property="og:site_name" content="${escapeHtml(site.title)}">`),
    meta('og:locale', `<meta property="og:locale" content="${escapeHtml(site.locale.htmlLang.replace('-', '_'))}">`),
    image ? meta('og:image', `<meta property="og:image" content="${escapeHtml(image)}">`) : '',
    // As Docusaurus: a page with a picture gets the large card, which shows it whole.
    meta('twitter:card', `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`),
    image ? meta('twitter:image', `<meta name="twitter:image" content="${escapeHtml(image)}">`) : '',
    ...(parts.siteHead?.icons ?? [`<link rel="icon" href="${site.favicon ? escapeHtml(site.favicon) : 'data:,'}">`]),
    `<script>${headScript(site, route).replace(/<\//g, '<\\/')}</script>`,
    // Before the theme's, as Docusaurus loads Infima before its theme: the theme and the site's CSS win.
    ...(route.stylesheets ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" ${pageStylesheetAttribute}>`),
    ...parts.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...parts.js.map((src) => `<link rel="modulepreload" href="${escapeHtml(src)}">`),
    // An MDX doc's module is needed as soon as the page hydrates.
    route.mdxModule ? `<link rel="modulepreload" href="${escapeHtml(route.mdxModule)}">` : '',
    ...parts.head,
    ...siteTags,
    // After the site's: a page's own head elements are the more specific.
    ...(route.pageHead ?? []).map((tag) => headElement(tag.tagName, { ...tag.attributes, [pageHeadAttribute]: true }, tag.text)),
  ]
    .filter(Boolean)
    .join('\n');
  const scripts = parts.js.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join('');
  return [
    `<!doctype html>
<html lang="${escapeHtml(site.locale.htmlLang)}" dir="${site.locale.direction}" data-theme="${site.colorMode.defaultMode}">
<head>
${head}
</head>
<body class="route-${route.kind}">
<div id="${appRootId}">`,
    ...pieces(parts.appHtml),
    `</div>
<script id="${bootDataId}" type="application/json">`,
    ...pieces(parts.bootJson),
    `</script>
${scripts}
</body>
</html>
`,
  ];
}

/** What a page says of itself, which Docusaurus' page metadata sets below the site's `metadata`, so the page's wins. */
const pageOwnMetaNames = new Set(['description', 'keywords', 'og:title', 'og:description']);

/**
 * Which `<meta>` names the theme leaves to others, and the site's head tags that stay. Docusaurus'
 * head manager keeps the last element of a name: the site's `themeConfig.metadata` (`twitter:card`
 * on react-redux.js.org, redux-toolkit.js.org and flow.org) replaces the theme's, except for what
 * the page says of itself, and a page's `<Head>` replaces both.
 */
function settleMetaNames(siteHead: SiteHead | undefined, route: RouteData, description: string | undefined): { theirs: Set<string>; siteTags: string[] } {
  const pageOwn = new Set([...pageOwnMetaNames, ...(route.image ? ['og:image', 'twitter:image'] : [])]);
  const pageHead = new Set((route.pageHead ?? []).flatMap((tag) => metaNameOf(tag.tagName, tag.attributes) ?? []));
  const themeWritesForPage = (name: string): boolean => {
    if (name === 'description' || name === 'og:description') return Boolean(description);
    if (name === 'keywords') return Boolean(route.keywords?.length);
    return pageOwn.has(name);
  };
  const writtenByPage = (name: string) => pageHead.has(name) || themeWritesForPage(name);
  const siteTags = (siteHead?.tags ?? []).filter((_, index) => {
    const name = siteHead?.metaNames[index];
    return name === undefined || !writtenByPage(name);
  });
  const theirs = new Set(pageHead);
  for (const name of siteHead?.metaNames ?? []) if (name !== undefined && !pageOwn.has(name)) theirs.add(name);
  return { theirs, siteTags };
}

function pieces(text: string | TextPiece[]): TextPiece[] {
  return typeof text === 'string' ? [text] : text;
}

/** Where a route's HTML goes in the output folder: `docs/intro/index.html`, so any static host serves `/docs/intro/`. */
export function outputPathOfRoute(route: string, baseUrl: string): string {
  const relative = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\/+/, '');
  if (relative === '' || relative === '/') return 'index.html';
  if (relative.endsWith('.html')) return relative;
  return `${relative.replace(/\/$/, '')}/index.html`;
}
