import { readFileSync } from 'node:fs';
import { locateKey } from '../config/locate-key.js';
import type { Site } from '../core/site.js';
import type { LandingData, LandingFeature } from '../shared/landing.js';
import { isExternalUrl, withBaseUrl } from '../shared/paths.js';
import type { SidebarItem } from '../shared/types.js';
import { sidebarItemLink } from '../shared/sidebar-links.js';

/** Most quick links shown: the sidebar's top level is usually a handful of categories. */
const quickLinkLimit = 8;

/**
 * The default landing page's content: `landing.features` or cards made from the site (guides,
 * API reference, search), `landing.snippet` or the install command of `api.packageName`,
 * highlighted like a doc's code block, and quick links into the docs.
 */
export function createLandingData(site: Site): LandingData {
  const { config } = site;
  const highlighter = site.highlightCodeBlock;
  if (!highlighter) throw new Error('createLandingData: parseMarkdown, which sets site.highlightCodeBlock, has not run.');
  const siteData = site.siteData!;
  const docsLink = siteData.docsVersion.mainDocPath;
  const apiLink = config.api ? config.routes.api : siteData.navbar.items.find((item) => item.to?.endsWith('/api'))?.to;
  // With docs versions, the landing page leads to the last release, as its "Get started" does.
  const sidebar = site.sidebars[site.docsVersions?.versions.find((version) => version.isLast)?.sidebarId ?? config.docs.sidebar.id] ?? [];
  const features = config.landing?.features
    ? config.landing.features.map(({ title, description, link }): LandingFeature => ({ title, description, ...linkTarget(link, config.baseUrl) }))
    : defaultFeatures(site, sidebar, docsLink, apiLink);
  const snippet =
    config.landing?.snippet ?? (config.api?.packageName ? { language: 'bash', title: 'Install', code: `npm install ${config.api.packageName}` } : undefined);
  if (config.landing?.snippet && !highlighter.knows(config.landing.snippet.language)) warnUnknownLanguage(site, config.landing.snippet.language);
  const quickLinks = sidebar.flatMap((item) => {
    const to = sidebarItemLink(item);
    return to && item.type !== 'html' ? [{ label: item.label, to }] : [];
  });
  if (apiLink) quickLinks.push({ label: 'API reference', to: apiLink });
  return {
    docsLink,
    apiLink,
    features,
    snippet: snippet ? { title: snippet.title, html: highlighter.html(snippet.language, snippet.code) } : undefined,
    quickLinks: quickLinks.slice(0, quickLinkLimit),
  };
}

function defaultFeatures(site: Site, sidebar: SidebarItem[], docsLink: string | undefined, apiLink: string | undefined): LandingFeature[] {
  const features: LandingFeature[] = [];
  const listed = site.docs.filter((doc) => !doc.unlisted).length;
  if (docsLink && listed > 0) {
    const sections = sidebar.filter((item) => item.type === 'category').map((item) => item.label);
    features.push({
      title: 'Guides',
      description: `${listed} ${listed === 1 ? 'page' : 'pages'} of guides${sections.length > 0 ? `: ${sections.join(', ')}` : ''}.`,
      to: docsLink,
    });
  }
  if (apiLink) {
    const name = site.config.api?.packageName ?? site.config.title;
    features.push({ title: 'API reference', description: `Every class, interface and type of ${name}, generated from its source.`, to: apiLink });
  }
  features.push({
    title: 'Search',
    description: `Find any ${apiLink ? 'guide or API symbol' : 'page'} from the search box in the navigation bar, or press Ctrl+K (⌘+K on a Mac).`,
  });
  return features;
}

function linkTarget(link: string | undefined, baseUrl: string): Pick<LandingFeature, 'to' | 'href'> {
  if (!link) return {};
  return isExternalUrl(link) ? { href: link } : { to: withBaseUrl(link, baseUrl) };
}


/** The sample is still shown, as plain text; the author learns why it is not coloured. */
function warnUnknownLanguage(site: Site, language: string): void {
  const { configFile } = site.config;
  let source = '';
  try {
    source = readFileSync(configFile, 'utf8');
  } catch {
    // The config was read moments ago; without its text the warning names the file only.
  }
  site.diagnostics.push({
    severity: 'warning',
    code: 'config',
    message: `landing.snippet.language: "${language}" is not a language the highlighter knows, so the snippet is shown without colours.`,
    file: configFile,
    ...(source ? locateKey(source, ['landing', 'snippet', 'language']) : {}),
    hint: 'Use a highlight.js language name or alias, e.g. "ts", "js", "bash", "json".',
  });
}
