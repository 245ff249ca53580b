import { register } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { Diagnostic } from '../core/diagnostic.js';
import type { ApiModelOptions } from './api-inputs.js';
import type { ApiModel } from '../core/api-model.js';
import type { DocSample, SampleCompileSettings, SampleName } from '../core/doc-samples.js';

/** The first message to this worker: what to run TypeDoc on. */
export interface ApiWorkerRunRequest {
  options: Omit<ApiModelOptions, 'debug'>;
  settings: string;
  /** Wait for one batch of doc samples to check after the model; otherwise end with it. */
  checkSamples: boolean;
}

/** Messages this worker posts: the model first, then (when asked) the samples' diagnostics. */
export type ApiWorkerReply =
  | { kind: 'model'; model?: ApiModel; diagnostics: Diagnostic[]; debug: string[] }
  | { kind: 'samples'; diagnostics: Diagnostic[][]; names: SampleName[][] };

/** What the main thread sends to have samples checked. */
export interface ApiWorkerSamplesRequest {
  samples: DocSample[];
  settings: SampleCompileSettings;
}

// Runs TypeDoc on the SDK, then keeps its parsed files for the doc-sample check: parsing the
// lib files a second time would cost as much as the check itself.
const port = parentPort!;
// Listening before anything is awaited: a message that arrives with no listener is dropped.
const runRequest = new Promise<ApiWorkerRunRequest>((resolve) => port.once('message', resolve));
register('./typescript-loader-hooks.js', import.meta.url);
// TypeScript and TypeDoc (~0.5 s) load while the main thread is still compiling the config that
// says what to run them on.
const modules = Promise.all([import('./run-typedoc.js'), import('./type-check-samples.js')]);
// A failure to load them matters only to a build that sends a run (awaited below), not before.
modules.catch(() => {});
const { options, settings, checkSamples } = await runRequest;
const [{ runTypeDoc }, { typeCheckSamples }] = await modules;
const debug: string[] = [];
const run = await runTypeDoc({ ...options, debug: (message) => debug.push(message) }, settings);
port.postMessage({ kind: 'model', model: run.model, diagnostics: run.diagnostics, debug } satisfies ApiWorkerReply);
if (run.model && checkSamples) {
  port.once('message', (request: ApiWorkerSamplesRequest) => {
    const { diagnostics, names } = typeCheckSamples(request.samples, request.settings, run.sourceFiles);
    port.postMessage({ kind: 'samples', diagnostics, names } satisfies ApiWorkerReply);
    port.close();
  });
} else {
  port.close();
}
