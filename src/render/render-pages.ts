import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { App } from '../../templates/App.js';
import { Footer } from '../../templates/Footer.js';
import { CategoryIndexContent, LandingContent, NotFoundContent } from '../../templates/page-content.js';
import type { BuildContext, OutputFile, Page, Site } from '../core/site.js';
import {
  dataFilesDir,
  manifestShardIndex,
  routeFilesDir,
  routeKeyLength,
  routesPerManifestShard,
  type RouteManifestShard,
  type SiteDataFiles,
} from '../shared/client-data.js';
import { joinUrlPath } from '../shared/paths.js';
import type { SidebarItem, SiteData } from '../shared/types.js';
import { outputPathOfRoute, renderDocument } from './document.js';
import { createRenderReuse, type RenderReuse } from './reuse-render.js';
import { sitemapXml } from './sitemap.js';
import { findSidebarCategory } from '../content/sidebar.js';

export { createHastRenderer } from './content-html.js';

/**
 * Renders every page: its content to static HTML (the route's `html`), then each route's data
 * file and the site's shared data files, then the whole document around the server-rendered
 * `<App>`. Everything goes to `site.outputs`.
 */
export async function renderPages(site: Site, ctx: BuildContext): Promise<void> {
  // Pages carry site data without the docs list: it grows with the site and the client loads it on demand.
  const { docs: _docs, ...docsVersion } = site.siteData!.docsVersion;
  const pageSite: SiteData = { ...site.siteData!, docsVersion };
  const descriptions = new Map(site.docs.map((doc) => [doc.route, doc.description]));
  const reuse = createRenderReuse(site, ctx.previous);
  const output = createOutputEmitter(site, ctx);
  for (const page of site.pages) page.data.html ||= renderContent(page, site, pageSite, descriptions);
  const files = await emitDataFiles(site, ctx, reuse, output);
  reuse.setSurroundings({ site: pageSite, files, assets: site.assets, sidebars: site.sidebars });
  let done = 0;
  for (const page of site.pages) {
    const path = outputPathOfRoute(page.route, site.config.baseUrl);
    const unchanged = reuse.document(page, path);
    if (unchanged) {
      await output.emit(unchanged);
      continue;
    }
    const sidebarName = page.data.sidebar;
    const sidebar = sidebarName ? site.sidebars[sidebarName] : undefined;
    const sidebars: Record<string, SidebarItem[]> = sidebar ? { [sidebarName!]: pruneSidebar(sidebar, page.route) } : {};
    const pageContent = page.component ? createElement(page.component, { site: pageSite }) : undefined;
    const footer = createElement(Footer);
    const appHtml = renderToString(createElement(App, { site: pageSite, route: page.data, sidebars, pageContent, footer }));
    const { html: _html, ...routeWithoutHtml } = page.data;
    const documentHtml = renderDocument({
      site: pageSite,
      route: page.data,
      appHtml,
      css: site.assets.css,
      js: site.assets.js,
      head: site.assets.inlineHead,
      bootData: { site: pageSite, route: routeWithoutHtml, sidebars, files },
    });
    await output.emit({ path, contents: documentHtml });
    if (++done % 200 === 0) ctx.logger.progress(`renderPages ${done}/${site.pages.length}`);
  }
  await output.emit({ path: 'sitemap.xml', contents: sitemapXml(site) });
  await output.flush();
}

/** Files written at once to the staging folder: enough to keep the disk busy, few enough to hold little. */
const writesInFlight = 32;

/**
 * Where renderPages puts each file: straight into a full build's staging folder (the rendered
 * page is dropped from memory once written), or into `site.outputs` when the build keeps them
 * (serve --watch compares them with the next build's; tests inspect them).
 */
function createOutputEmitter(site: Site, ctx: BuildContext) {
  const staging = ctx.staging;
  const pending = new Set<Promise<void>>();
  let failure: unknown;
  const rethrow = () => {
    if (failure !== undefined) throw failure;
  };
  return {
    async emit(file: OutputFile): Promise<void> {
      rethrow();
      if (!staging) {
        site.outputs.set(file.path, file);
        return;
      }
      const write: Promise<void> = staging.write(file).then(
        () => void pending.delete(write),
        (error: unknown) => {
          failure ??= error;
          pending.delete(write);
        },
      );
      pending.add(write);
      if (pending.size >= writesInFlight) await Promise.race(pending);
    },
    async flush(): Promise<void> {
      await Promise.all(pending);
      rethrow();
    },
  };
}

type OutputEmitter = ReturnType<typeof createOutputEmitter>;

/**
 * A page's own copy of its sidebar: collapsed categories that do not hold the page keep their
 * label and link but lose their items, exactly what the server renders; the client loads the
 * full sidebar when one is expanded.
 */
