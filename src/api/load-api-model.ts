import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../core/diagnostic.js';
import { inProcessSampleTypeChecker } from './sample-type-checker.js';
import type { SampleTypeChecker } from '../core/doc-samples.js';
import { installedVersion } from './installed-version.js';
import { apiModelVersion, type ApiModel } from '../core/api-model.js';
import { takePrefetchedTypeDoc } from './prefetched-typedoc.js';
import type { ApiPrefetch } from '../model/api-prefetch.js';
import { fingerprint, openItemStore } from '../core/item-store.js';
import { isCurrent, type ApiModelOptions } from './api-inputs.js';

export interface ApiModelCache {
  /** Folder for a model that survives between processes; none when absent. */
  cacheDir?: string;
  /** The TypeDoc run `sdkdocs build` started before the build, to take if it is for these options. */
  prefetch?: ApiPrefetch;
}

export interface ApiModelResult {
  /** Absent when TypeDoc or the type check failed; `diagnostics` then say why. */
  model?: ApiModel;
  diagnostics: Diagnostic[];
  /**
   * When TypeDoc ran: checks doc samples reusing the files it parsed (in this thread or on the
   * prefetch worker). Its owner closes it when done.
   */
  typeChecker?: SampleTypeChecker;
  /** Where the model came from: TypeDoc in this thread or on the worker `prefetchApi` started, or the cache folder. */
  from: 'typedoc' | 'typedoc-worker' | 'disk';
}

/** The model's entry in the item store: one per cache folder, replaced when its inputs change. */
export const apiModelEntry = 'api-model.json';

/**
 * Runs TypeDoc on the SDK (or takes the run `prefetchApi` started on a worker thread) and returns
 * its API as plain data. The model in the cache folder is taken instead while the SDK's files,
 * the options and sdkdocs itself are unchanged, so a build that only touched docs skips TypeDoc's
 * 2–4 seconds; within a process the query engine keeps it (the `apiModel` query of generateApi).
 */
export async function loadApiModel(options: ApiModelOptions, cache: ApiModelCache = {}): Promise<ApiModelResult> {
  const settings = settingsHash(options);
  const store = cache.cacheDir !== undefined ? openItemStore(cache.cacheDir) : undefined;
  // Started only when the cache folder had no current model.
  const prefetched = takePrefetchedTypeDoc(cache.prefetch, settings);
  const cached = prefetched ? undefined : await readCurrentCachedModel(cache.cacheDir, settings);
  if (cached) return { model: cached, diagnostics: cached.warnings, from: 'disk' };
  let result: Omit<ApiModelResult, 'from'>;
  if (prefetched) {
    const run = await prefetched.result;
    for (const message of run.debug) options.debug?.(message);
    result = { model: run.model, diagnostics: run.diagnostics, typeChecker: prefetched.typeChecker };
  } else {
    const { runTypeDoc } = await import('./run-typedoc.js');
    const run = await runTypeDoc(options, settings);
    result = { model: run.model, diagnostics: run.diagnostics, typeChecker: inProcessSampleTypeChecker(run.sourceFiles) };
  }
  if (result.model && store) store.set(apiModelEntry, result.model);
  return { ...result, from: prefetched ? 'typedoc-worker' : 'typedoc' };
}

/** The model in the cache folder, if there is one and nothing it was made from has changed. */
export async function readCurrentCachedModel(cacheDir: string | undefined, settings: string): Promise<ApiModel | undefined> {
  if (!cacheDir) return undefined;
  const cached = readStoredModel(cacheDir, settings);
  return cached && isCurrent(cached.inputs, settings) ? cached : undefined;
}

/** Everything besides the SDK's files that the model depends on. */
export function settingsHash(options: ApiModelOptions): string {
  // The converter's own code: a changed sdkdocs must not reuse a model an older one made.
  const converterFiles = ['./convert-project.js', './type-tokens.js', './locate-comment.js', './run-typedoc.js', '../core/api-model.js'].map((relative) => {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    const existing = existsSync(file) ? file : file.replace(/\.js$/, '.ts');
    return existsSync(existing) ? fingerprint(readFileSync(existing)) : relative;
  });
  return fingerprint(
    JSON.stringify({
      apiModelVersion,
      typedoc: installedVersion('typedoc'),
      typescript: installedVersion('typescript'),
      entryPoints: options.entryPoints,
      tsconfig: options.tsconfig,
      skipTypeCheck: options.skipTypeCheck,
      name: options.name,
      typedocOptions: options.typedocOptions,
      linkTags: options.linkTags,
      configFile: options.configFile,
      converterFiles,
    }),
  );
}

/**
 * The model stored in `cacheDir` when it was made by this converter with these settings; whether
 * the SDK's files changed since is for the caller to check (a git version's files cannot change).
 */
export function readStoredModel(cacheDir: string, settings: string): ApiModel | undefined {
  const model = openItemStore(cacheDir).get<ApiModel | null>(apiModelEntry);
  return model && model.version === apiModelVersion && model.inputs?.settings === settings ? model : undefined;
}
