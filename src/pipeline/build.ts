/**
 * The orchestrator: the list of stages in build order and `build()`, which runs them over one Site.
 * It sits above every stage (and below cli and serve, which call it), so the stages and core stay
 * free of each other: core holds the model, each stage one step, this file their order.
 */
import { startMemoryWatchdog } from '../core/site-code.js';
import { closeBuildWorkerPool } from '../core/worker-pool.js';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { collectContent } from '../content/collect-content.js';
import { parseMarkdown } from '../content/parse-markdown.js';
import { generateApi } from '../api/generate-api.js';
import { generateVersionedApi } from '../api/versioned-api.js';
import { linkCodeSamples } from '../api/link-sample-names.js';
import type { DiagramRenderer } from '../core/diagram-renderer.js';
import { renderDiagrams } from '../mermaid/render-diagrams.js';
import { checkLinks } from '../links/check-links.js';
import { buildSearchIndex } from '../search/build-search-index.js';
import { renderPages } from '../render/render-pages.js';
import { renderApiPages } from '../render/api-page-html.js';
import { bundleClient } from '../bundle/bundle-client.js';
import { writeSite } from '../write/write-site.js';
import { createOutputSink, type OutputMode } from '../write/output-sink.js';
import { createConsoleLogger, type Logger } from '../core/logger.js';
import { createSite, type BuildContext, type OutputFolderRecord, type Site } from '../core/site.js';
import { runStages, type Stage, type StageTiming } from '../core/stage.js';
import { heldByMemory } from '../core/item-store.js';
import { createQueryEngine, type QueryEngine } from '../engine/query-engine.js';
import { setSitePostcssPlugins } from '../core/site-postcss.js';
import { configSliceFingerprint } from '../config/config-fingerprint.js';

/** The build, in order. `check-links` and tests run a prefix of it. */
export const buildStages: readonly Stage[] = [
  // Starts the diagram service the doc compilers ask for figures, and a first look at the docs for
  // diagrams: the browser starts and renders while the content is collected and the docs parse.
  { name: 'renderDiagrams', run: renderDiagrams },
  { name: 'collectContent', run: collectContent },
  { name: 'parseMarkdown', run: parseMarkdown },
  // Before renderPages: every page links the content-hashed asset names. Before generateApi,
  // which waits for the TypeDoc worker that `sdkdocs build` starts early: neither needs the other.
  { name: 'bundleClient', run: bundleClient },
  { name: 'generateApi', run: generateApi },
  { name: 'generateVersionedApi', run: generateVersionedApi },
  // The API stages leave views; the link check and search read the HTML and sections made of them.
  { name: 'renderApiPages', run: renderApiPages },
  { name: 'checkLinks', run: checkLinks },
  { name: 'buildSearchIndex', run: buildSearchIndex },
  // After the link and search stages, which need no links in code, so the sample check runs meanwhile.
  { name: 'linkCodeSamples', run: linkCodeSamples },
  { name: 'renderPages', run: renderPages },
  { name: 'writeSite', run: writeSite, afterDeferredChecks: true },
];

export type StageName = (typeof buildStages)[number]['name'];

export interface BuildOptions {
  /** The site folder. @defaultValue the current directory */
  siteDir?: string;
  /** Output folder instead of the config's `outDir`. */
  outDir?: string;
  logger?: Logger;
  /** Stop after this stage (inclusive); tests stop before `writeSite` to inspect the model. */
  until?: StageName;
  /** Use an already loaded config instead of reading the site's. */
  config?: ResolvedConfig;
  /**
   * Goes on with the session of the build that made this site: its engine (unless `memory` holds
   * one) and what it left in the output folder (unless `outputFolder` is given), so that the build
   * finds that build's answers and writes only what differs from its output.
   */
  previous?: Site;
  /**
   * The files created, changed or deleted since the session's last build, which its engine is
   * told; without them, the engine checks every file a query read.
   */
  changedFiles?: ReadonlySet<string>;
  /**
   * serve --watch: what the output folder holds, which the session keeps between its builds: the
   * build updates the folder in place from it (writes it whole when it is empty) and then records
   * its own output there.
   */
  outputFolder?: OutputFolderRecord;
  /** Told which output files an in-place update of the output folder changed or deleted. */
  onOutputsWritten?: BuildContext['onOutputsWritten'];
  /** A build of serve --watch (see {@link BuildContext.watch}). */
  watch?: boolean;
  /** The cache entries kept in memory between builds (see {@link BuildContext.memory}). */
  memory?: BuildContext['memory'];
  /** Renders mermaid diagrams instead of mermaid-cli in Chromium (tests pass a fake). */
  diagramRenderer?: DiagramRenderer;
  /**
   * Gives the build a published moment (serve --watch): called once every stage has run and the
   * site's pages are in `site.outputs`, before the work no served page needs (writing the output
   * folder and cache files, see `afterPublished` in src/core/site.ts); the build resolves once that is done too.
   */
  onPublished?: (site: Site) => void | Promise<void>;
  /** The TypeDoc run `sdkdocs build` started before the build (see {@link BuildContext.apiPrefetch}). */
  apiPrefetch?: BuildContext['apiPrefetch'];
  /**
   * Keep every output file in `site.outputs` (static files included) and leave the output folder
   * alone, instead of writing it.
   */
  inMemory?: boolean;
  /** Name in the result the stage that made each output file (with `inMemory`, every file; see `build --explain`). */
  traceOutputs?: boolean;
}

