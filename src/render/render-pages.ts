import { createHash } from 'node:crypto';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryIndexContent, LandingContent, NotFoundContent, TagDocsContent, TagsListContent } from '../../templates/page-content.js';
import { withMobileToc } from '../../templates/DocParts.js';
import { collectTags, tagsRoute } from '../core/tags.js';
import type { BuildContext, OutputSink, Page, Site } from '../core/site.js';
import { UserError } from '../core/diagnostic.js';
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
import { outputPathOfRoute } from './document.js';
import { createDocumentRenderer, type PageSurroundings } from './page-document.js';
import { PageRenderError, renderFailureDiagnostics, type RenderFailure } from '../ssr/render-failure.js';
import { createDocumentFingerprints } from './document-fingerprint.js';
import type { RenderedDocument, RenderSetup, RenderTask } from './render-worker.js';
import { canUseWorkers, runOnWorkers, workerCount } from '../core/worker-pool.js';
import { siteCodeMemoryMb } from '../core/site-code.js';
import { createRenderReuse, type RenderReuse } from './reuse-render.js';
import { redirectDocument } from './redirects.js';
import { markdownOutputPaths, redirectsOf } from '../core/planned-outputs.js';
import { sitemapRoutes, sitemapXml } from './sitemap.js';
import { createLandingData } from './landing-data.js';
import { checkMarkdownCopyRoutes, collectPageMarkdown, markdownOutputs, wantsPageMarkdown, warnStaticFilesReplaced, type PageMarkdown } from './page-markdown.js';
import { siteHeadOf } from './head-tags.js';
import { findSidebarCategory } from '../core/sidebar-queries.js';
import { afterPublished, siteOfPage } from '../core/site.js';
import { customPageHtml, pageSiteData } from '../ssr/custom-page-content.js';
import { blogPageHtml } from './blog-pages.js';
import { blogFeedOutputs } from './blog-feeds.js';

/**
 * Renders every page: the content of pages that have none yet (docs and API pages come with
 * theirs), each route's data file and the site's shared data files, then the whole document
 * around the server-rendered `<App>`. Each file goes to the build's output sink as it is made
 * (a full build streams them to disk; documents of big sites are rendered on worker threads).
 */
