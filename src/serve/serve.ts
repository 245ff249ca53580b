import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { UserError } from '../core/diagnostic.js';
import { createConsoleLogger, type Logger } from '../core/logger.js';
import { createLiveReload, overlayDiagnostics } from './live-reload.js';
import { startStaticServer, type StaticServer } from './static-server.js';
import { createDiskSiteFiles, type SiteFiles } from './site-files.js';
import { createDiskGenerations } from './disk-generations.js';
import { createSiteGenerations } from './site-generations.js';
import { isLateOutput } from '../core/planned-outputs.js';
import { watchSite, type BuildOutcome, type PublishedBuild, type SiteWatcher, type WatchSiteOptions } from './watch-site.js';

export interface ServeOptions {
  /** The site folder. @defaultValue the current directory */
  siteDir?: string;
  /** Output folder instead of the config's `outDir`. */
  outDir?: string;
  /** 0 picks a free port. @defaultValue 3000 */
  port?: number;
  /** @defaultValue '127.0.0.1' */
  host?: string;
  /** How many following ports to try when `port` is taken. @defaultValue 0 */
  portAttempts?: number;
  /** Build first, rebuild on every change and reload open pages. */
  watch?: boolean;
  logger?: Logger;
  /**
   * With `watch`: told about every build, a good one as soon as its pages are served (see
   * {@link WatchSiteOptions.onPublish}); a good build whose remaining work then fails is told about again, as failed.
   */
  onBuild?: (outcome: BuildOutcome) => void;
  /** With `watch`: passed on to each build. */
  buildOptions?: WatchSiteOptions['buildOptions'];
  /** With `watch`: told as the watch session changes state (see {@link WatchSiteOptions.onWatchEvent}). */
  onWatchEvent?: WatchSiteOptions['onWatchEvent'];
  /** Without `watch`: the config that names the output folder, instead of the site's (safe mode's, see config/untrusted-site.ts). */
  config?: ResolvedConfig;
}

export interface SiteServer {
  /** The site's address, with the base URL. */
  readonly url: string;
  readonly port: number;
  /** The folder served: the site's files under `{outRoot}{baseUrl}`. */
  readonly outRoot: string;
  /** With `watch`. */
  watcher?: SiteWatcher;
  /** Stops watching and serving; open connections are closed. */
  close(): Promise<void>;
}

/**
 * Serves the built site (the config's output folder) at its base URL as a static host would.
 * With `watch`, builds it first and keeps it up to date: every change rebuilds what it affects,
 * open pages reload themselves, and a build error shows in them until it is fixed.
 */
