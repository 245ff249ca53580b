import { useContext } from 'react';
import { ThemeContext } from '../../context.js';

/** What `@docusaurus/useDocusaurusContext` gives docs here: the site's config as far as sdkdocs has it. */
export interface DocusaurusContext {
  siteConfig: {
    title: string;
    tagline: string;
    url: string;
    baseUrl: string;
    favicon?: string;
    customFields: Record<string, unknown>;
    themeConfig: Record<string, unknown>;
  };
  siteMetadata: Record<string, unknown>;
  i18n: { currentLocale: string; defaultLocale: string; locales: string[] };
}

/** `@docusaurus/useDocusaurusContext`. */
export default function useDocusaurusContext(): DocusaurusContext {
  const site = useContext(ThemeContext)?.site;
  return {
    siteConfig: {
      title: site?.title ?? '',
      tagline: site?.tagline ?? '',
      url: site?.url ?? '',
      baseUrl: site?.baseUrl ?? '/',
      favicon: site?.favicon,
      customFields: site?.customFields ?? {},
      themeConfig: {},
    },
    siteMetadata: {},
    i18n: { currentLocale: site?.locale.name ?? 'en', defaultLocale: site?.locale.name ?? 'en', locales: [site?.locale.name ?? 'en'] },
  };
}
