/**
 * The contract between the build's page output and the browser runtime: what each page's boot
 * data holds and how the client finds a route's data file. Pure data and string work only.
 */
import type { RouteData, SidebarItem, SiteData } from './types.js';

/**
 * Id of the element that holds the app (server-rendered, then hydrated): Docusaurus' own, which
 * sites' CSS and scripts address (`#__docusaurus { padding-top: … }` under a fixed navbar).
 */
export const appRootId = '__docusaurus';
/** Id of the `<script type="application/json">` holding a page's {@link BootData}. */
export const bootDataId = '__sdkdocs-data';
/** Dispatched on `window` after each route change has been rendered into the DOM, and once after hydration. */
export const routeRenderedEvent = 'sdkdocs:route-rendered';
/** Detail of {@link routeRenderedEvent}. */
export interface RouteRenderedDetail {
  path: string;
  search: string;
  hash: string;
}

/**
 * Class on `<html>` while the 404 page, opened at a `.html` address, waits for the client to
 * look for the clean route: the 404 content stays hidden meanwhile.
 */
export const routeResolvingClass = 'route-resolving';

/**
 * Attribute of the `<link>` of a stylesheet one page needs besides the theme's (`RouteData.stylesheets`):
 * the client switches these off on pages that do not link them.
 */
export const pageStylesheetAttribute = 'data-page-stylesheet';

/** Length of the generated key that names each route's data file. */
export const routeKeyLength = 6;
/** At most this many route lookups and loaded routes are cached in the browser. */
export const routeCacheLimit = 10_000;
/** About this many routes go into one route-manifest shard. */
export const routesPerManifestShard = 500;

/** Folder (under the base URL) of the per-route data files. */
export const routeFilesDir = 'assets/routes';
/** Folder (under the base URL) of site-wide data files: manifest shards, sidebars, docs list. */
export const dataFilesDir = 'assets/data';

/** Where a page finds the site's lazily loaded data files (all content-hashed URLs). */
export interface SiteDataFiles {
  /** URLs of the route-manifest shards; a path lives in shard {@link manifestShardIndex}. */
  routeManifest: string[];
  /** URL of each sidebar with every item. */
  sidebars: Record<string, string>;
  /** URL of the docs list of the docs version. */
  docs: string;
}

/** One route-manifest shard: route path → data file name (`{key}.{hash}`, under {@link routeFilesDir}). */
export type RouteManifestShard = Record<string, string>;

/** The JSON each page embeds: enough to hydrate it without any request. */
export interface BootData {
  /** Site data without the docs list. */
  site: SiteData;
  /** The page's route; its HTML is read back from the server-rendered DOM. */
  route: Omit<RouteData, 'html'>;
  /** The page's sidebar, with the items of collapsed categories left out (`itemsOmitted`). */
  sidebars: Record<string, SidebarItem[]>;
  files: SiteDataFiles;
}

/** The manifest shard that holds a route path: FNV-1a over the path, modulo the shard count. */
export function manifestShardIndex(path: string, shardCount: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < path.length; index++) {
    hash ^= path.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shardCount;
}
