/**
 * Mermaid diagrams in the model: the renderer a build draws them with, and the build's one
 * service that turns a doc's ```mermaid block into a figure.
 */

import type { Element } from 'hast';

/** The two mermaid themes every diagram is rendered in: one per colour mode of the site. */
export type DiagramTheme = 'default' | 'dark';

/**
 * What one render draws: a diagram in one of the two themes, or (`both`) one SVG for both colour
 * modes, its theme colours `var(--sdkdocs-mermaid-…)` custom properties whose light and dark values
 * the SVG's own `<style>` sets, switched by `[data-theme='dark']`.
 */
export type DiagramColours = DiagramTheme | 'both';

/**
 * Turns a mermaid definition into a standalone SVG document. The build owns the browser work
 * through this interface so that unit tests can use a fake and only one test needs Chromium.
 */
export interface DiagramRenderer {
  /**
   * Everything besides the definition and theme that shapes the SVG (renderer, mermaid version,
   * fonts): part of the cache key, so upgrading mermaid or changing the font renders again.
   */
  readonly cacheKey: string;
  /** How many times this renderer has started a browser; a warm build starts none. */
  readonly browserLaunches: number;
  /**
   * How many renders it runs at once (one browser page each); the build keeps that many going.
   * Unset: one at a time.
   */
  readonly concurrency?: number;
  /**
   * The build is about to ask for up to this many renders: enough of them, and the renderer
   * opens its pages at once, loading mermaid in parallel, instead of one after another as the
   * work grows. Optional.
   */
  expectRenders?(count: number): void;
  /**
   * Renders one diagram in one theme or, with `both`, in both colour modes at once (or throws
   * `DiagramNeedsThemesError` when it cannot). Throws `DiagramSyntaxError` when the definition is invalid and
   * `DiagramBrowserMissingError` when there is no browser to render with or it went away
   * (`DiagramBrowserCrashedError`).
   */
  render(definition: string, colours: DiagramColours): Promise<string>;
  /** Releases the browser, if one was started. */
  close(): Promise<void>;
}

/** What the build's diagrams took (`Site.diagrams`), for the build log and for tests of the cache. */
export interface DiagramStats {
  /** ```mermaid blocks found. */
  diagrams: number;
  /** Finished figures taken from the figure store, or inside a doc from the compile cache: their SVGs are not read at all. */
  figuresFromCache: number;
  /** SVGs (one per distinct diagram text, or per text and theme) taken from the cache. */
  fromCache: number;
  /** SVGs rendered in the browser. */
  rendered: number;
  /** Browsers started: 0 when every diagram was cached. */
  browserLaunches: number;
}

/**
 * One ```mermaid block a doc compiler met: what it asks the build's diagram figures for. Plain
 * data, so a parse worker can send it to the main thread.
 */
export interface DiagramRequest {
  definition: string;
  /** Its place among the page's diagrams, from 1: the figure's ids are numbered by it. */
  number: number;
  /** Where the block's fence starts in the doc's file, to point mermaid's line numbers there. */
  line?: number;
}

/**
 * The figure for a {@link DiagramRequest}, or the problem that kept it from being drawn, located
 * by the doc at its block. Neither: the diagram failed for a reason already reported at another
 * block (no browser), which the doc leaves out of its content, as the build fails anyway.
 */
export interface DiagramAnswer {
  figure?: Element;
  problem?: { code: 'mermaid' | 'chromium'; message: string; hint?: string };
}

/**
 * The build's diagrams as one service, shared by every doc of the build and every docs version:
 * it answers each request from the figure store (memory, then disk) or renders the definition on
 * one renderer, started on the first request, so the browser works while the docs still parse.
 */
export interface DiagramFigures {
  figure(request: DiagramRequest): Promise<DiagramAnswer>;
  /**
   * What figures are made with (the renderer, its colours and font, the code that builds them): a
   * figure made with anything else is another figure, stored in another file.
   */
  readonly madeWith: string;
  /**
   * The file the figure of this diagram at this place is stored in, made with today's renderer,
   * colours and font: a compiled doc holding the figure reads it, and is reused while it holds.
   */
  figureFile(definition: string, number: number): string;
  /** Diagrams of docs reused from the compile cache, counted as figures from the cache. */
  countReused(diagrams: number): void;
  /**
   * The diagrams the docs about to compile will likely ask for, read from their markdown before it
   * parses: the service starts rendering those no cache holds at once, so the browser is busy from
   * the start of the parse. A guess that misses costs a render; the docs' own requests decide.
   */
  foresee(requests: readonly DiagramRequest[]): void;
  /** Releases the browser, if one started, and completes the stats (`Site.diagrams`). */
  finish(): Promise<void>;
}
