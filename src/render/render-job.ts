import type { OutputFile } from '../core/site.js';
import type { PoolJob } from '../core/worker-pool.js';
import type { RouteData } from '../shared/types.js';
import { createDocumentPieces, type PageSurroundings } from './page-document.js';
import { PageRenderError, type RenderFailure } from '../ssr/render-failure.js';
import { createPiecesEncoder } from './text-pieces.js';
import { themeOverrideComponents } from '../ssr/theme-host.js';

/** What the render job starts from: what surrounds every page. */
export interface RenderSetup {
  surroundings: PageSurroundings;
}

/** One page to render: its route data (content HTML included) and its output path. */
export interface RenderTask {
  route: string;
  data: RouteData;
  outputPath: string;
  /** The page's source file, named when the page's render fails. */
  sourceFile?: string;
}

/** A rendered page document, for the main thread's output sink to write; or why its render failed. */
export type RenderedDocument = OutputFile & { failure?: RenderFailure };

/** renderPages' job on the build's worker pool: renders the documents of the batches it is sent. */
export const poolJob: PoolJob<RenderSetup, RenderTask, RenderedDocument> = {
  async start(setup) {
    const overrides = setup.surroundings.themeOverrides ? await themeOverrideComponents(setup.surroundings.themeOverrides) : undefined;
    const documentPieces = createDocumentPieces(setup.surroundings, overrides);
    const encodeDocument = createPiecesEncoder();
    return (batch) =>
      batch.map((task): RenderedDocument => {
        try {
          return { path: task.outputPath, contents: encodeDocument(documentPieces(task)) };
        } catch (error) {
          if (!(error instanceof PageRenderError)) throw error;
          return { path: task.outputPath, contents: new Uint8Array(0), failure: error.failure };
        }
      });
  },
  // Encoded on the worker and moved, not copied, to the main thread: its sink then only writes the bytes.
  transfer: (documents) => documents.map((document) => (document.contents as Uint8Array).buffer as ArrayBuffer),
};
