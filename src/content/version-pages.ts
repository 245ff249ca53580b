import type { ResolvedConfig } from '../config/resolve.js';
import type { Doc, Page, Site } from '../core/site.js';
import { firstSidebarLink } from '../core/sidebar-queries.js';
import type { DocsVersionData } from '../shared/types.js';
import { currentVersionName, type DocsVersion } from '../core/docs-version.js';

/** The pages one version's docs made, as a range of `site.pages`. */
export interface VersionPageRange {
  name: string;
  from: number;
  to: number;
}

/**
 * Ties the versions together once each has its pages: the site data lists them (for the
 * dropdown), each docs page names its version and its counterparts in the others, and the
 * navbar's doc links lead to the last version, as Docusaurus' do on pages outside the docs.
 */
export function applyDocsVersions(
  site: Site,
  unversionedConfig: ResolvedConfig,
  ranges: VersionPageRange[],
  mainDocOf: (versionSite: Site) => Doc | undefined,
): void {
  const { versions, past } = site.docsVersions!;
  const siteData = site.siteData!;
  const siteOf = (version: DocsVersion) => (version.name === currentVersionName ? site : past.find((entry) => entry.version === version)!.site);
  const versionData = (version: DocsVersion): DocsVersionData => {
    const versionSite = siteOf(version);
    const mainDoc = version.name === currentVersionName ? undefined : mainDocOf(versionSite);
    const current = siteData.docsVersion;
    return {
      name: version.name,
      label: version.label,
      isLast: version.isLast,
      path: version.route,
      mainDocId: version.name === currentVersionName ? current.mainDocId : (mainDoc?.id ?? ''),
      mainDocPath: version.name === currentVersionName ? current.mainDocPath : mainDoc?.route,
      sidebars: [version.sidebarId],
      banner: version.banner,
    };
  };
  const all = versions.map(versionData);
  const currentData = all.find((data) => data.name === currentVersionName)!;
  const last = all.find((data) => data.isLast)!;
  siteData.docsVersions = all;
  // The landing page's "Get started" leads to the released docs, not to the next ones.
  siteData.docsVersion = { ...siteData.docsVersion, ...currentData, docs: siteData.docsVersion.docs, mainDocPath: last.mainDocPath };

  linkVersionPages(site, ranges, versions.map(siteOf));
  const lastVersion = versions.find((version) => version.isLast)!;
  retargetNavbar(site, unversionedConfig, siteOf(lastVersion), lastVersion);
}

/** Marks each docs page with its version, and with the same page in the other versions. */
function linkVersionPages(site: Site, ranges: VersionPageRange[], versionSites: Site[]): void {
  const pagesOf = ranges.map((range) => site.pages.slice(range.from, range.to));
  const byDocId = pagesOf.map((pages) => new Map(pages.filter((page) => page.data.docId).map((page) => [page.data.docId!, page])));
  const relative = (page: Page, index: number) => page.route.slice(versionSites[index].config.routes.docs.length);
  const byRelativeRoute = pagesOf.map((pages, index) => new Map(pages.map((page) => [relative(page, index), page])));
  for (const [index, pages] of pagesOf.entries()) {
    for (const page of pages) {
      page.data.docsVersion = ranges[index].name;
      const links: Record<string, string> = {};
      for (const [other, range] of ranges.entries()) {
        if (other === index) continue;
        const counterpart = (page.data.docId ? byDocId[other].get(page.data.docId) : undefined) ?? byRelativeRoute[other].get(relative(page, index));
        if (counterpart) links[range.name] = counterpart.route;
      }
      page.data.versionLinks = links;
    }
  }
}

/**
 * The navbar's `docSidebar` and `doc` items lead to the last version (the docs a reader arriving
 * on the site wants), and stay active on every version's pages.
 */
function retargetNavbar(site: Site, unversionedConfig: ResolvedConfig, lastSite: Site, last: DocsVersion): void {
  const firstDoc = firstSidebarLink(site.sidebars[last.sidebarId] ?? []);
  for (const [index, item] of site.siteData!.navbar.items.entries()) {
    const configured = unversionedConfig.navbar.items[index];
    if (item.type === 'docSidebar') {
      if (configured?.sidebarId === unversionedConfig.docs.sidebar.id && firstDoc) item.to = firstDoc;
      item.activeBasePath = unversionedConfig.routes.docs;
    } else if (item.type === 'docsVersionDropdown') {
      item.activeBasePath = unversionedConfig.routes.docs;
    } else if (configured?.type === 'doc') {
      const doc = lastSite.docs.find((candidate) => candidate.id === configured.docId);
      if (doc) item.to = doc.route;
    }
  }
}
