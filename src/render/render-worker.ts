import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { RouteData } from '../shared/types.js';
import { createDocumentRenderer, type PageSurroundings } from './page-document.js';

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
const renderDocument = createDocumentRenderer(setup.surroundings);
const madeDirs = new Set<string>();

parentPort!.on('message', (batch: RenderTask[]) => {
  for (const task of batch) {
    const target = path.join(setup.siteOut, task.outputPath);
    const dir = path.dirname(target);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    // Synchronous on purpose: this thread has nothing else to do meanwhile, and 10,000 small
    // writes through libuv's thread pool cost more in round trips than the writes themselves.
    writeFileSync(target, renderDocument(task));
  }
  parentPort!.postMessage(batch.map((task) => task.outputPath));
});
