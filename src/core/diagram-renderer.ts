/** The two mermaid themes every diagram is rendered in: one per colour mode of the site. */
export const diagramThemes = ['default', 'dark'] as const;

export type DiagramTheme = (typeof diagramThemes)[number];

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
   * {@link DiagramNeedsThemesError} when it cannot). Throws {@link DiagramSyntaxError} when the definition is invalid and
   * {@link DiagramBrowserMissingError} when there is no browser to render with or it went away
   * ({@link DiagramBrowserCrashedError}).
   */
  render(definition: string, colours: DiagramColours): Promise<string>;
  /** Releases the browser, if one was started. */
  close(): Promise<void>;
}

/** The definition does not parse: the message is mermaid's own, with its line and caret. */
export class DiagramSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiagramSyntaxError';
  }
}

/** No Chromium was found, or it would not start. */
export class DiagramBrowserMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiagramBrowserMissingError';
  }
}

/**
 * The browser crashed, closed or could not load mermaid during the build. A kind of
 * {@link DiagramBrowserMissingError}: the build reports both as "no browser to render with".
 */
export class DiagramBrowserCrashedError extends DiagramBrowserMissingError {
  constructor(message: string) {
    super(message);
    this.name = 'DiagramBrowserCrashedError';
  }
}

/**
 * One render cannot draw this diagram in both colour modes: it uses a colour one of mermaid's
 * themes leaves unset. It is drawn once per theme instead.
 */
export class DiagramNeedsThemesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiagramNeedsThemesError';
  }
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
