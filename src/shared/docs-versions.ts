import type { DocsVersionData, RouteData, SiteData } from './types.js';

/** Storage key of the docs version the reader prefers, per docs plugin (as in Docusaurus). */
export function preferredVersionKey(pluginId: string): string {
  return `docs-preferred-version-${pluginId}`;
}

/** The version a docs page belongs to; undefined outside the docs or on a one-version site. */
export function activeDocsVersion(site: SiteData, route: RouteData): DocsVersionData | undefined {
  if (!route.docsVersion) return undefined;
  return site.docsVersions?.find((version) => version.name === route.docsVersion);
}

/** Where a version leads from a page: the same page in that version when it has it, else its main doc. */
export function versionTarget(version: DocsVersionData, route: RouteData): string | undefined {
  if (route.docsVersion === version.name) return route.path;
  return route.versionLinks?.[version.name] ?? version.mainDocPath;
}
