import type { ComponentType } from 'react';
import { pages } from 'sdkdocs:pages';
import {
  manifestShardIndex,
  routeCacheLimit,
  routeFilesDir,
  type RouteManifestShard,
  type SiteDataFiles,
} from '../shared/client-data.js';
import { joinUrlPath } from '../shared/paths.js';
import type { RouteData, SidebarItem, SiteData } from '../shared/types.js';
import { BoundedCache } from './bounded-cache.js';
import { loadMdxModule } from 'sdkdocs:mdx-runtime';
import { loadPageStylesheets } from 'sdkdocs:page-stylesheets';

/** A route that cannot be loaded at all (unknown to the manifest, or the manifest is unreachable): the page reloads. */
export class RouteUnavailableError extends Error {}

/** A route whose data file or page chunk failed to load: shown as an error box with Retry. */
export class RouteLoadError extends Error {}

class HttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`GET ${url} answered ${status}`);
  }
}

/** A custom React page's component. */
export type PageComponent = ComponentType<{ site: SiteData }>;

/** Everything needed to show a route. */
export interface LoadedRoute {
  route: RouteData;
  page?: PageComponent;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new HttpError(url, response.status);
  return (await response.json()) as T;
}

/** Caches a promise, forgetting it when it fails so that the next call tries again. */
function remember<K, V>(cache: { get(key: K): Promise<V> | undefined; set(key: K, value: Promise<V>): void; delete(key: K): void }, key: K, load: () => Promise<V>): Promise<V> {
  let promise = cache.get(key);
  if (!promise) {
    promise = load();
    cache.set(key, promise);
    promise.catch(() => cache.delete(key));
  }
  return promise;
}

/**
 * Loads route data through the route manifest: a route path is looked up in its manifest shard
 * (each shard fetched once), then its content-hashed data file is fetched on demand. Lookups and
 * loaded routes are cached, at most {@link routeCacheLimit} of each.
 */
export class RouteLoader {
  readonly #shards = new Map<number, Promise<RouteManifestShard>>();
  readonly #matches = new BoundedCache<string, string | null>(routeCacheLimit);
  readonly #routes = new BoundedCache<string, Promise<RouteData>>(routeCacheLimit);
  readonly #files = new Map<string, Promise<unknown>>();

  constructor(
    readonly baseUrl: string,
    public files: SiteDataFiles,
  ) {}

  /** The site was rebuilt (`serve --watch`): what was loaded may be stale, and is loaded again when asked for. */
  replaceFiles(files: SiteDataFiles): void {
    this.files = files;
    this.#shards.clear();
    this.#matches.clear();
    this.#routes.clear();
    this.#files.clear();
  }

  /** What a route needs before it is shown: an MDX doc's module, the stylesheets it links. */
  async prepare(route: Pick<RouteData, 'mdxModule' | 'stylesheets'>): Promise<void> {
    // The bundled function first: on a site without it the minifier drops the whole line.
    if (loadPageStylesheets && route.stylesheets) await loadPageStylesheets(route.stylesheets);
    if (loadMdxModule && route.mdxModule) await loadMdxModule(route.mdxModule);
  }

  /** The data file URL of a route path, or null when the site has no such route. */
  async match(path: string): Promise<string | null> {
    const cached = this.#matches.get(path);
    if (cached !== undefined) return cached;
    const index = manifestShardIndex(path, this.files.routeManifest.length);
    const shard = await remember(this.#shards, index, () => fetchJson<RouteManifestShard>(this.files.routeManifest[index]));
    const name = Object.hasOwn(shard, path) ? shard[path] : null;
    const url = name === null ? null : joinUrlPath(this.baseUrl, routeFilesDir, `${name}.json`);
    this.#matches.set(path, url);
    return url;
  }

  /** Loads a route's data and, for a custom React page, its component chunk. */
  async load(path: string): Promise<LoadedRoute> {
    let url: string | null;
    try {
      url = await this.match(path);
    } catch (error) {
      throw new RouteUnavailableError(`The route manifest for ${path} cannot be loaded.`, { cause: error });
    }
    // Not a page of the site (a static file, or a path the server answers with its 404 page).
    if (url === null) throw new RouteUnavailableError(`${path} is not a route of this site.`);
    try {
      const [route, page] = await Promise.all([
        remember(this.#routes, url, () => fetchJson<RouteData>(url)),
        pages[path]?.().then((module) => module.default),
      ]);
      // An MDX doc's module, loaded before the route is shown, so its content is live at once.
      await this.prepare(route).catch(() => undefined);
      return { route, page };
    } catch (error) {
      // A data file that is gone belongs to an older deployment: only a fresh page load can help.
      if (error instanceof HttpError && error.status === 404) throw new RouteUnavailableError(error.message, { cause: error });
      throw new RouteLoadError(`The page ${path} could not be loaded.`, { cause: error });
    }
  }

  /** A site-wide data file (full sidebar, docs list), fetched once. */
  loadFile<T>(url: string): Promise<T> {
    return remember(this.#files, url, () => fetchJson<unknown>(url)) as Promise<T>;
  }

  /** Every item of a sidebar, or undefined when the site has no sidebar of that name. */
  loadSidebar(name: string): Promise<SidebarItem[]> | undefined {
    const url = Object.hasOwn(this.files.sidebars, name) ? this.files.sidebars[name] : undefined;
    return url ? this.loadFile<SidebarItem[]>(url) : undefined;
  }
}
