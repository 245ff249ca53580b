import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildContext, type FrontMatter, type Page, type Site } from '../core/site.js';
import { canUseWorkers, workerCount, type WorkerPool } from '../core/worker-pool.js';
import { siteWorkerPool } from '../core/site-code.js';
import { compilerFingerprint } from '../core/compiler-fingerprint.js';
import { compileBatch, compileOnThread, type CompileSetup } from './compile-docs.js';
import { siteMarkdownPlugins, type SiteMarkdownPlugins } from './markdown-plugins.js';
import { configCodeFingerprint } from '../config/config-fingerprint.js';
import type { CompiledDoc } from '../model/compiled-doc.js';
import type { DiagramFigures, DiagramRequest } from '../core/diagram-figure.js';
import type { ParseOutcome, ParseTask } from './parse-task.js';
import { renderMdxDocs } from './mdx/render-mdx.js';
import { mdxPartialCompiler } from './mdx/mdx-partials.js';
import { codeBlockHighlighter, markdownFragmentCompiler } from './site-markdown.js';
import { admonitionOptionsOf } from '../markdown/plugins/remark-admonitions.js';
import { overriddenThemeBlocks } from '../markdown/plugins/rehype-theme-blocks.js';
import { foreseenDiagrams } from '../markdown/foreseen-diagrams.js';
import { takeBlogPostHtml } from './blog-excerpts.js';
import { createQueryEngine, entryRead, type Query, type QueryEngine } from '../engine/query-engine.js';
import { fingerprintOf } from '../engine/fingerprint.js';
import { batchedWork, type BatchedWork } from '../engine/batched-work.js';

/** A doc of one of the build's scopes: the docs, the blog, a past docs version. */
interface DocKey {
  scope: string;
  file: string;
}

/** What compiling a doc gave: the compiled doc, or why there is none. */
type DocResult = Pick<ParseOutcome, 'compiled' | 'error'>;

/**
 * Compiles the docs a build's queries ran for, in one go once every doc of the scope either ran
 * or was answered without running; set per scope and build as the input `doc-compiler:<scope>`.
 */
type DocCompiler = BatchedWork<ParseTask, ParseOutcome>;

/**
 * One doc's compile. It reads the doc (its text, route and title), its scope's compile context,
 * and what the compile read on its thread: the route of each file a `.md` link named, as an entry
 * of the input map `doc-routes` (so a doc that moves compiles again exactly the docs that link it),
 * each image it shows, and each diagram's stored figure. Kept on disk in the engine's store, in packs.
 */
export const compiledDocQuery: Query<DocKey, DocResult> = {
  name: 'compiledDoc',
  persist: true,
  large: true,
  // Read by no other query: a new fingerprint per run saves hashing the doc.
  fingerprint: () => randomUUID(),
  async run(context, { scope, file }) {
    context.input(`compile-context:${scope}`);
    const task = context.input<ParseTask>(`doc:${scope}:${file}`);
    const outcome = await context.input<DocCompiler>(`doc-compiler:${scope}`).run(file, task);
    if (!outcome.compiled) {
      context.untracked('the doc did not compile, so what a finished compile reads is not known');
      return { error: outcome.error };
    }
    const routes = (outcome.reads?.routes ?? []).map(([linked, route]) => entryRead(docRoutes, linked, route ?? undefined));
    context.madeElsewhere([...routes, ...(outcome.reads?.files ?? [])]);
    if (outcome.compiled.diagrams.length > 0) {
      const figures = context.input<DiagramFigures | undefined>('diagram-figures');
      for (const [index, diagram] of outcome.compiled.diagrams.entries()) {
        // A figure the compile could not make (no browser, a syntax error) is made again next build.
        if (!figures || context.fileFingerprint(figures.figureFile(diagram.definition, index + 1)) === undefined) context.untracked('a diagram has no stored figure');
      }
    }
    return { compiled: outcome.compiled };
  },
};

/** The input map of every doc's and post's route by its file, which `.md` links resolve through. */
const docRoutes = 'doc-routes';

/**
 * Compiles every doc's markdown: its content to HTML, with the table of contents, element ids,
 * links and search text recorded on its page for the TOC, the link rules and search. Each doc is
 * an engine query: a cold, a warm and a watch build ask the same, and the docs no current result
 * answers for compile on worker threads for big sites.
 */