export async function serve(options: ServeOptions = {}): Promise<SiteServer> {
  const logger = options.logger ?? createConsoleLogger();
  const siteDir = path.resolve(options.siteDir ?? '.');
  const listen = { port: options.port, host: options.host, portAttempts: options.portAttempts };
  if (!options.watch) {
    const config = options.config ?? (await loadConfig(siteDir, { outDir: options.outDir }));
    if (!existsSync(path.join(config.paths.siteOut, 'index.html'))) {
      const site = path.relative(process.cwd(), siteDir) || '.';
      throw new UserError({
        severity: 'error',
        code: 'serve',
        message: `There is no build to serve in ${path.relative(process.cwd(), config.paths.siteOut) || config.paths.siteOut}.`,
        hint: `Build it first with \`sdkdocs build ${site}\`, or run \`sdkdocs serve ${site} --watch\` to build, serve and rebuild on every change.`,
      });
    }
    const files = createDiskGenerations(config.paths.outRoot, config.baseUrl);
    const server = await startStaticServer({ ...listen, files: () => files, onError: reportError(logger) });
    return { url: server.url, port: server.port, outRoot: config.paths.outRoot, close: () => server.close() };
  }

  let server: StaticServer | undefined;
  let watcher: SiteWatcher | undefined;
  const liveReload = await createLiveReload(() => watcher?.config.baseUrl ?? '/');
  const generations = createSiteGenerations();
  const answers = createAnswerSignal();
  // Until a build has succeeded, whatever an earlier build left in the output folder is served.
  let disk: { root: string; files: SiteFiles } | undefined;
  /** Settles once the published build's later work has put the files no page loads in the current generation. */
  let lateOutputs: { done: Promise<void>; settle: () => void } | undefined;
  const currentFiles = (): SiteFiles => {
    const published = generations.current();
    if (published && lateOutputs) return waitingForLateOutputs(published, lateOutputs.done, () => generations.current() ?? published);
    if (published) return published;
    const { outRoot } = watcher!.config.paths;
    if (disk?.root !== outRoot || disk.files.baseUrl !== watcher!.config.baseUrl) {
      disk = { root: outRoot, files: createDiskSiteFiles(outRoot, watcher!.config.baseUrl) };
    }
    return disk.files;
  };
  // Pages reload as soon as the build is published, while it still writes the files no page loads
  // and its cache files: what they ask for is served from the build's outputs in memory.
  const onPublish = async (published: PublishedBuild) => {
    // Pages are told to reload only once the output they will ask for is the one served.
    await generations.publish(published.site, published.staticFiles);
    let settle!: () => void;
    lateOutputs = { done: new Promise<void>((resolve) => (settle = resolve)), settle };
    const warnings = overlayDiagnostics(published.site.diagnostics, 'warning', siteDir);
    if (published.full) liveReload.filesChanged([], { all: true, warnings });
    else liveReload.filesChanged([...(published.written?.changed ?? []), ...(published.written?.removed ?? [])], { warnings });
    const { started, ...build } = published;
    options.onBuild?.({ ok: true, ...build, ms: performance.now() - started });
    // The open pages fetch the changed page right after the message; the build's remaining work
    // would compete with that request on this thread, so it waits for one answer (or a moment).
    if (liveReload.clients > 0) await answers.next(pageFetchWaitMs);
  };
  const onBuild = async (outcome: BuildOutcome) => {
    const late = lateOutputs;
    try {
      // What the build made after its pages were served (the sitemap, llms files, markdown copies)
      // joins the generation it published; nothing else of it changed since. Requests for those
      // files keep waiting until that generation is the current one.
      if (outcome.ok && late) await generations.publish(outcome.site, outcome.staticFiles);
    } finally {
      if (lateOutputs === late) lateOutputs = undefined;
      late?.settle();
    }
    // A good build was told about when it was published; one whose later work failed is told about again.
    if (outcome.ok) return;
    liveReload.buildFailed(outcome.diagnostics, siteDir);
    options.onBuild?.(outcome);
  };
  watcher = await watchSite({ siteDir, outDir: options.outDir, logger, onPublish, onBuild, buildOptions: options.buildOptions, onWatchEvent: options.onWatchEvent });
  const startedWatcher = watcher;
  try {
    server = await startStaticServer({
      ...listen,
      files: currentFiles,
      onError: reportError(logger),
      before: (req, res) => {
        // The live-reload stream is not a page's fetch; a reload closes it before fetching.
        if (liveReload.handle(req, res)) return true;
        // A file no page loads waits for the build's later work, which waits for a page's request.
        if (isLateOutput((req.url ?? '').replace(/[?#].*$/, ''))) return false;
        const answered = answers.requestStarted();
        if (answered) res.once('close', answered);
        return false;
      },
      htmlTransform: liveReload.htmlTransform,
    });
  } catch (error) {
    await startedWatcher.close();
    liveReload.close();
    throw error;
  }
  const started = server;
  return {
    get url() {
      return started.url;
    },
    port: started.port,
    get outRoot() {
      return startedWatcher.config.paths.outRoot;
    },
    watcher: startedWatcher,
    async close() {
      await startedWatcher.close();
      liveReload.close();
      await started.close();
    },
  };
}

/**
 * The published generation, except that a file made after the pages were served (see
 * `isLateOutput`) is answered once the build's later work is done, from the generation that holds it.
 */
function waitingForLateOutputs(published: SiteFiles, done: Promise<void>, current: () => SiteFiles): SiteFiles {
  return {
    baseUrl: published.baseUrl,
    get: (relativePath) => (isLateOutput(relativePath) ? done.then(() => current().get(relativePath)) : published.get(relativePath)),
  };
}

/** How long a published build's remaining work waits for the open pages to fetch what changed. */
const pageFetchWaitMs = 100;

/** Tells who waits that the server has answered a request made after they started waiting. */
function createAnswerSignal() {
  const waiting = new Set<() => void>();
  return {
    /** Called as a request comes in: what to call once it is answered, when anyone waits for it. */
    requestStarted(): (() => void) | undefined {
      if (waiting.size === 0) return undefined;
      // A request already under way when the build was published does not fetch what it changed.
      const waitingBefore = [...waiting];
      return () => {
        for (const done of waitingBefore) done();
      };
    },
    /** Resolves once the server answers a request, or after `withinMs`. */
    next(withinMs: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, withinMs);
        waiting.add(done);
      });
    },
  };
}

/** Logs a request the server failed to answer: its response says only that it failed. */
function reportError(logger: Logger) {
  return (error: Error, url: string) => logger.warn(`Could not answer ${url}: ${error.message}`);
}
