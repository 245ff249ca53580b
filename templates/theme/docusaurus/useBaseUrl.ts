import { useContext } from 'react';
import { ThemeContext } from '../../context.js';

interface BaseUrlOptions {
  forcePrependBaseUrl?: boolean;
  absolute?: boolean;
}

/**
 * A site path with the base URL in front (once), as Docusaurus' `addBaseUrl` gives it: URLs,
 * fragments and an empty or missing URL stay as they are (Detox's footer asks for `undefined`),
 * the base URL without its slash is the base URL, and `forcePrependBaseUrl` prepends it always.
 */
export function withBaseUrl(url: string, baseUrl: string, options: BaseUrlOptions & { siteUrl?: string } = {}): string {
  if (!url || /^[a-z][a-z\d+.-]*:|^\/\/|^#/i.test(url)) return url;
  if (options.forcePrependBaseUrl) return baseUrl + url.replace(/^\//, '');
  const path = url === baseUrl.slice(0, -1) ? baseUrl : url.startsWith(baseUrl) ? url : baseUrl + url.replace(/^\//, '');
  return options.absolute && options.siteUrl ? new URL(path, options.siteUrl).href : path;
}

/** `@docusaurus/useBaseUrl`: `useBaseUrl('/img/logo.svg')` → `/sdk/img/logo.svg`. */
export default function useBaseUrl(url: string, options: BaseUrlOptions = {}): string {
  return useBaseUrlUtils().withBaseUrl(url, options);
}

/** `useBaseUrlUtils()` of `@docusaurus/useBaseUrl`: `withBaseUrl` for paths a component makes as it runs (flow.org's code blocks link to its playground so). */
export function useBaseUrlUtils(): { withBaseUrl: (url: string, options?: BaseUrlOptions) => string } {
  const site = useContext(ThemeContext)?.site;
  return { withBaseUrl: (url, options = {}) => withBaseUrl(url, site?.baseUrl ?? '/', { ...options, siteUrl: site?.url }) };
}
