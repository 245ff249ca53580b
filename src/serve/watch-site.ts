import { stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { watch, type FSWatcher } from 'chokidar';
import pc from 'picocolors';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { formatMs } from '../core/logger.js';
import { build, type BuildOptions } from '../pipeline/build.js';
import { UserError, type Diagnostic } from '../core/diagnostic.js';
import type { Logger } from '../core/logger.js';
import type { OutputFolderRecord, Site, StaticFolderFile, WrittenOutputs } from '../core/site.js';
import { packageRoot } from '../core/package-root.js';
import { createItemMemory, releaseItemMemory } from '../core/item-store.js';

export interface WatchSiteOptions {
  siteDir: string;
  /** Output folder instead of the config's `outDir`. */
  outDir?: string;
  logger: Logger;
  /**
   * Told about a good build as soon as its pages can be served: every stage has run, but the work
   * no served page needs (writing the output folder and cache files) may still be going on. The
   * build's {@link onBuild} follows once that is done, or reports its failure.
   */
  onPublish?: (published: PublishedBuild) => void | Promise<void>;
  /** Told about every build, good or failed, the first one included; the next build waits for it. */
  onBuild?: (outcome: BuildOutcome) => void | Promise<void>;
  /** Passed on to each build (tests use a fake diagram renderer). */
  buildOptions?: Pick<BuildOptions, 'diagramRenderer'>;
  /**
   * Told as the session moves from one state to the next, so that a caller (a test, an editor
   * integration) can wait for "the watcher has seen my save" instead of for a guessed duration.
   */
  onWatchEvent?: (event: WatchEvent) => void;
}

/** The states a watch session announces through {@link WatchSiteOptions.onWatchEvent}, in the order they happen. */
export type WatchEvent =
  /** The watcher has subscribed to the site: a change made from now on is seen. */
  | { type: 'ready' }
  /** A change to `file` (absolute) was seen; it waits for the next build. */
  | { type: 'change'; file: string }
  /** A build started with these changed files (absolute; none for the first build). */
  | { type: 'build-start'; files: string[] }
  /** That build ended, good or failed, after its {@link WatchSiteOptions.onBuild}. */
  | { type: 'build-end'; ok: boolean };

/** A good build at its published moment: what {@link WatchSiteOptions.onPublish} is told. */
export type PublishedBuild = Omit<Extract<BuildOutcome, { ok: true }>, 'ok' | 'ms'> & {
  /** When the build started, on the `performance.now()` clock. */
  started: number;
};

/** What one build of the watch loop did. */
export type BuildOutcome =
  | {
      ok: true;
      /** A fresh build (the first one, or after a config change): every page may have changed. */
      full: boolean;
      site: Site;
      /** The output files written in place; undefined after a full build. */
      written?: WrittenOutputs;
      /** The source files that changed, relative to the site folder. */
      sources: string[];
      /** The static folder's files as the build found them, by output path, with their fingerprints. */
      staticFiles: ReadonlyMap<string, StaticFolderFile> | undefined;
      ms: number;
    }
  | { ok: false; diagnostics: Diagnostic[]; sources: string[]; ms: number };

export interface SiteWatcher {
  /** The config of the last good load. */
  readonly config: ResolvedConfig;
  /** The last good build, undefined while none has succeeded. */
  readonly site: Site | undefined;
  /** Resolves once no build is running or waiting for its batch. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The session's logger, printing each warning once: every build reports every warning it found,
 * as a cold build of the same files would (the stages no longer skip theirs on a rebuild), and a
 * warning the session already printed is not printed again until {@link forget} (a full build).
 */
function createWarningPrinter(logger: Logger): { logger: Logger; forget(): void } {
  const printed = new Set<string>();
  return {
    logger: {
      info: (message) => logger.info(message),
      warn: (message) => logger.warn(message),
      error: (message) => logger.error(message),
      debug: (message) => logger.debug(message),
      progress: (message) => logger.progress(message),
      diagnostic(d) {
        if (d.severity === 'warning') {
          const identity = JSON.stringify([d.code, d.file, d.line, d.column, d.message, d.hint]);
          if (printed.has(identity)) return;
          printed.add(identity);
        }
        logger.diagnostic(d);
      },
    },
    forget: () => printed.clear(),
  };
}

/** Changes this close together are one batch: a checkout or a save-all writes many files at once. */
const batchDelayMs = 5;
/**
 * A batch that adds or removes a file waits this long for more: a rename or move is a removal and
 * an addition, which chokidar reports one after the other, and they must make one build.
 */
const structuralBatchDelayMs = 40;
/**
 * A batch whose last structural change removed a file waits this long for the addition that would
 * make it a move: chokidar reports the new name only after it has looked at the file, which on a
 * loaded machine can come well after the removal. A deletion alone waits this long too.
 */
const removalBatchDelayMs = 200;
/** A batch is built at the latest this long after its first change. */
const maxBatchDelayMs = 400;
/** chokidar emits one change per file in this window and drops the rest. */
const chokidarChangeThrottleMs = 50;

/**
 * Builds the site, then watches its docs, pages, static files, config and SDK source and
 * rebuilds on every change: the same build, on the session's query engine told which files
 * changed, so that only the queries that read them run again, and the output folder is updated
 * in place from what the last build left there. One build runs at a time; changes that arrive
 * meanwhile go into the next one. A config change writes the output folder whole. A failed build
 * leaves the last good output in place, and its changes are retried with the next one.
 */
export async function watchSite(options: WatchSiteOptions): Promise<SiteWatcher> {
  const { siteDir, logger } = options;
  let config = await loadConfig(siteDir, { outDir: options.outDir });
  /** The last good build's site, undefined until one succeeded or after a failure the output folder shows. */
  let lastGoodSite: Site | undefined;
  /** What the output folder holds, which each build updates in place (see BuildOptions.outputFolder). */
  const outputFolder: OutputFolderRecord = {};
  const memory = createItemMemory();
  /** Changes not yet picked up by a build. */
  const pending = new Set<string>();
  /** Changes not yet in a good build: a failed build's changes are still to do. */
  let unbuilt = new Set<string>();
  /** Each changed file as it was when the last build that took it started. */
  const builtStates = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let building: Promise<void> | undefined;
  let closed = false;
  /** What the watcher subscribes to: the site folder, and what the last good build read outside it. */
  let watched = watchedPaths(config);
  const warnings = createWarningPrinter(logger);

  const announce = (event: WatchEvent) => {
    try {
      options.onWatchEvent?.(event);
    } catch (error) {
      logger.error(`A watch event listener failed: ${(error as Error).stack ?? String(error)}`);
    }
  };

  const runBuild = async (batch: Set<string>) => {
    const started = performance.now();
    announce({ type: 'build-start', files: [...batch].sort() });
    for (const file of batch) unbuilt.add(file);
    const sources = [...unbuilt].map((file) => path.relative(siteDir, file)).sort();
    for (const [file, state] of await fileStates(batch)) builtStates.set(file, state);
    // The config's value is made of every file it loaded (its imports, a Docusaurus config's plugin files), not only its own.
    const full = !lastGoodSite || [config.configFile, ...(config.configInputs ?? [])].some((file) => unbuilt.has(file));
    let written: WrittenOutputs | undefined;
    let outcome: BuildOutcome;
    let published = false;
    // A fresh build says everything it found; a rebuild, only what the builds before it did not say.
    if (full) warnings.forget();
    try {
      if (full && lastGoodSite) {
        config = await loadConfig(siteDir, { outDir: options.outDir });
        rewatch(watchedPaths(config));
      }
      // A fresh build writes the output folder whole, as `sdkdocs build` would.
      if (full) outputFolder.contents = undefined;
      const result = await build({
        ...options.buildOptions,
        config,
        logger: warnings.logger,
        watch: true,
        memory,
        outputFolder,
        changedFiles: unbuilt,
        onOutputsWritten: (outputs) => {
          written = outputs;
        },
        onPublished: async (site) => {
          published = true;
          // Logged when the pages are served, which is what the one who saved waits for.
          const what = full ? `${site.pages.length} pages, full build` : describeWrites(written, config);
          logger.info(`${pc.green('↻')} ${describeSources(sources)} → ${what} ${pc.dim(`· ${formatMs(performance.now() - started)}`)}`);
          try {
            await options.onPublish?.({ full, site, written, sources, staticFiles: outputFolder.contents?.staticFiles, started });
          } catch (error) {
            logger.error(`Could not publish the build: ${(error as Error).stack ?? String(error)}`);
          }
        },
      });
      lastGoodSite = result.site;
      unbuilt = new Set();
      rewatch(watchedPaths(config, result.site));
      outcome = { ok: true, full, site: result.site, written, sources, staticFiles: outputFolder.contents?.staticFiles, ms: performance.now() - started };
    } catch (error) {
      const diagnostics =
        error instanceof UserError
          ? error.diagnostics
          : [{ severity: 'error' as const, code: 'internal', message: `Internal error: ${(error as Error).stack ?? String(error)}` }];
      const ms = performance.now() - started;
      for (const diagnostic of diagnostics) logger.diagnostic(diagnostic);
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      // Failed after its pages were served: the output folder is neither this build nor the last,
      // so no later build may update it in place against either; the next one is full.
      if (published) {
        lastGoodSite = undefined;
        outputFolder.contents = undefined;
      }
      const serving = published ? 'serving its pages, the output folder is rewritten by the next build' : 'still serving the last good build';
      logger.error(
        `${pc.red('✖')} ${describeSources(sources)} → build failed with ${errors} error${errors === 1 ? '' : 's'} ${pc.dim(`· ${formatMs(ms)}`)}; ${serving}`,
      );
      outcome = { ok: false, diagnostics, sources, ms };
    }
    try {
      await options.onBuild?.(outcome);
    } catch (error) {
      logger.error(`Could not publish the build: ${(error as Error).stack ?? String(error)}`);
    }
    announce({ type: 'build-end', ok: outcome.ok });
  };

  const drain = async () => {
    while (pending.size > 0 && !closed) {
      const batch = new Set(pending);
      pending.clear();
      await runBuild(batch);
    }
  };
  /** Whether the batch being gathered adds or removes a file. */
  let structural = false;
  /** Whether the batch's last structural change was a removal, which may be half of a move. */
  let awaitingAddition = false;
  /** When the batch being gathered began, on the `performance.now()` clock. */
  let batchStarted = 0;
  const schedule = () => {
    if (building || closed) return;
    if (!timer) batchStarted = performance.now();
    // Each change waits for the batch's quiet moment again (the other half of a move may follow),
    // but a file written without pause does not hold the build back for long.
    else if (performance.now() - batchStarted > maxBatchDelayMs) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      structural = false;
      awaitingAddition = false;
      building = drain().finally(() => {
        building = undefined;
        if (pending.size > 0) schedule();
      });
    }, awaitingAddition ? removalBatchDelayMs : structural ? structuralBatchDelayMs : batchDelayMs);
  };

  // Watching starts with the first build, so that a save made while it runs is not lost.
  // Not `atomic`: it holds a removal back for 100 ms to see whether the file comes back, which
  // splits a move into two builds; a file that does come back is read as it is by the one build.
  const watcher: FSWatcher = watch(watched, {
    ignoreInitial: true,
    atomic: false,
    ignored: (file) => isIgnored(file, config),
  });
  const rewatch = (after: string[]) => {
    const removed = watched.filter((root) => !after.includes(root));
    const added = after.filter((root) => !watched.includes(root));
    watched = after;
    if (removed.length > 0) watcher.unwatch(removed);
    if (added.length > 0) watcher.add(added);
  };
  const changed = (file: string) => {
    pending.add(file);
    announce({ type: 'change', file });
    schedule();
  };
  watcher.on('all', (event, file) => {
    const absolute = path.resolve(file);
    if (event !== 'change') {
      structural = true;
      awaitingAddition = event === 'unlink' || event === 'unlinkDir';
    }
    changed(absolute);
    // chokidar drops further changes to a file for 50 ms after one (a save right after a save,
    // a file written in two steps): look at it again once that window has passed.
    setTimeout(() => {
      if (pending.has(absolute) || closed) return;
      void fileStates([absolute]).then((states) => {
        if (states.get(absolute) !== builtStates.get(absolute)) changed(absolute);
      });
    }, chokidarChangeThrottleMs + 10).unref();
  });
  watcher.on('error', (error) => logger.warn(`File watching failed: ${(error as Error).message}`));
  const ready = new Promise<void>((resolve) =>
    watcher.once('ready', () => {
      announce({ type: 'ready' });
      resolve();
    }),
  );
  const firstBuild = runBuild(new Set());
  building = firstBuild.finally(() => {
    building = undefined;
    // Saves made during a build wait for it to end, then go into one build together.
    if (pending.size > 0) schedule();
  });
  await Promise.all([building, ready]);

  const idle = async () => {
    while (timer || building) await (building ?? new Promise((resolve) => setTimeout(resolve, batchDelayMs)));
  };
  return {
    get config() {
      return config;
    },
    get site() {
      return lastGoodSite;
    },
    idle,
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await watcher.close();
      await building;
      // The session's esbuild contexts and whatever else its builds held.
      await releaseItemMemory(memory);
    },
  };
}

