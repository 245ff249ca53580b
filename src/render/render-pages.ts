import { createHash } from 'node:crypto';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LandingContent, NotFoundContent, TagDocsContent, TagsListContent } from '../../templates/page-content.js';
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
import type { SiteData } from '../shared/types.js';
import { outputPathOfRoute } from './document.js';
import { createDocumentRenderer, type PageSurroundings } from './page-document.js';
import { PageRenderError, renderFailureDiagnostics, type RenderFailure } from '../ssr/render-failure.js';
import type { RenderedDocument, RenderSetup, RenderTask } from './render-job.js';
import { canUseWorkers, closeBuildWorkerPool } from '../core/worker-pool.js';
import { siteWorkerPool } from '../core/site-code.js';
import { redirectDocument } from './redirects.js';
import { markdownOutputPaths, redirectsOf } from '../core/planned-outputs.js';
import { sitemapRoutes, sitemapXml } from './sitemap.js';
import { createLandingData } from './landing-data.js';
import { checkMarkdownCopyRoutes, collectPageMarkdown, markdownOutputs, wantsPageMarkdown, warnStaticFilesReplaced, type PageMarkdown, type SiteFile } from './page-markdown.js';
import { createQueryEngine, type Query, type QueryEngine } from '../engine/query-engine.js';
import {
  categoryContentQuery,
  dataFileQuery,
  pageDocumentQuery,
  routeDataDigestQuery,
  routeDataFileQuery,
  setCategoryContentInputs,
  setDataFileValue,
  setFinishedPage,
  setRenderSurroundings,
  setSiteFile,
  siteFilePieceQuery,
  siteFileQuery,
  type CategoryContentInputs,
} from './render-queries.js';
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
  const engine = ctx.engine ?? createQueryEngine();
  // Pages carry site data without the docs list: it grows with the site and the client loads it on demand.
  const pageSite = pageSiteData(site);
  const descriptions = new Map([site, ...(site.docsVersions?.past.map((past) => past.site) ?? [])].flatMap((scope) => scope.docs.map((doc) => [doc.route, doc.description])));
  // A blog page's HTML holds its lists and the recent posts, which any post may change.
  if (site.blog) for (const page of site.pages) if (page.blog) page.data.html = blogPageHtml(site, page);
  const contents = await finishContents(site, engine, pageSite, descriptions);
  if (contents.rebuild) ctx.logger.debug(`renderPages: ${contents.made} contents made, ${contents.kept} kept from the previous build`);
  checkMarkdownCopyRoutes(site);
  if (site.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return;
  warnStaticFilesReplaced(site);
  const pageMarkdown = wantsPageMarkdown(site) ? collectPageMarkdown(site) : [];
  for (const { page, copyUrl } of pageMarkdown) if (copyUrl) page.data.markdownUrl = copyUrl;
  for (const page of site.pages) setFinishedPage(engine, page);
  const files = await emitDataFiles(site, ctx, engine);
  const surroundings: PageSurroundings = {
    site: pageSite,
    files,
    assets: site.assets,
    sidebars: site.sidebars,
    siteHead: siteHeadOf(site.config, !ctx.watch),
    themeOverrides: site.themeOverrides?.code,
    siteDir: site.config.siteDir,
  };
  setRenderSurroundings(engine, surroundings);
  // The sink carries over the file it holds (the published output's, or serve --watch's previous
  // build's) of each document whose inputs have the fingerprint that file was made from.
  const { sink } = ctx;
  const toRender: Page[] = [];
  for (const page of site.pages) {
    const fingerprint = await engine.query(pageDocumentQuery, page.route);
    if (!sink.reuse(outputPathOfRoute(page.route, site.config.baseUrl), fingerprint)) toRender.push(page);
  }
  site.documentsReused = site.pages.length - toRender.length;
  ctx.logger.debug(`renderPages: ${site.documentsReused} documents kept from the previous build, ${toRender.length} rendered`);
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
    const siteWide = () => writeSiteWideFiles(site, ctx, engine, pageMarkdown, onWorkersDone !== undefined);
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

/**
 * Makes the content HTML of the pages that have none yet (docs and API pages come with theirs,
 * the mobile "On this page" box below the title included); says how many of the contents the
 * engine answered could it keep, and whether it held any before.
 */
async function finishContents(site: Site, engine: QueryEngine, pageSite: SiteData, descriptions: Map<string, string | undefined>): Promise<{ made: number; kept: number; rebuild: boolean }> {
  const answers = { made: 0, kept: 0, rebuild: false };
  const ask = async (query: Query<string, string>, route: string): Promise<string> => {
    answers.rebuild ||= engine.holds(query, route);
    const { result, reused } = await engine.answer(query, route);
    answers[reused ? 'kept' : 'made']++;
    return result;
  };
  for (const page of site.pages) {
    if (page.data.html) continue;
    const inputs = categoryContentInputs(page, site, descriptions);
    if (!inputs) {
      page.data.html = renderContent(page, site, pageSite);
      continue;
    }
    setCategoryContentInputs(engine, page.route, inputs);
    page.data.html = await ask(categoryContentQuery, page.route);
  }
  return answers;
}

/** Writes the sitemap, the markdown copies and the llms files: each site-wide file only when what it is made of changed. */
async function writeSiteWideFiles(site: Site, ctx: BuildContext, engine: QueryEngine, pageMarkdown: PageMarkdown[], besideWorkers: boolean): Promise<void> {
  const { sink } = ctx;
  const kept: string[] = [];
  const joined: string[] = [];
  let rebuild = false;
  const writeSiteFile = async (file: SiteFile) => {
    // Under serve --watch a file that changes with any page's text is joined from the encoded
    // pieces of the previous build, only the changed ones encoded again: no string of the whole
    // file is made, encoded or compared.
    const pieces = ctx.watch ? file.pieces?.() : undefined;
    const held = engine.holds(siteFileQuery, file.path);
    rebuild ||= held;
    setSiteFile(engine, file, pieces);
    let encoded = 0;
    for (const piece of pieces ?? []) if (!(await engine.answer(siteFilePieceQuery, { path: file.path, key: piece.key })).reused) encoded++;
    const { result, reused } = await engine.answer(siteFileQuery, file.path);
    if (reused) kept.push(file.path);
    else if (pieces && held) joined.push(`${file.path} (${encoded} of ${pieces.length} pieces encoded)`);
    sink.write({ path: file.path, contents: result });
  };
  if (site.config.url) {
    const routes = sitemapRoutes(site);
    await writeSiteFile({ path: 'sitemap.xml', inputs: [site.config.url, routes], make: () => sitemapXml(site, routes)! });
  }
  const { copies, llmsFiles } = markdownOutputs(site, pageMarkdown);
  let written = 0;
  for (const file of copies) {
    sink.write(file);
    if (besideWorkers && ++written % mainThreadSlice === 0) await letWorkersIn();
  }
  for (const file of llmsFiles) {
    await writeSiteFile(file);
    if (besideWorkers) await letWorkersIn();
  }
  if (rebuild) ctx.logger.debug(`renderPages: site files kept from the previous build: ${kept.join(', ') || 'none'}`);
  if (joined.length > 0) ctx.logger.debug(`renderPages: site files joined from pieces: ${joined.join(', ')}`);
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
  const pool = siteWorkerPool(site);
  ctx.logger.debug(`renderPages: ${tasks.length} documents on ${pool.size} worker threads`);
  const setup: RenderSetup = { surroundings };
  try {
    await pool.run<RenderTask, RenderedDocument>(new URL('./render-job.js', import.meta.url), setup, tasks, {
      // A worker ends when its heap is full; only the site's code there can fill it (see siteWorkerPool).
      onWorkerError: (error) => ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' ? workerOutOfMemory(site) : error),
      batchSize: 50,
      // A second batch waits at each worker while this thread is busy between two slices of its own work.
      batchesPerWorker: 2,
      keepResults: false,
      onResults: (documents) => {
        for (const document of documents) {
          if (document.failure) failures.push(document.failure);
          // Nothing else holds the document's bytes, which came over from the worker as they were.
          else sink.write(document, { handOver: true });
        }
      },
    });
  } finally {
    // The pool's last job in a build.
    await closeBuildWorkerPool(site);
  }
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
async function emitDataFiles(site: Site, ctx: BuildContext, engine: QueryEngine): Promise<SiteDataFiles> {
  const baseUrl = site.config.baseUrl;
  const emit = (path: string, contents: string) => {
    site.outputs.set(path, { path, contents });
    return joinUrlPath(baseUrl, path);
  };
  const emitHashed = (name: string, contents: string) => emit(`${dataFilesDir}/${name}.${contentHash(contents)}.json`, contents);
  const emitDataFile = async (name: string, value: unknown) => {
    setDataFileValue(engine, name, value);
    const file = await engine.query(dataFileQuery, name);
    return emit(file.path, file.contents);
  };
  const keys = new Set<string>();
  const routeFiles: [string, string][] = [];
  for (const page of site.pages) {
    // Unknown paths are answered by the server's 404 page, so the not-found route needs no file.
    if (page.kind === 'notFound') continue;
    const digest = await engine.query(routeDataDigestQuery, page.route);
    const { json } = await engine.query(routeDataFileQuery, page.route);
    const name = `${routeKey(page.route, keys)}.${digest.slice(0, 8)}`;
    ctx.sink.write({ path: `${routeFilesDir}/${name}.json`, contents: json });
    // On disk the file needs no copy in memory; the engine's would hold every page's JSON to the end.
    if (ctx.sink.streamsToDisk) engine.release(routeDataFileQuery, page.route);
    routeFiles.push([page.route, name]);
  }
  const shardCount = Math.max(1, Math.ceil(routeFiles.length / routesPerManifestShard));
  const shards: RouteManifestShard[] = Array.from({ length: shardCount }, () => ({}));
  for (const [route, name] of routeFiles) shards[manifestShardIndex(route, shardCount)][route] = name;
  const sidebars: Record<string, string> = {};
  for (const [name, items] of Object.entries(site.sidebars)) sidebars[name] = await emitDataFile(`sidebar-${name.replace(/[^\w-]/g, '_')}`, items);
  return {
    routeManifest: shards.map((shard, index) =>
      ctx.watch ? emit(`${dataFilesDir}/routes-${index}.json`, JSON.stringify(shard)) : emitHashed(`routes-${index}`, JSON.stringify(shard)),
    ),
    sidebars,
    docs: await emitDataFile('docs', site.siteData!.docsVersion.docs ?? []),
  };
}

/**
 * Everything a category index page's content is made from (renderPages makes it): its sidebar
 * items with their docs' descriptions. Other pages' contents are made of few inputs or of many.
 */
function categoryContentInputs(page: Page, site: Site, descriptions: Map<string, string | undefined>): CategoryContentInputs | undefined {
  if (page.component || page.kind !== 'category') return undefined;
  const items = findSidebarCategory(site.sidebars[page.data.sidebar ?? site.config.docs.sidebar.id] ?? [], page.route)?.items ?? [];
  return { title: page.data.title, description: page.data.description, items, descriptions: items.map((item) => (item.type === 'html' ? undefined : item.to && descriptions.get(item.to))) };
}

/** The content HTML of a page that is neither a doc, an API page nor a category index. */
function renderContent(page: Page, site: Site, siteData: SiteData): string {
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
    default:
      // Docs got their HTML from parseMarkdown, API pages from generateApi; category indexes come from categoryContentQuery.
      return '';
  }
}
