import { useContext } from 'react';
import { ThemeContext } from '../../context.js';
import type { SiteData } from '../../../src/shared/types.js';

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

/** The site's config as Docusaurus code reads it (`siteConfig`, and a page component's `config` prop). */
export function docusaurusSiteConfig(site: SiteData | undefined): DocusaurusContext['siteConfig'] {
  return {
    title: site?.title ?? '',
    tagline: site?.tagline ?? '',
    url: site?.url ?? '',
    baseUrl: site?.baseUrl ?? '/',
    favicon: site?.favicon,
    customFields: site?.customFields ?? {},
    themeConfig: {},
  };
}

/** `@docusaurus/useDocusaurusContext`. */
export default function useDocusaurusContext(): DocusaurusContext {
  const site = useContext(ThemeContext)?.site;
  return {
    siteConfig: docusaurusSiteConfig(site),
    siteMetadata: {},
    i18n: { currentLocale: site?.locale.name ?? 'en', defaultLocale: site?.locale.name ?? 'en', locales: [site?.locale.name ?? 'en'] },
  };
}