/**
 * What serve --watch subscribes to: the site folder (less its output, dependencies and dot
 * folders, see {@link isIgnored}), the content folders the config names outside it, and the
 * files a build read outside it (the config's imports, the bundles' and TypeDoc's inputs), except
 * installed packages and sdkdocs' own files, which do not change while a site is watched.
 */
export function watchedPaths(config: ResolvedConfig, site?: Site): string[] {
  const { siteDir } = config;
  const inside = (file: string) => file === siteDir || file.startsWith(siteDir + path.sep);
  const ownFiles = packageRoot() + path.sep;
  const named = [config.paths.docs, config.paths.pages, config.paths.static, ...config.paths.customCss, ...(config.paths.blog ? [config.paths.blog] : [])];
  if (config.docs.sidebarPath !== undefined) named.push(path.resolve(siteDir, config.docs.sidebarPath));
  // The SDK before a build has read it (a first build that failed), TypeDoc's inputs after.
  if (config.api) named.push(path.resolve(siteDir, config.api.tsconfig), ...config.api.entryPoints.map((entry) => path.dirname(path.resolve(siteDir, entry))));
  const read = [...(config.configInputs ?? []), ...(site?.readFiles ?? [])].filter(
    (file) => !file.startsWith(ownFiles) && !file.split(path.sep).includes('node_modules'),
  );
  return [...new Set([siteDir, ...[...named, ...read].filter((file) => !inside(file))])];
}