export async function parseMarkdown(site: Site, ctx: BuildContext): Promise<void> {
  // The client bundle compiles the partials MDX docs import with the same compiler, found on the site;
  // the API stage compiles TSDoc comments, and the landing page its snippet, with the docs' pipeline.
  mdxPartialCompiler(site);
  site.compileMarkdownFragment = markdownFragmentCompiler(site);
  site.highlightCodeBlock = codeBlockHighlighter();
  const engine = ctx.engine ?? createQueryEngine();
  engine.useStore(path.join(ctx.cacheDir, 'engine', 'engine.json'), [compiledDocQuery] as Query<never, unknown>[]);
  // Every docs version asks the one diagram service for its figures; it ends with the docs.
  const figures = site.diagramFigures;
  engine.setInput('diagram-figures', figures, figures ? `figures:${figures.madeWith}` : 'no figures');
  // A markdown link may name a doc of another version by its file (trpc.io's current docs link
  // ../../versioned_docs/version-9.x/…/introduction.md): Docusaurus resolves it among the docs of
  // every version, and so does each version's compile here.
  const everyVersionDocs = [...site.docs, ...(site.docsVersions?.past ?? []).flatMap((past) => past.site.docs)];
  const routeByFile = new Map(everyVersionDocs.map((doc) => [doc.source.file, doc.route]));
  // A doc or post may link a post by its file, as in Docusaurus.
  for (const post of site.blog?.posts ?? []) routeByFile.set(post.file, post.route);
  // Compared entry by entry: a doc that moved makes only the docs that link it compile again.
  const moved = engine.setInputMap(docRoutes, routeByFile);
  ctx.logger.debug(`parseMarkdown: routes changed for ${moved} files`);
  try {
    // The build's pool: renderPages renders on the same workers once they compiled the docs.
    const workers = () => siteWorkerPool(site);
    await compileSiteDocs(site, ctx, engine, 'docs', figures, routeByFile, workers);
    // The blog's posts, with the blog's own remark and rehype plugins.
    if (site.blog) await compileSiteDocs(site, ctx, engine, 'blog', figures, routeByFile, workers);
    await renderMdxDocs(site, ctx);
    if (site.blog) takeBlogPostHtml(site, new Map(site.pages.map((page) => [page.route, page])));
    // Each past docs version compiles against its own folder (where `/x.md` links resolve).
    for (const past of site.docsVersions?.past ?? []) {
      // Made before the overrides were collected: a past version's docs use the site's.
      past.site.themeOverrides = site.themeOverrides;
      await compileSiteDocs(past.site, ctx, engine, `docs-version-${past.version.name}`, figures, routeByFile, workers);
      await renderMdxDocs(past.site, ctx);
    }
  } finally {
    await figures?.finish();
  }
}

/**
 * Compiles the site's docs, or its blog posts (`scope` 'blog'), with the plugins of the docs
 * or of the blog. Posts compile as docs do, with the same pipeline and queries; their page's header
 * shows the title, and being few they compile on this thread, with the blog's plugins at hand.
 */