export function pruneSidebar(items: SidebarItem[], route: string): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const holdsRoute = (candidate: SidebarItem): boolean =>
      candidate.to === route || (candidate.type === 'category' && candidate.items.some(holdsRoute));
    if (item.collapsible && item.collapsed && !holdsRoute(item) && item.items.length > 0) {
      return { ...item, items: [], itemsOmitted: true };
    }
    return { ...item, items: pruneSidebar(item.items, route) };
  });
}

function contentHash(contents: string): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 8);
}

/** A short, stable, file-name-safe key for a route; a collision takes the next salt. */
export function routeKey(route: string, taken: Set<string>): string {
  for (let salt = 0; ; salt++) {
    const digest = createHash('sha256').update(salt === 0 ? route : `${route}#${salt}`).digest();
    const key = digest.readBigUInt64BE(0).toString(36).padStart(routeKeyLength, '0').slice(-routeKeyLength);
    if (!taken.has(key)) {
      taken.add(key);
      return key;
    }
  }
}

/**
 * Emits a content-hashed JSON file per route (its RouteData with the HTML), the route manifest in
 * shards of about {@link routesPerManifestShard} routes (a 10,000-page site never sends one big
 * table), each sidebar in full and the docs list; returns their URLs for the pages' boot data.
 * Under serve --watch the shards keep their names: every page links them, and a name that changed
 * with each edit would make every page change with it.
 */
async function emitDataFiles(site: Site, ctx: BuildContext, reuse: RenderReuse, output: OutputEmitter): Promise<SiteDataFiles> {
  const baseUrl = site.config.baseUrl;
  const emit = (path: string, contents: string) => {
    site.outputs.set(path, { path, contents });
    return joinUrlPath(baseUrl, path);
  };
  const emitHashed = (name: string, contents: string) => emit(`${dataFilesDir}/${name}.${contentHash(contents)}.json`, contents);
  const keys = new Set<string>();
  const routeFiles: [string, string][] = [];
  for (const page of site.pages) {
    // Unknown paths are answered by the server's 404 page, so the not-found route needs no file.
    if (page.kind === 'notFound') continue;
    const unchanged = reuse.routeFile(page);
    if (unchanged) {
      keys.add(unchanged.name.slice(0, routeKeyLength));
      await output.emit(unchanged.file);
      routeFiles.push([page.route, unchanged.name]);
      continue;
    }
    // A custom page's content comes from its component chunk; its HTML would be sent twice.
    const json = JSON.stringify(page.component ? { ...page.data, html: '' } : page.data);
    const name = `${routeKey(page.route, keys)}.${contentHash(json)}`;
    const path = `${routeFilesDir}/${name}.json`;
    await output.emit({ path, contents: json });
    reuse.recordRouteFile(page, name, path);
    routeFiles.push([page.route, name]);
  }
  const shardCount = Math.max(1, Math.ceil(routeFiles.length / routesPerManifestShard));
  const shards: RouteManifestShard[] = Array.from({ length: shardCount }, () => ({}));
  for (const [route, name] of routeFiles) shards[manifestShardIndex(route, shardCount)][route] = name;
  return {
    routeManifest: shards.map((shard, index) =>
      ctx.watch ? emit(`${dataFilesDir}/routes-${index}.json`, JSON.stringify(shard)) : emitHashed(`routes-${index}`, JSON.stringify(shard)),
    ),
    sidebars: Object.fromEntries(
      Object.entries(site.sidebars).map(([name, items]) => [name, emitHashed(`sidebar-${name.replace(/[^\w-]/g, '_')}`, JSON.stringify(items))]),
    ),
    docs: emitHashed('docs', JSON.stringify(site.siteData!.docsVersion.docs ?? [])),
  };
}

function renderContent(
  page: Page,
  site: Site,
  siteData: SiteData,
  descriptions: Map<string, string | undefined>,
): string {
  if (page.component) return renderToStaticMarkup(createElement(page.component, { site: siteData }));
  switch (page.kind) {
    case 'landing':
      return renderToStaticMarkup(createElement(LandingContent, { site: siteData }));
    case 'notFound':
      return renderToStaticMarkup(createElement(NotFoundContent));
    case 'category': {
      const category = findSidebarCategory(site.sidebars[site.config.docs.sidebar.id] ?? [], page.route);
      return renderToStaticMarkup(
        createElement(CategoryIndexContent, {
          title: page.data.title,
          description: page.data.description,
          items: category?.items ?? [],
          descriptions,
        }),
      );
    }
    default:
      // Docs got their HTML from parseMarkdown, API pages from generateApi.
      return '';
  }
}
