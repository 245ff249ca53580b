import type { Worker } from 'node:worker_threads';
import type { ApiModel } from './api-model.js';
import type { Diagnostic } from './diagnostic.js';
import type { SampleTypeChecker } from './doc-samples.js';

/** A TypeDoc run started ahead of the generateApi stage, on a worker thread (see `prefetchApi`). */
export interface PrefetchedTypeDoc {
  result: Promise<{ model?: ApiModel; diagnostics: Diagnostic[]; debug: string[] }>;
  /** Checks doc samples on the same worker, against the program TypeDoc built there. */
  typeChecker: SampleTypeChecker;
}

/**
 * What `sdkdocs build` starts for the API before its build (src/api/prefetch-api.ts): the worker
 * that loads TypeDoc while the config compiles, then the run it is given. The command owns it and
 * hands it to build() (`BuildContext.apiPrefetch`); generateApi takes the run, and the command
 * stops what nobody took when the build ends. It is no module's state, so two builds in one
 * process never take each other's run.
 */
export interface ApiPrefetch {
  /** The worker loading TypeDoc, until `prefetchApi` gives it a run or stops it. */
  warm?: { worker: Worker; failed: boolean };
  /** Runs not yet taken, by the settings hash of their options. */
  readonly runs: Map<string, PrefetchedTypeDoc>;
}
