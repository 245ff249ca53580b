import type { ApiPrefetch, PrefetchedTypeDoc } from '../model/api-prefetch.js';

export function addPrefetchedTypeDoc(prefetch: ApiPrefetch, settings: string, run: PrefetchedTypeDoc): void {
  prefetch.runs.get(settings)?.typeChecker.close();
  prefetch.runs.set(settings, run);
}

/** The run started for these settings, handed over once: its taker closes its type checker. */
export function takePrefetchedTypeDoc(prefetch: ApiPrefetch | undefined, settings: string): PrefetchedTypeDoc | undefined {
  const run = prefetch?.runs.get(settings);
  prefetch?.runs.delete(settings);
  return run;
}

/**
 * Stops what the build did not take: the warm worker, if no run was given to it, and the runs,
 * e.g. when the build failed before the generateApi stage.
 */
export function discardApiPrefetch(prefetch: ApiPrefetch): void {
  void prefetch.warm?.worker.terminate();
  prefetch.warm = undefined;
  for (const run of prefetch.runs.values()) run.typeChecker.close();
  prefetch.runs.clear();
}
