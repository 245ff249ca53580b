import type { ThemeStorage } from '../../templates/context.js';
import type { RouteData, SidebarItem, SiteData } from '../shared/types.js';
import type { RouteLoader } from './route-loader.js';
import { activeDocsVersion, preferredVersionKey } from '../shared/docs-versions.js';

/** The names of the versions the docs plugin has: the current one, and those of `versions.json`. */
function versionNames(site: SiteData): string[] {
  return site.docsVersions?.map((version) => version.name) ?? [site.docsVersion.name];
}

/** Drops a stored preferred version that no longer exists (it was removed from the site). */
export function discardStalePreferredVersion(site: SiteData, storage: ThemeStorage): void {
  const key = preferredVersionKey(site.docsPluginId);
  const stored = storage.get(key);
  if (stored !== null && !versionNames(site).includes(stored)) storage.remove(key);
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(base.endsWith('/') ? base : `${base}/`);
}

function sidebarHasDoc(items: SidebarItem[], docId: string): boolean {
  return items.some((item) => (item.type === 'category' ? sidebarHasDoc(item.items, docId) : item.type !== 'html' && item.docId === docId));
}

/**
 * Runs after a route is shown: a docs route remembers its version as the preferred one; routes
 * whose docs plugin, sidebar or doc cannot be found are reported on the console (spec section 8),
 * and the page keeps working without them.
 */
export function checkDocsRoute(
  site: SiteData,
  route: RouteData,
  path: string,
  sidebars: Record<string, SidebarItem[]>,
  loader: RouteLoader,
  storage: ThemeStorage,
): void {
  if (route.sidebar && !Object.hasOwn(loader.files.sidebars, route.sidebar)) {
    console.error(`sdkdocs: can't find any sidebar with id "${route.sidebar}" (${path})`);
  }
  if (route.kind !== 'doc' && route.kind !== 'category') return;
  const version = activeDocsVersion(site, route) ?? site.docsVersion;
  if (!isUnder(path, version.path)) {
    console.error(`sdkdocs: no active docs plugin found for the path "${path}"`);
    return;
  }
  storage.set(preferredVersionKey(site.docsPluginId), version.name);
  const docId = route.docId;
  // The docs list the client can load is the current version's.
  if (!docId || version.name !== site.docsVersion.name) return;
  const sidebar = route.sidebar ? sidebars[route.sidebar] : undefined;
  if (sidebar && sidebarHasDoc(sidebar, docId)) return;
  // Docs outside the sidebar are rare: only they cost a look at the full docs list.
  loader.loadFile<{ id: string }[]>(loader.files.docs).then(
    (docs) => {
      if (!docs.some((doc) => doc.id === docId)) {
        console.error(`sdkdocs: couldn't find any doc with id "${docId}" in version ${site.docsVersion.name}`);
      }
    },
    () => undefined,
  );
}
