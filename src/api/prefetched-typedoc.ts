import type { Diagnostic } from '../core/diagnostic.js';
import type { ApiModel } from '../core/api-model.js';
import type { SampleTypeChecker } from './sample-type-checker.js';

/** A TypeDoc run started ahead of the generateApi stage, on a worker thread (see `prefetchApi`). */
export interface PrefetchedTypeDoc {
  result: Promise<{ model?: ApiModel; diagnostics: Diagnostic[]; debug: string[] }>;
  /** Checks doc samples on the same worker, against the program TypeDoc built there. */
  typeChecker: SampleTypeChecker;
}

/** Runs not yet taken, by the settings hash of their options. */
const runs = new Map<string, PrefetchedTypeDoc>();

export function addPrefetchedTypeDoc(settings: string, run: PrefetchedTypeDoc): void {
  runs.get(settings)?.typeChecker.close();
  runs.set(settings, run);
}

/** The run started for these settings, handed over once: its taker closes its type checker. */
export function takePrefetchedTypeDoc(settings: string): PrefetchedTypeDoc | undefined {
  const run = runs.get(settings);
  runs.delete(settings);
  return run;
}

/** Stops the runs nobody took, e.g. when the build failed before the generateApi stage. */
export function discardPrefetchedTypeDoc(): void {
  for (const run of runs.values()) run.typeChecker.close();
  runs.clear();
}