export interface BuildResult {
  site: Site;
  timings: StageTiming[];
  ms: number;
  /** The engine the build's queries ran on, which can explain their results. */
  engine: QueryEngine;
  /** With `traceOutputs`: the stage that made each output file, by its path in `site.outputs`. */
  outputStages?: ReadonlyMap<string, string>;
}

/** Builds a site: every stage from loading the config to writing the output folder. */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const logger = options.logger ?? createConsoleLogger();
  await startMemoryWatchdog();
  const siteDir = path.resolve(options.siteDir ?? '.');
  const config = options.config ?? (await loadConfig(siteDir, { outDir: options.outDir }));
  const site = createSite(config);
  const stopAt = options.until ? buildStages.findIndex((stage) => stage.name === options.until) : buildStages.length - 1;
  const stages = buildStages.slice(0, stopAt + 1);
  const engine = engineForBuild(options);
  // Every bundle of the site's code, from collectContent's on, runs its stylesheets through them.
  setSitePostcssPlugins(engine, config.postcssPlugins, configSliceFingerprint(config, config.postcssPlugins));
  const outputFolder = options.outputFolder ?? (options.previous && sessionsOfBuilds.get(options.previous)?.outputFolder) ?? {};
  sessionsOfBuilds.set(site, { engine, outputFolder });
  const sinkContext = {
    logger,
    cacheDir: config.paths.cache,
    memory: options.memory,
    engine,
    outputStages: options.traceOutputs ? new Map<string, string>() : undefined,
    onOutputsWritten: options.onOutputsWritten,
    watch: options.watch,
    diagramRenderer: options.diagramRenderer,
    apiPrefetch: options.apiPrefetch,
    afterPublished: options.onPublished ? [] : undefined,
  };
  // serve --watch compares each build's outputs with the last one's, so it keeps them in memory;
  // so does a build that stops before writing.
  const writes = stages.some((stage) => stage.run === writeSite);
  const mode: OutputMode = options.previous || options.watch || options.outputFolder ? 'mirror' : options.inMemory || !writes ? 'memory' : 'stream';
  const ctx: BuildContext = { ...sinkContext, sink: createOutputSink(site, sinkContext, mode, outputFolder) };
  try {
    const timings = await runStages(site, ctx, stages);
    if (options.onPublished) {
      await options.onPublished(site);
      const laterWorkStarted = performance.now();
      await runAfterPublished(ctx);
      saveEngineStore(engine, logger);
      timings.push({ name: 'afterPublished', ms: performance.now() - laterWorkStarted });
    } else {
      saveEngineStore(engine, logger);
    }
    return { site, timings, ms: performance.now() - started, engine, outputStages: ctx.outputStages };
  } catch (error) {
    // What the stages that did run left for later is done as a build without a published moment
    // would have done it (their cache files); the build's own error is the one reported.
    await runAfterPublished(ctx).catch(() => undefined);
    // Once the docs compiled, their results are worth keeping; a store written before would hold
    // only the few queries asked so far, in place of the last good build's.
    if (site.compiled) {
      try {
        saveEngineStore(engine, logger);
      } catch {
        // The next run makes again what the store would have given it.
      }
    }
    await ctx.sink.discard();
    throw error;
  } finally {
    // parseMarkdown closes the diagram browser; a build that failed or stopped before it must too.
    await site.diagramFigures?.finish().catch(() => undefined);
    // renderPages ends the worker pool; a build that failed or stopped before it must too.
    await closeBuildWorkerPool(site);
  }
}

/**
 * The engine this build's queries run on. A serve --watch session keeps its engine in its memory
 * and tells it which paths changed since the last build: watch is invalidate + build(), a config
 * edit included, since every input a query reads of the config has the fingerprint of what it
 * stands for. A build handed a previous build without a session's memory goes on with that
 * build's engine. Either, when not told what changed, checks every file its queries read against
 * the files as they are now. Any other build starts with a new engine.
 */
function engineForBuild(options: BuildOptions): QueryEngine {
  const continued = options.memory
    ? heldByMemory(options.memory, 'query-engine', () => ({ engine: createQueryEngine() })).engine
    : options.previous && sessionsOfBuilds.get(options.previous)?.engine;
  if (!continued) return createQueryEngine();
  if (options.changedFiles) continued.invalidate(options.changedFiles);
  else continued.invalidateAll();
  return continued;
}

/** The engine each build's site was made on and its output folder, for a later build given that site as its previous one. */
const sessionsOfBuilds = new WeakMap<Site, { engine: QueryEngine; outputFolder: OutputFolderRecord }>();

/**
 * Writes the results of the persisted queries this build asked (its docs' compiles, its samples'
 * checks) to the engine's store, for the next run. Once every stage and the checks they left
 * running are done, so that the store holds all that the build used; serve --watch writes it
 * after the build's pages are served.
 */
function saveEngineStore(engine: QueryEngine, logger: Logger): void {
  const { written, packs } = engine.save();
  // Worded as when parseMarkdown wrote it, whose compiled docs are most of it: tests and logs read it so.
  logger.debug(`parseMarkdown: ${packs} packs written, engine store ${written ? 'written' : 'kept'}`);
}

/** Runs the queued work in the order the stages queued it: a stage may queue what needs an earlier stage's. */
async function runAfterPublished(ctx: BuildContext): Promise<void> {
  const queue = ctx.afterPublished ?? [];
  while (queue.length > 0) await queue.shift()!();
}
