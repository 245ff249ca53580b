import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { ApiPrefetch, PrefetchedTypeDoc } from '../model/api-prefetch.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { configFileNames } from '../config/load.js';
import { docusaurusConfigFileNames } from '../config/docusaurus-config.js';
import { canUseWorkers, startWorker } from '../core/worker-pool.js';
import { apiModelOptions, resolveApiPaths } from './api-options.js';
import type { ApiWorkerReply, ApiWorkerRunRequest, ApiWorkerSamplesRequest } from './api-worker.js';
import { readCurrentCachedModel, settingsHash } from './load-api-model.js';
import { addPrefetchedTypeDoc } from './prefetched-typedoc.js';

/**
 * Starts the TypeDoc worker before the config is loaded: it loads TypeScript and TypeDoc (~0.5 s)
 * on the other core while the config compiles, then waits for `prefetchApi` to say what to run.
 * A build that needs no TypeDoc run stops it then, having spent that core for a moment. The
 * caller owns what it returns: it hands it to `prefetchApi` and the build, and discards it
 * (`discardApiPrefetch`) when the build ends. Given the folder of the site's config, it starts
 * nothing when the config's text shows that the site has no API reference.
 */
export function warmUpApiWorker(configDir?: string): ApiPrefetch {
  const prefetch: ApiPrefetch = { runs: new Map() };
  if (!canUseWorkers(import.meta.url)) return prefetch;
  if (configDir !== undefined && !configMayAskForApi(configDir)) return prefetch;
  const warm = { worker: newApiWorker(), failed: false };
  // A worker that fails before it has a run is replaced by a fresh one if TypeDoc is needed, which
  // then reports the failure where the build expects it; a site without an API never hears of it.
  warm.worker.on('error', () => (warm.failed = true));
  // A build that fails before prefetchApi must not wait for the worker to finish loading.
  warm.worker.unref();
  prefetch.warm = warm;
  return prefetch;
}

/**
 * Starts TypeDoc on a worker thread as soon as the config is known, when no cached model fits:
 * loading TypeScript, parsing and checking the SDK (most of a cold build) then overlap the
 * stages before generateApi on the other core, and the stage takes the result (see
 * `loadApiModel`). The doc samples are later checked on the same worker, against its program.
 * Does nothing where workers cannot run (TypeScript sources, `SDKDOCS_WORKERS=0`); the stage
 * then runs TypeDoc itself.
 */
export async function prefetchApi(prefetch: ApiPrefetch, config: ResolvedConfig): Promise<void> {
  const warm = prefetch.warm;
  prefetch.warm = undefined;
  let warmTakesTheRun = false;
  try {
    const paths = resolveApiPaths(config)?.paths;
    const options = paths && config.api && canUseWorkers(import.meta.url) ? apiModelOptions(config, paths) : undefined;
    const settings = options && settingsHash(options);
    if (!options || !settings || (await readCurrentCachedModel(config.paths.cache, settings))) return;
    const request: ApiWorkerRunRequest = { options, settings, checkSamples: config.api!.checkDocSamples };
    warmTakesTheRun = warm !== undefined && !warm.failed;
    addPrefetchedTypeDoc(prefetch, settings, runOnWorker(warmTakesTheRun ? warm!.worker : newApiWorker(), request));
  } finally {
    // No TypeDoc run is needed, the warm worker failed, or working out the run threw.
    if (warm && !warmTakesTheRun) void warm.worker.terminate();
  }
}

/** A config's words that may ask for an API reference: the key, TypeDoc's plugins, an import of a site file (which may hold either). */
const mayAskForApi = /\bapi\b|typedoc|\b(?:from|import|require)\s*\(?\s*['"`]\.{1,2}\//i;

/**
 * Whether the config in `configDir` may ask for an API reference, from its text alone. The
 * warm-up loads TypeScript and TypeDoc, CPU time that a site without an API never uses;
 * in doubt (no config found, a file it imports) it may, and a config that does ask gets its run
 * from `prefetchApi` anyway, only later.
 */
function configMayAskForApi(configDir: string): boolean {
  try {
    const configs = [...configFileNames, ...docusaurusConfigFileNames].map((name) => path.join(configDir, name)).filter((file) => existsSync(file));
    return configs.length === 0 || configs.some((file) => mayAskForApi.test(readFileSync(file, 'utf8')));
  } catch {
    return true;
  }
}

function newApiWorker(): Worker {
  return startWorker(new URL('./api-worker.js', import.meta.url));
}

function runOnWorker(worker: Worker, request: ApiWorkerRunRequest): PrefetchedTypeDoc {
  let waiting: { resolve: (reply: ApiWorkerReply) => void; reject: (error: unknown) => void } | undefined;
  let failure: unknown;
  const next = (): Promise<ApiWorkerReply> => {
    if (failure) return Promise.reject(failure);
    // Holds the process open only while an answer is awaited, so a build that ends early does not wait for TypeDoc.
    worker.ref();
    return new Promise((resolve, reject) => {
      waiting = { resolve, reject };
    });
  };
  const settle = (action: (waiter: NonNullable<typeof waiting>) => void) => {
    const waiter = waiting;
    waiting = undefined;
    worker.unref();
    if (waiter) action(waiter);
  };
  worker.on('message', (reply: ApiWorkerReply) => settle((waiter) => waiter.resolve(reply)));
  worker.on('error', (error) => {
    failure = error;
    settle((waiter) => waiter.reject(error));
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`the TypeDoc worker stopped with code ${code}`);
    settle((waiter) => waiter.reject(failure));
  });

  const result = next().then((reply) => {
    if (reply.kind !== 'model') throw new Error(`the TypeDoc worker answered ${reply.kind} before the model`);
    return reply;
  });
  worker.postMessage(request);
  // Awaited by the stage, if the build gets there; a failure must not count as unhandled before.
  result.catch(() => {});
  return {
    result,
    typeChecker: {
      async check(samples, settings) {
        const reply = next();
        worker.postMessage({ samples, settings } satisfies ApiWorkerSamplesRequest);
        const answer = await reply;
        if (answer.kind !== 'samples') throw new Error(`the TypeDoc worker answered ${answer.kind} to samples`);
        return { diagnostics: answer.diagnostics, names: answer.names };
      },
      close() {
        void worker.terminate();
      },
    },
  };
}