export async function renderPages(site: Site, ctx: BuildContext): Promise<void> {
  // Pages carry site data without the docs list: it grows with the site and the client loads it on demand.
  const pageSite = pageSiteData(site);
  const descriptions = new Map([site, ...(site.docsVersions?.past.map((past) => past.site) ?? [])].flatMap((scope) => scope.docs.map((doc) => [doc.route, doc.description])));
  const reuse = createRenderReuse(site, ctx.previous, ctx.watch);
  // A blog page's HTML holds its lists and the recent posts, which any post may change.
  if (site.blog) for (const page of site.pages) if (page.blog) page.data.html = blogPageHtml(site, page);
  for (const page of site.pages) {
    if (page.data.html) continue;
    const inputs = contentInputs(page, site, descriptions);
    page.data.html = reuse.content(page, inputs, () => renderContent(page, site, pageSite, descriptions, inputs?.items ?? []));
  }
  // The mobile "On this page" box goes below the page title, which is part of the content's HTML.
  for (const page of site.pages) if (page.kind === 'doc' || page.kind === 'api' || page.kind === 'category') page.data.html = reuse.withMobileToc(page, withMobileToc);
  if (ctx.previous) ctx.logger.debug(`renderPages: ${reuse.counts.made} contents and mobile TOCs made, ${reuse.counts.kept} kept from the previous build`);
  checkMarkdownCopyRoutes(site);
  if (site.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return;
  if (!ctx.previous) warnStaticFilesReplaced(site);
  const pageMarkdown = wantsPageMarkdown(site) ? collectPageMarkdown(site) : [];
  for (const { page, copyUrl } of pageMarkdown) if (copyUrl) page.data.markdownUrl = copyUrl;
  // The SHA-256 of each page's route data file, which holds everything of the page its document is made from.
  const routeDigests = new Map<Page, string>();
  const files = emitDataFiles(site, ctx, reuse, routeDigests);
  const surroundings: PageSurroundings = {
    site: pageSite,
    files,
    assets: site.assets,
    sidebars: site.sidebars,
    siteHead: siteHeadOf(site.config),
    themeOverrides: site.themeOverrides?.code,
    siteDir: site.config.siteDir,
  };
  reuse.setSurroundings(surroundings);
  // A full build takes the documents whose inputs did not change from the output it replaces.
  const { sink } = ctx;
  let toRender = site.pages;
  const reusePublished = sink.reuse?.bind(sink);
  if (reusePublished) {
    const fingerprintOf = createDocumentFingerprints(surroundings);
    toRender = site.pages.filter((page) => {
      const fingerprint = fingerprintOf(page, routeDigests.get(page));
      return !fingerprint || !reusePublished(outputPathOfRoute(page.route, site.config.baseUrl), fingerprint);
    });
  }
  site.documentsReused = site.pages.length - toRender.length;
  ctx.logger.debug(`renderPages: ${site.documentsReused} documents unchanged since the last build`);
  // serve --watch: the previous build's documents of unchanged pages are kept as they were.
  const beforeKeeping = toRender.length;
  toRender = toRender.filter((page) => !(reuse.documentUnchanged(page) && sink.keepPrevious(outputPathOfRoute(page.route, site.config.baseUrl))));
  if (ctx.previous) ctx.logger.debug(`renderPages: ${beforeKeeping - toRender.length} documents kept from the previous build, ${toRender.length} rendered`);
  const onWorkers = toRender.length >= parallelThreshold && canUseWorkers(import.meta.url);
  const inProcess = onWorkers ? toRender.filter((page) => page.component) : toRender;
  // The workers start first: what this thread makes meanwhile (custom pages, markdown copies, the
  // site-wide files) no longer waits for them, nor they for it.
  // Pages whose render threw: reported together once every page was tried, so one broken component is one error.
  const failures: RenderFailure[] = [];
  const onWorkersDone = onWorkers ? renderOnWorkers(toRender.filter((page) => !page.component), site, sink, surroundings, ctx, failures) : undefined;
  try {
    const renderDocument = createDocumentRenderer(surroundings, site.themeOverrides?.components);
    let done = 0;
    for (const page of inProcess) {
      let document: string;
      try {
        document = renderDocument(page);
      } catch (error) {
        if (!(error instanceof PageRenderError)) throw error;
        failures.push(error.failure);
        continue;
      }
      sink.write({ path: outputPathOfRoute(page.route, site.config.baseUrl), contents: document });
      if (++done % 200 === 0) ctx.logger.progress(`renderPages ${done}/${toRender.length}`);
      if (onWorkersDone && done % mainThreadSlice === 0) await letWorkersIn();
    }
    // The sitemap, markdown copies and llms files: no page loads them, so a sink that can take
    // files after the pages are served (serve --watch) gets them then, and serves the previous
    // build's meanwhile.
    const siteWide = () => writeSiteWideFiles(site, sink, reuse, pageMarkdown, onWorkersDone !== undefined, ctx);
    if (sink.takesLateFiles) {
      for (const outputPath of siteWideOutputPaths(site)) sink.keepPrevious(outputPath);
      await afterPublished(ctx, siteWide);
    } else await siteWide();
    for (const feed of blogFeedOutputs(site)) sink.write(feed);
    for (const redirect of redirectsOf(site)) sink.write({ path: outputPathOfRoute(redirect.from, site.config.baseUrl), contents: redirectDocument(redirect.to) });
  } catch (error) {
    // The workers stop before the error goes on, and a failure of theirs is not left unobserved.
    await onWorkersDone?.catch(() => undefined);
    throw error;
  }
  await onWorkersDone;
  if (failures.length > 0) throw new UserError(renderFailureDiagnostics(failures));
}

/** Writes the sitemap, the markdown copies and the llms files: each site-wide file only when what it is made of changed. */
async function writeSiteWideFiles(site: Site, sink: OutputSink, reuse: RenderReuse, pageMarkdown: PageMarkdown[], besideWorkers: boolean, ctx: BuildContext): Promise<void> {
  if (site.config.url) {
    const routes = sitemapRoutes(site);
    reuse.siteFile(sink, { path: 'sitemap.xml', inputs: [site.config.url, routes], make: () => sitemapXml(site, routes)! });
  }
  const { copies, llmsFiles } = markdownOutputs(site, pageMarkdown);
  let written = 0;
  for (const file of copies) {
    sink.write(file);
    if (besideWorkers && ++written % mainThreadSlice === 0) await letWorkersIn();
  }
  for (const file of llmsFiles) {
    reuse.siteFile(sink, file);
    if (besideWorkers) await letWorkersIn();
  }
  if (ctx.previous) ctx.logger.debug(`renderPages: site files kept from the previous build: ${reuse.keptSiteFiles.join(', ') || 'none'}`);
  if (reuse.joinedSiteFiles.length > 0) ctx.logger.debug(`renderPages: site files joined from pieces: ${reuse.joinedSiteFiles.join(', ')}`);
}

/** The output paths {@link writeSiteWideFiles} writes (the copies by the same test that makes them: no path is kept that the build no longer makes). */
function siteWideOutputPaths(site: Site): string[] {
  return [...(site.config.url ? ['sitemap.xml'] : []), ...markdownOutputPaths(site)];
}

/** Pieces of main-thread work between which the workers' finished batches are taken in and new ones handed out. */
const mainThreadSlice = 100;

function letWorkersIn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Below this many pages, starting worker threads costs more than rendering on this one. */
const parallelThreshold = 150;

/**
 * Renders the documents of pages without a React component (those stay on the main thread: a
 * component cannot be sent to a worker) on worker threads sized to the cores; each batch of
 * documents is handed to the sink as it comes back, so the documents are never held all at once.
 */
async function renderOnWorkers(pages: Page[], site: Site, sink: OutputSink, surroundings: PageSurroundings, ctx: BuildContext, failures: RenderFailure[]): Promise<void> {
  const tasks: RenderTask[] = pages.map((page) => ({ route: page.route, data: page.data, outputPath: outputPathOfRoute(page.route, site.config.baseUrl), sourceFile: page.sourceFile }));
  ctx.logger.debug(`renderPages: ${tasks.length} documents on ${workerCount()} worker threads`);
  const setup: RenderSetup = { surroundings };
  await runOnWorkers<RenderTask, RenderedDocument>(new URL('./render-worker.js', import.meta.url), setup, tasks, {
    // A worker ends when its heap is full; only the site's code there can fill it.
    heapLimitMb: site.themeOverrides ? workerHeapLimitMb() : undefined,
    onWorkerError: (error) => ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' ? workerOutOfMemory(site) : error),
    batchSize: 50,
    // A second batch waits at each worker while this thread is busy between two slices of its own work.
    batchesPerWorker: 2,
    keepResults: false,
    onResults: (documents) => {
      for (const document of documents) {
        if (document.failure) failures.push(document.failure);
        else sink.write(document);
      }
    },
  });
}

/** The site code's memory allowance, above what rendering a batch of pages takes itself. */
function workerHeapLimitMb(): number {
  return siteCodeMemoryMb() + 512;
}

/** A render worker's heap filled up: the theme overrides are the site code that runs there. */
function workerOutOfMemory(site: Site): UserError {
  const files = [...(site.themeOverrides?.files.values() ?? [])];
  return new UserError({
    severity: 'error',
    code: 'render',
    message: `Rendering pages ran out of memory in a render worker${files.length > 0 ? `: the site's theme override${files.length === 1 ? '' : 's'} ${files.map((file) => path.relative(site.config.siteDir, file)).join(', ')} run${files.length === 1 ? 's' : ''} there` : ''}.`,
    file: files.length === 1 ? files[0] : undefined,
    hint: 'Look for a recursion or a growing list in the theme overrides (src/theme) and what they render.',
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
function emitDataFiles(
  site: Site,
  ctx: BuildContext,
  reuse: RenderReuse,
  routeDigests: Map<Page, string>,
): SiteDataFiles {
  const baseUrl = site.config.baseUrl;
  const emit = (path: string, contents: string) => {
    site.outputs.set(path, { path, contents });
    return joinUrlPath(baseUrl, path);
  };
  const emitHashed = (name: string, contents: string) => emit(`${dataFilesDir}/${name}.${contentHash(contents)}.json`, contents);
  const emitHashedValue = (name: string, value: unknown) =>
    reuse.dataFile(ctx.sink, name, value, () => {
      const contents = JSON.stringify(value);
      const path = `${dataFilesDir}/${name}.${contentHash(contents)}.json`;
      return { path, url: emit(path, contents) };
    });
  const keys = new Set<string>();
  const routeFiles: [string, string][] = [];
  for (const page of site.pages) {
    // Unknown paths are answered by the server's 404 page, so the not-found route needs no file.
    if (page.kind === 'notFound') continue;
    const unchanged = reuse.routeFile(page);
    if (unchanged && ctx.sink.keepPrevious(unchanged.path)) {
      keys.add(unchanged.name.slice(0, routeKeyLength));
      routeFiles.push([page.route, unchanged.name]);
      continue;
    }
    // A custom page's content comes from its component chunk; its HTML would be sent twice.
    const json = JSON.stringify(page.component ? { ...page.data, html: '' } : page.data);
    const digest = createHash('sha256').update(json).digest('hex');
    routeDigests.set(page, digest);
    const name = `${routeKey(page.route, keys)}.${digest.slice(0, 8)}`;
    const path = `${routeFilesDir}/${name}.json`;
    ctx.sink.write({ path, contents: json });
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
      Object.entries(site.sidebars).map(([name, items]) => [name, emitHashedValue(`sidebar-${name.replace(/[^\w-]/g, '_')}`, items)]),
    ),
    docs: emitHashedValue('docs', site.siteData!.docsVersion.docs ?? []),
  };
}

/**
 * Everything a page's content is made from, for the pages whose content renderPages makes and
 * whose inputs are few: a category index lists its sidebar items with their descriptions.
 */
function contentInputs(page: Page, site: Site, descriptions: Map<string, string | undefined>): { items: SidebarItem[]; [input: string]: unknown } | undefined {
  if (page.component || page.kind !== 'category') return undefined;
  const items = findSidebarCategory(site.sidebars[page.data.sidebar ?? site.config.docs.sidebar.id] ?? [], page.route)?.items ?? [];
  return { title: page.data.title, description: page.data.description, items, descriptions: items.map((item) => (item.type === 'html' ? undefined : item.to && descriptions.get(item.to))) };
}

function renderContent(
  page: Page,
  site: Site,
  siteData: SiteData,
  descriptions: Map<string, string | undefined>,
  categoryItems: SidebarItem[],
): string {
  if (page.component) return customPageHtml(site, page);
  switch (page.kind) {
    case 'landing':
      return renderToStaticMarkup(createElement(LandingContent, { site: siteData, landing: createLandingData(site) }));
    case 'notFound':
      return renderToStaticMarkup(createElement(NotFoundContent, { homeLink: siteData.baseUrl }));
    case 'tags': {
      const tags = collectTags(siteOfPage(site, page));
      const tag = tags.find((candidate) => candidate.route === page.route);
      if (!tag) return renderToStaticMarkup(createElement(TagsListContent, { tags: tags.map((t) => ({ label: t.label, to: t.route, count: t.docs.length })) }));
      const docs = tag.docs.map((doc) => ({ title: doc.title, to: doc.route, description: doc.description }));
      return renderToStaticMarkup(createElement(TagDocsContent, { label: tag.label, docs, allTagsPath: tagsRoute(siteOfPage(site, page)) }));
    }
    case 'category':
      return renderToStaticMarkup(
        createElement(CategoryIndexContent, {
          title: page.data.title,
          description: page.data.description,
          items: categoryItems,
          descriptions,
        }),
      );
    default:
      // Docs got their HTML from parseMarkdown, API pages from generateApi.
      return '';
  }
}
