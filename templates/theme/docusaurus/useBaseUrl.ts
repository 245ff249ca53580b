import { useContext } from 'react';
import { ThemeContext } from '../../context.js';

/** A site path with the base URL in front (once), as Docusaurus' `useBaseUrl` gives it; URLs and fragments stay as they are. */
export function withBaseUrl(url: string, baseUrl: string, options: { absolute?: boolean; siteUrl?: string } = {}): string {
  if (/^[a-z][a-z\d+.-]*:|^\/\/|^#/i.test(url)) return url;
  const path = url.startsWith(baseUrl) ? url : `${baseUrl}${url.replace(/^\//, '')}`;
  return options.absolute && options.siteUrl ? new URL(path, options.siteUrl).href : path;
}

/** `@docusaurus/useBaseUrl`: `useBaseUrl('/img/logo.svg')` → `/sdk/img/logo.svg`. */
export default function useBaseUrl(url: string, options: { forcePrependBaseUrl?: boolean; absolute?: boolean } = {}): string {
  const site = useContext(ThemeContext)?.site;
  return withBaseUrl(url, site?.baseUrl ?? '/', { absolute: options.absolute, siteUrl: site?.url });
}

/** `useBaseUrlUtils()` of `@docusaurus/useBaseUrl`: `withBaseUrl` for paths a component makes as it runs (flow.org's code blocks link to its playground so). */
export function useBaseUrlUtils(): { withBaseUrl: (url: string, options?: { forcePrependBaseUrl?: boolean; absolute?: boolean }) => string } {
  const site = useContext(ThemeContext)?.site;
  const baseUrl = site?.baseUrl ?? '/';
  return {
    withBaseUrl: (url, options = {}) =>
      options.forcePrependBaseUrl && !/^[a-z][a-z\d+.-]*:|^\/\/|^#/i.test(url) ? `${baseUrl}${url.replace(/^\//, '')}` : withBaseUrl(url, baseUrl, { absolute: options.absolute, siteUrl: site?.url }),
  };
}