/** Whether serve --watch sees changes to a file of the site (or one the build read). */
export function isWatched(file: string, config: ResolvedConfig, site?: Site): boolean {
  const absolute = path.resolve(file);
  return !isIgnored(absolute, config) && watchedPaths(config, site).some((root) => absolute === root || absolute.startsWith(root + path.sep));
}

/** Output and cache folders, dependencies, dot files (`.git`, editor swap files) and backups (`file~`). */
function isIgnored(file: string, config: ResolvedConfig): boolean {
  const absolute = path.resolve(file);
  if (absolute === config.paths.outRoot || absolute.startsWith(config.paths.outRoot + path.sep)) return true;
  const relative = path.relative(config.siteDir, absolute);
  return relative.split(path.sep).some((part) => part === 'node_modules' || (part.startsWith('.') && part !== '..') || part.endsWith('~'));
}

/** Modification time and size of each file ('' when missing), to notice a write that was still going on. */
async function fileStates(files: Iterable<string>): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  await Promise.all(
    [...files].map(async (file) => {
      const stats = await stat(file).catch(() => undefined);
      states.set(file, stats ? `${stats.mtimeMs}:${stats.size}` : '');
    }),
  );
  return states;
}

function describeSources(sources: string[]): string {
  if (sources.length === 0) return 'first build';
  const shown = sources.slice(0, 3).join(', ');
  return sources.length > 3 ? `${shown} and ${sources.length - 3} more` : shown;
}