async function compileSiteDocs(
  site: Site,
  ctx: BuildContext,
  engine: QueryEngine,
  scope: string,
  figures: DiagramFigures | undefined,
  routeByFile: ReadonlyMap<string, string>,
  workers: () => WorkerPool,
): Promise<void> {
  const pageByRoute = new Map(site.pages.map((page) => [page.route, page]));
  const tasks: ParseTask[] = [];
  const sources: CompiledSource[] = [];
  const posts = scope === 'blog' && site.config.blog !== false ? site.blog?.posts : undefined;
  for (const doc of posts ? [] : site.docs) {
    const page = pageByRoute.get(doc.route);
    if (!page || page.sourceFile !== doc.source.file) continue;
    // hide_title hides only the title the page would add itself, never an h1 of the markdown (as in Docusaurus).
    const { minHeadingLevel: min, maxHeadingLevel: max } = tocLevels(site, doc.frontMatter);
    const tocShown = doc.frontMatter.hide_table_of_contents !== true;
    const folderIndex = doc.isCategoryIndex && typeof doc.frontMatter.slug !== 'string';
    tasks.push({ file: doc.source.file, raw: doc.source.raw, route: doc.route, title: doc.frontMatter.hide_title ? '' : doc.title, ...(tocShown && { tocLevels: { min, max } }), ...(folderIndex && { folderIndex }) });
    sources.push({ file: doc.source.file, frontMatter: doc.frontMatter });
  }
  for (const post of posts ?? []) {
    const page = pageByRoute.get(post.route);
    if (!page || page.sourceFile !== post.file) continue;
    tasks.push({ file: post.file, raw: post.compiledRaw, route: post.route, title: '' });
    sources.push({ file: post.file, frontMatter: post.frontMatter });
  }
  const sitePlugins = siteMarkdownPlugins(posts && site.config.blog !== false ? site.config.blog : site.config.docs);
  const setup: CompileSetup = {
    docsDir: site.config.paths.docs,
    siteDir: site.config.siteDir,
    baseUrl: site.config.baseUrl,
    trailingSlash: site.config.trailingSlash,
    routeByFile: [...routeByFile],
    mermaid: site.config.markdown.mermaid,
    themeBlocks: overriddenThemeBlocks(site),
    admonitions: admonitionOptionsOf(site.config.docs.admonitions),
    mdxComponentNames: site.themeOverrides?.mdxComponentNames,
    sitePluginsKey: sitePlugins ? `${configCodeFingerprint(site.config)}${posts ? ':blog' : ''}` : undefined,
    contentDir: site.config.untrusted?.contentDir,
  };
  const { routeByFile: _routes, ...context } = setup;
  engine.setInput(`compile-context:${scope}`, [compilerFingerprint(), context]);
  const compiler: DocCompiler = batchedWork(new Set(tasks.map((task) => task.file)).size, async (toCompile, settle) => {
    // Each doc's query goes on as its batch comes back from the workers.
    const indexByRoute = new Map(toCompile.map((task, index) => [task.route, index]));
    const settleBatch = (outcomes: readonly ParseOutcome[]) => {
      for (const outcome of outcomes) settle(indexByRoute.get(outcome.route) ?? -1, outcome);
    };
    // A worker loads the docs' plugins: posts stay on this thread.
    const plan = planBatches(toCompile, !posts && onWorkers(toCompile) ? workerCount() : 0);
    // Diagrams render in the order the docs that show them are compiled.
    figures?.foresee(plan.tasks.flatMap((task) => foreseenDiagrams(task.raw)));
    await compileAll(plan, setup, ctx, settleBatch, figures, sitePlugins, workers);
  });
  // What the compiler compiles is in the other inputs: this one never changes a fingerprint.
  engine.setInput(`doc-compiler:${scope}`, compiler, 'doc-compiler');
  const answers = await Promise.all(
    tasks.map(async (task) => {
      // The markdown hashed as it is, not escaped into JSON with the rest; the file is in the name.
      engine.setInput(`doc:${scope}:${task.file}`, task, () => `${fingerprintOf(task.raw)}${JSON.stringify([task.route, task.title, task.tocLevels ?? null, ...(task.folderIndex ? [true] : [])])}`);
      try {
        return await engine.answer(compiledDocQuery, { scope, file: task.file });
      } finally {
        compiler.answered(task.file);
      }
    }),
  );
  let fromCache = 0;
  for (const [index, { result, reused }] of answers.entries()) {
    const page = pageByRoute.get(tasks[index].route)!;
    const source = sources[index];
    if (reused) {
      fromCache++;
      figures?.countReused(result.compiled?.diagrams.length ?? 0);
    }
    if (!result.compiled) {
      for (const error of [result.error, ...(result.error?.others ?? [])]) {
        site.diagnostics.push({
          severity: 'error',
          code: 'markdown',
          message: `Cannot parse markdown: ${error?.message}`,
          file: source.file,
          line: error?.line,
          column: error?.column,
          hint: error?.hint,
        });
      }
      continue;
    }
    useCompiledDoc(site, page, source, result.compiled);
  }
  // The posts' compile counts with the docs'.
  site.compiled = posts && site.compiled ? { docs: site.compiled.docs + tasks.length, fromCache: site.compiled.fromCache + fromCache } : { docs: tasks.length, fromCache };
  ctx.logger.debug(`parseMarkdown: ${tasks.length} docs compiled, ${fromCache} of them from the cache`);
}

/** What a compiled doc or blog post is reported at and whose front matter sets its table of contents. */
interface CompiledSource {
  file: string;
  frontMatter: FrontMatter;
}

function useCompiledDoc(site: Site, page: Page, doc: CompiledSource, compiled: CompiledDoc): void {
  for (const message of compiled.messages ?? []) site.diagnostics.push({ ...message, file: doc.file });
  const { minHeadingLevel, maxHeadingLevel } = tocLevels(site, doc.frontMatter);
  page.content = compiled;
  page.data.html = compiled.html;
  page.anchors = new Set(compiled.anchors);
  page.links = compiled.links;
  addImageOutputs(site, page, compiled);
  page.data.toc = doc.frontMatter.hide_table_of_contents === true
    ? []
    : compiled.toc.filter((item) => item.depth >= minHeadingLevel && item.depth <= maxHeadingLevel);
}

/** Copies the images a doc shows into the outputs. */
function addImageOutputs(site: Site, page: Page, compiled: CompiledDoc): void {
  for (const image of compiled.images ?? []) {
    if (image.hash && !site.outputs.has(image.output)) site.outputs.set(image.output, { path: image.output, contents: readFileSync(image.file) });
  }
}

