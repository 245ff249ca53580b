import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { RouteData } from '../shared/types.js';
import { renderPageDocument, type PageSurroundings } from './page-document.js';

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
const madeDirs = new Set<string>();

parentPort!.on('message', async (batch: RenderTask[]) => {
  const writes = batch.map(async (task) => {
    const target = path.join(setup.siteOut, task.outputPath);
    const dir = path.dirname(target);
    if (!madeDirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      madeDirs.add(dir);
    }
    await writeFile(target, renderPageDocument(task, setup.surroundings));
    return task.outputPath;
  });
  parentPort!.postMessage(await Promise.all(writes));
});