/** "1 page, search", "2 pages, 1 page removed, sitemap", "no output changed". */
export function describeWrites(written: WrittenOutputs | undefined, config: ResolvedConfig): string {
  if (!written || (written.changed.length === 0 && written.removed.length === 0)) return 'no output changed';
  const apiFolder = `${config.routes.api.slice(config.baseUrl.length)}/`;
  const count = (n: number, one: string, many: string) => (n === 0 ? [] : [`${n} ${n === 1 ? one : many}`]);
  const isPage = (file: string) => file.endsWith('.html');
  const isApiPage = (file: string) => isPage(file) && file.startsWith(apiFolder);
  const others = new Set(
    [...written.changed, ...written.removed].filter((file) => !isPage(file)).map((file) => {
      if (/search/i.test(file)) return 'search';
      if (file === 'sitemap.xml') return 'sitemap';
      if (file.startsWith('assets/') && /\.(css|js)$/.test(file)) return 'client bundle';
      if (file.startsWith('assets/')) return 'route data';
      return 'static files';
    }),
  );
  return [
    ...count(written.changed.filter((file) => isPage(file) && !isApiPage(file)).length, 'page', 'pages'),
    ...count(written.changed.filter(isApiPage).length, 'API page', 'API pages'),
    ...count(written.removed.filter(isPage).length, 'page removed', 'pages removed'),
    ...[...others].sort(),
  ].join(', ');
}
