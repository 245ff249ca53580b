import type { ResolvedConfig } from '../config/resolve.js';
import { withBaseUrl } from '../shared/paths.js';
import { escapeHtml } from '../shared/escape-html.js';
import { analyticsAdditions } from '../config/analytics.js';

/** What the config adds to every page's `<head>`, as HTML: the same for all pages of a build. */
export interface SiteHead {
  /** The favicon links, where the theme puts its own. */
  icons: string[];
  /** `stylesheets`, then `headTags`, then `scripts`: after the theme's stylesheet, so they may override it. */
  tags: string[];
  /** The `name` or `property` of each of `tags` that is a `<meta>` (Docusaurus' `themeConfig.metadata`), by its index. */
  metaNames: (string | undefined)[];
}

/** The `name` or `property` a `<meta>` element is known by, which a later one of the same replaces. */
export function metaNameOf(tagName: string, attributes: Record<string, unknown>): string | undefined {
  if (tagName !== 'meta') return undefined;
  const name = attributes.name ?? attributes.property;
  return typeof name === 'string' ? name : undefined;
}

type AttributeValue = string | number | boolean | undefined;

/** Elements HTML writes without an end tag. */
const voidElements = new Set(['base', 'link', 'meta']);

/** ` name="value"` for each attribute: true writes the bare name, false and undefined leave it out. */
export function htmlAttributes(attributes: Record<string, AttributeValue>): string {
  return Object.entries(attributes)
    .filter(([, value]) => value !== false && value !== undefined)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`))
    .join('');
}

/**
 * An external script must not hold up the first paint: unless it asks for `async` or says whether
 * to `defer` itself (or is a module, which is deferred anyway), it is deferred.
 */
function nonBlocking(attributes: Record<string, AttributeValue>): Record<string, AttributeValue> {
  const asked = (attributes.async !== undefined && attributes.async !== false) || attributes.defer !== undefined || attributes.type === 'module';
  if (attributes.src === undefined || asked) return attributes;
  return { ...attributes, defer: true };
}

/** Text inside `<script>` or `<style>` may not end its element early. */
function rawText(tagName: string, text: string): string {
  return tagName === 'script' || tagName === 'style' ? text.replace(new RegExp(`</(${tagName})`, 'gi'), '<\\/$1') : text;
}

/** One head element as HTML; a script's or style's text cannot end it early. */
export function headElement(tagName: string, attributes: Record<string, AttributeValue>, innerHTML = ''): string {
  const open = `<${tagName}${htmlAttributes(attributes)}>`;
  return voidElements.has(tagName) ? open : `${open}${rawText(tagName, innerHTML)}</${tagName}>`;
}

/**
 * The config's favicon(s), `headTags`, `scripts` and `stylesheets` as head HTML, and its
 * `analytics` scripts after the site's own head tags, unless `withAnalytics` is false (serve
 * --watch: a writer's previews are not readers' visits, as Docusaurus leaves them out of `start`).
 */
export function siteHeadOf(config: ResolvedConfig, withAnalytics = true): SiteHead {
  const url = (href: string) => withBaseUrl(href, config.baseUrl);
  const favicon = config.favicon;
  const icons =
    favicon === undefined
      ? // Without a favicon the browser would ask for /favicon.ico, outside the site, and log a 404.
        ['<link rel="icon" href="data:,">']
      : typeof favicon === 'string'
        ? [headElement('link', { rel: 'icon', href: url(favicon) })]
        : favicon.map((icon) => headElement('link', { rel: icon.rel, href: url(icon.href), sizes: icon.sizes, type: icon.type }));
  const headTags = [...config.headTags, ...(withAnalytics ? analyticsAdditions(config.analytics).headTags : [])];
  const tags = [
    ...config.stylesheets.map((sheet) => headElement('link', { rel: 'stylesheet', ...sheet })),
    ...headTags.map((tag) => headElement(tag.tagName, tag.tagName === 'script' ? nonBlocking(tag.attributes) : tag.attributes, tag.innerHTML)),
    ...config.scripts.map((script) => headElement('script', nonBlocking(script))),
  ];
  const metaNames = [...config.stylesheets.map(() => undefined), ...headTags.map((tag) => metaNameOf(tag.tagName, tag.attributes)), ...config.scripts.map(() => undefined)];
  return { icons, tags, metaNames };
}
