import { useContext, useEffect, useState } from 'react';
import { ThemeContext } from '../../../context.js';
import { activeDocsVersion, preferredVersionKey } from '../../../../src/shared/docs-versions.js';
import type { DocsVersionData, SiteData } from '../../../../src/shared/types.js';

/*
 * The hooks of `@docusaurus/plugin-content-docs/client` that sites' own components call: the docs
 * versions (a version label, a version list, a link to the latest docs) and the reader's preferred
 * version. sdkdocs has one docs plugin; its id is the one every hook answers for.
 */

/** A docs version in the shape Docusaurus' hooks give it. */
export interface GlobalVersion {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  docs: { id: string; path: string; sidebar?: string }[];
  draftIds: string[];
  sidebars: Record<string, { link?: { path: string; label: string } }>;
}

export interface GlobalPluginData {
  path: string;
  versions: GlobalVersion[];
  breadcrumbs: boolean;
}

function globalVersion(version: DocsVersionData): GlobalVersion {
  return {
    name: version.name,
    label: version.label,
    isLast: version.isLast,
    path: version.path,
    mainDocId: version.mainDocId,
    // Pages carry no docs lists (they grow with the site); the main doc is the one every version has.
    docs: version.mainDocPath ? [{ id: version.mainDocId, path: version.mainDocPath }] : [],
    draftIds: [],
    sidebars: Object.fromEntries(version.sidebars.map((name) => [name, {}])),
  };
}

function versionsOf(site: SiteData | undefined): DocsVersionData[] {
  if (!site) return [];
  return site.docsVersions ?? [site.docsVersion];
}

/** The docs plugin's global data, as `useGlobalData()['docusaurus-plugin-content-docs'][id]` has it. */
export function docsPluginData(site: SiteData | undefined): GlobalPluginData {
  const versions = versionsOf(site).map(globalVersion);
  return { path: site?.docsVersion.path ?? '/docs', versions, breadcrumbs: true };
}

function useSite(): SiteData | undefined {
  return useContext(ThemeContext)?.site;
}

/** `useAllDocsData()`: the data of every docs plugin by id. */
export function useAllDocsData(): Record<string, GlobalPluginData> {
  const site = useSite();
  return { [site?.docsPluginId ?? 'default']: docsPluginData(site) };
}

/** `useDocsData(pluginId)`: the data of the docs plugin. */
export function useDocsData(_pluginId?: string): GlobalPluginData {
  return docsPluginData(useSite());
}

/** `useVersions()`: every docs version, the current one first as Docusaurus orders them. */
export function useVersions(_pluginId?: string): GlobalVersion[] {
  return docsPluginData(useSite()).versions;
}

/** `useLatestVersion()`: the last released version (the current docs on a site without versions). */
export function useLatestVersion(_pluginId?: string): GlobalVersion {
  const versions = useVersions();
  return versions.find((version) => version.isLast) ?? versions[0];
}

/** `useActiveVersion()`: the version of the page being read, undefined outside the docs. */
export function useActiveVersion(_pluginId?: string): GlobalVersion | undefined {
  const context = useContext(ThemeContext);
  const site = context?.site;
  const route = context?.route;
  if (!site || !route) return undefined;
  const active = activeDocsVersion(site, route) ?? (route.kind === 'doc' && !site.docsVersions ? site.docsVersion : undefined);
  return active ? globalVersion(active) : undefined;
}

/** `useActivePlugin()`: the docs plugin when the page is one of its docs. */
export function useActivePlugin(): { pluginId: string; pluginData: GlobalPluginData } | undefined {
  const site = useSite();
  const active = useActiveVersion();
  return active ? { pluginId: site?.docsPluginId ?? 'default', pluginData: docsPluginData(site) } : undefined;
}

/** `useActiveDocContext()`: the version being read and its doc. */
export function useActiveDocContext(_pluginId?: string): { activeVersion?: GlobalVersion; activeDoc?: { id: string; path: string }; alternateDocVersions: Record<string, { id: string; path: string }> } {
  const context = useContext(ThemeContext);
  const activeVersion = useActiveVersion();
  const route = context?.route;
  const activeDoc = route?.docId ? { id: route.docId, path: route.path } : undefined;
  const alternateDocVersions = Object.fromEntries(Object.entries(route?.versionLinks ?? {}).map(([name, path]) => [name, { id: route?.docId ?? '', path }]));
  return { activeVersion, activeDoc, alternateDocVersions };
}

/** `useDocsVersion()`: the version of the doc being read; outside the docs, the latest. */
export function useDocsVersion(): GlobalVersion & { version: string } {
  const active = useActiveVersion();
  const latest = useLatestVersion();
  const version = active ?? latest;
  return { ...version, version: version.name };
}

/** `useDocsPreferredVersion()`: the version the reader chose last in the version dropdown, kept in storage. */
export function useDocsPreferredVersion(_pluginId?: string): { preferredVersion: GlobalVersion | null; savePreferredVersionName: (name: string) => void } {
  const context = useContext(ThemeContext);
  const key = preferredVersionKey(context?.site.docsPluginId ?? 'default');
  const versions = useVersions();
  // Read after hydration: the stored choice is not known when the page is built.
  const [name, setName] = useState<string | null>(null);
  useEffect(() => setName(context?.runtime?.storage.get(key) ?? null), [context?.runtime, key]);
  const save = (chosen: string) => {
    context?.runtime?.storage.set(key, chosen);
    setName(chosen);
  };
  return { preferredVersion: versions.find((version) => version.name === name) ?? null, savePreferredVersionName: save };
}
