import type { ApiPrefetch } from './api-prefetch.js';
import type { DiagramRenderer } from './diagram.js';
import type { QueryEngine } from './engine.js';
import type { ItemMemory } from './item-memory.js';
import type { Logger } from './logger.js';
import type { OutputSink, WrittenOutputs } from './output.js';

/** What every stage gets besides the site. */
export interface BuildContext {
  logger: Logger;
  /** Folder for caches that survive between builds (`node_modules/.cache/sdkdocs` under the site). */
  cacheDir: string;
  /** The cache entries a serve --watch session keeps in memory between its builds (see src/core/item-store.ts). */
  memory?: ItemMemory;
  /**
   * The query engine the stages' queries run on (src/engine): a serve --watch session keeps one,
   * told before each rebuild which paths changed; any other build has a new one.
   */
  engine?: QueryEngine;
  /**
   * When set, the stage runner names here the stage after which each output file first was in
   * `site.outputs` (a build kept in memory, for `build --explain`).
   */
  outputStages?: Map<string, string>;
  /** serve --watch: the output sink updates the output folder in place and reports what it wrote here. */
  onOutputsWritten?: (written: WrittenOutputs) => void;
  /**
   * A build of serve --watch, whose output is updated in place while pages are open: the name of
   * a file that every page links to must not change when one page does.
   */
  watch?: boolean;
  /** Renders mermaid diagrams instead of mermaid-cli in Chromium (tests pass a fake). */
  diagramRenderer?: DiagramRenderer;
  /** What `sdkdocs build` started for the API before the build (its TypeDoc run), owned by the command. */
  apiPrefetch?: ApiPrefetch;
  /** Where the build's files go: renderPages writes pages to it as it renders them, writeSite the rest. */
  sink: OutputSink;
  /**
   * Checks a stage started and left running (see `deferCheck` of src/core/site.ts): they add their diagnostics
   * to the site when done, and the build waits for them before it writes anything.
   */
  deferredChecks?: Promise<void>[];
  /**
   * Set when the build has a published moment (serve --watch): work the served pages do not need,
   * which `afterPublished` of src/core/site.ts queued to run once the build's pages are published.
   */
  afterPublished?: Array<() => void | Promise<void>>;
}