/**
 * The heading levels a doc's table of contents lists: its `toc_min_heading_level` /
 * `toc_max_heading_level`, else the site's. One set alone widens the other as far as needed.
 */
function tocLevels(site: Site, frontMatter: FrontMatter): { minHeadingLevel: number; maxHeadingLevel: number } {
  const siteLevels = site.config.tableOfContents;
  const min = frontMatter.toc_min_heading_level;
  const max = frontMatter.toc_max_heading_level;
  return {
    minHeadingLevel: min ?? Math.min(siteLevels.minHeadingLevel, max ?? siteLevels.minHeadingLevel),
    maxHeadingLevel: max ?? Math.max(siteLevels.maxHeadingLevel, min ?? siteLevels.maxHeadingLevel),
  };
}

/** Below this many docs, starting worker threads costs more than compiling on this one. */
const parallelThreshold = 150;
/** Docs a worker compiles per message, at most. */
const maxBatchSize = 25;
/** Batches per worker thread that small sites are cut into, so that the workers finish together. */
const batchesPerThread = 8;

export interface BatchPlan {
  /** The docs in the order they are handed out, `batchSize` at a time. */
  tasks: ParseTask[];
  batchSize: number;
  /** Worker threads they are compiled on; 0: on this thread. */
  threads: number;
}

/**
 * Cuts the docs into batches of neighbouring docs and hands out the longest batches first: a
 * site with a few very long docs would otherwise leave one worker compiling them while the
 * other has nothing left to do. Small sites get smaller batches, for the same reason.
 */
export function planBatches(tasks: ParseTask[], threads: number): BatchPlan {
  // Compiled on this thread, in the docs' order.
  if (threads === 0) return { tasks, batchSize: maxBatchSize, threads };
  const batchSize = Math.min(maxBatchSize, Math.max(1, Math.ceil(tasks.length / (threads * batchesPerThread))));
  const batches: { tasks: ParseTask[]; length: number }[] = [];
  for (let start = 0; start < tasks.length; start += batchSize) {
    const slice = tasks.slice(start, start + batchSize);
    batches.push({ tasks: slice, length: slice.reduce((sum, task) => sum + task.raw.length, 0) });
  }
  // Stable: batches of about the same length (a generated corpus) keep the docs' order.
  batches.sort((a, b) => b.length - a.length);
  return { tasks: batches.flatMap((batch) => batch.tasks), batchSize, threads };
}

/** Whether these docs are compiled on worker threads: enough of them, from compiled JavaScript. */
function onWorkers(tasks: readonly ParseTask[]): boolean {
  return tasks.length >= parallelThreshold && canUseWorkers(import.meta.url);
}

/**
 * Compiles on worker threads sized to the cores for big sites, in-process otherwise, handing each
 * batch of outcomes to `store` as it is done.
 */
async function compileAll(
  { tasks, batchSize, threads }: BatchPlan,
  setup: CompileSetup,
  ctx: BuildContext,
  store: (batch: readonly ParseOutcome[]) => void,
  figures: DiagramFigures | undefined,
  sitePlugins: SiteMarkdownPlugins | undefined,
  workers: () => WorkerPool,
): Promise<ParseOutcome[]> {
  const figureOf = figures && ((request: DiagramRequest) => figures.figure(request));
  if (threads > 0) {
    ctx.logger.debug(`parseMarkdown: ${tasks.length} docs on ${threads} worker threads`);
    return workers().run<ParseTask, ParseOutcome>(new URL('./parse-job.js', import.meta.url), setup, tasks, {
      batchSize,
      size: threads,
      onResults: store,
      // A worker whose docs wait for figures (the browser starting) compiles its next batch meanwhile.
      batchesPerWorker: 2,
      answer: async (request) => {
        if (!figureOf) throw new Error('sdkdocs: a parse worker asked for a diagram, but diagrams are off');
        return figureOf(request as DiagramRequest);
      },
    });
  }
  const compile = compileOnThread(setup, figureOf, sitePlugins);
  const outcomes: ParseOutcome[] = [];
  // As on a worker: a doc waiting for its figures holds up no other.
  for (let start = 0; start < tasks.length; start += batchSize) {
    const batch = await compileBatch(compile, tasks.slice(start, start + batchSize));
    outcomes.push(...batch);
    store(batch);
    if (Math.floor((start + batch.length) / 200) > Math.floor(start / 200)) ctx.logger.progress(`parseMarkdown ${start + batch.length}/${tasks.length}`);
  }
  return outcomes;
}
