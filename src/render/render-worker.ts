import { parentPort, workerData } from 'node:worker_threads';
import { createFolderWriter } from '../write/folder-writer.js';
import type { RouteData } from '../shared/types.js';
import { createDocumentRenderer, type PageSurroundings } from './page-document.js';
import { themeOverrideComponents } from '../core/theme-host.js';

/** What a render worker is started with: what surrounds every page, and where the pages go. */
export interface RenderSetup {
  surroundings: PageSurroundings;
  /** The staging folder's site root (`out/sdk` inside it). */
  siteOut: string;
}

/** One page to render: its route data (content HTML included) and its output path. */
export interface RenderTask {
  route: string;
  data: RouteData;
  outputPath: string;
}

/** Worker thread of renderPages: renders and writes the documents of the batches it is sent; answers with their paths. */
const setup = workerData as RenderSetup;
const overrides = setup.surroundings.themeOverrides ? await themeOverrideComponents(setup.surroundings.themeOverrides) : undefined;
const renderDocument = createDocumentRenderer(setup.surroundings, overrides);
const writeFile = createFolderWriter(setup.siteOut);

parentPort!.on('message', (batch: RenderTask[]) => {
  // Synchronous on purpose: this thread has nothing else to do meanwhile, and 10,000 small
  // writes through libuv's thread pool cost more in round trips than the writes themselves.
  for (const task of batch) writeFile(task.outputPath, renderDocument(task));
  parentPort!.postMessage(batch.map((task) => task.outputPath));
});
