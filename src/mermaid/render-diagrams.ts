import path from 'node:path';
import type { Element } from 'hast';
import type { BuildContext, Site } from '../core/site.js';
import { openDiagramCache, type DiagramCache } from './diagram-cache.js';
import { DiagramBrowserMissingError, DiagramNeedsThemesError, DiagramSyntaxError, diagramThemes, type DiagramColours, type DiagramRenderer, type DiagramStats, type DiagramTheme } from '../core/diagram-renderer.js';
import { rendersBothModesAtOnce } from './diagram-kinds.js';
import { createMermaidCliRenderer, mermaidMaxTextSize } from './mermaid-cli-renderer.js';
import { buildDiagramFigure, isDiagramFigure, type DiagramAnswer, type DiagramFigures, type DiagramRequest } from '../core/diagram-figure.js';
import { compilerFingerprint } from '../core/compiler-fingerprint.js';
import { openItemStore, transformCache } from '../core/item-store.js';
import { diagramFont } from './diagram-font.js';
import { foreseenDiagrams } from '../markdown/foreseen-diagrams.js';
import { createQueryEngine, type Query, type QueryContext } from '../engine/query-engine.js';

/**
 * Starts the build's diagram service (`site.diagramFigures`) before the docs parse: each doc
 * compiler asks it for the figure of every ```mermaid block it meets and puts the figure into the
 * doc's tree before the tree becomes HTML. The browser starts on the first diagram the caches
 * cannot answer, so it renders while the docs still parse; parseMarkdown finishes the service.
 * The build first looks through the docs folder for ```mermaid blocks itself, in the background:
 * the browser then starts and renders while the content is still being collected, unless the
 * caches hold every diagram it found. The look is a query on the build's engine, so a serve
 * --watch rebuild reads only the changed docs again, and looks no further when their diagrams are
 * the ones the engine already knew (the build that found them foresaw them).
 *
 * Diagrams are prerendered to inline SVG, so no mermaid JavaScript reaches the browser: one SVG
 * whose colours are custom properties the colour mode switches, or, for the few kinds of diagram
 * that one render cannot draw faithfully in both modes (see diagram-kinds.ts), a light and a dark
 * SVG that CSS shows one of.
 */
export async function renderDiagrams(site: Site, ctx: BuildContext): Promise<void> {
  if (!site.config.markdown.mermaid) return;
  site.diagramFigures = createDiagramFigures(site, ctx, newDiagramsInDocsFolder(ctx, site.config.paths.docs));
}

/** The diagrams of the docs folder, or none when the engine knew them already. */
async function newDiagramsInDocsFolder(ctx: BuildContext, docsDir: string): Promise<DiagramRequest[] | undefined> {
  // After this turn: the collect stage starts its own reads of the folder first.
  await new Promise((resolve) => setImmediate(resolve));
  try {
    const { result, reused } = await (ctx.engine ?? createQueryEngine()).answer(docsFolderDiagrams, docsDir);
    return reused ? undefined : result;
  } catch {
    return undefined;
  }
}

/**
 * The diagrams of every markdown file under the docs folder. A guess, like the foresight before
 * the parse: a file the build leaves out costs a render, never a wrong figure, and a folder that
 * cannot be read costs nothing (the collect stage says what is wrong with it).
 */
const docsFolderDiagrams: Query<string, DiagramRequest[]> = {
  name: 'docsFolderDiagrams',
  async run(context, docsDir) {
    const files: string[] = [];
    collectMarkdownFiles(context, docsDir, files);
    const found = await Promise.all(files.map((file) => context.query(foreseenDiagramsOfDoc, file)));
    return found.flat();
  },
};

/** One markdown file's diagrams. */
const foreseenDiagramsOfDoc: Query<string, DiagramRequest[]> = {
  name: 'foreseenDiagramsOfDoc',
  run(context, file) {
    // The bytes, which the engine holds for the collect stage's read anyway, not a text kept beside them.
    const bytes = context.readBytes(file);
    return bytes?.includes('mermaid') ? foreseenDiagrams(bytes.toString('utf8')) : [];
  },
};

function collectMarkdownFiles(context: QueryContext, folder: string, files: string[]): void {
  for (const entry of context.listFolder(folder) ?? []) {
    if (entry.endsWith('/')) collectMarkdownFiles(context, path.join(folder, entry.slice(0, -1)), files);
    else if (/\.mdx?$/.test(entry)) files.push(path.join(folder, entry));
  }
}

/** Renders the build keeps going per page the renderer has open (see `maxRendersPerRoundTrip`). */
const rendersQueuedPerPage = 8;

/** What a definition rendered to: one SVG for both colour modes, or one per theme. */
type Rendered = string | Record<DiagramTheme, string>;
/** Why a definition has no SVG: mermaid's message, or no browser (reported at one block only). */
type RenderFailure = { syntaxError: string } | { browserProblem: string };

/**
 * Figures are kept in the item store (both SVGs inlined, ids numbered for their place on the page)
 * under everything they depend on: the definition, the number, the renderer (mermaid version, font,
 * colours) and the code that builds them; SVGs under the definition, colours and renderer, so a
 * diagram is drawn once and a new place on a page needs no browser.
 */
function createDiagramFigures(site: Site, ctx: BuildContext, foreseenEarly: Promise<DiagramRequest[] | undefined>): DiagramFigures {
  const font = diagramFont(site.config);
  const stats: DiagramStats = { diagrams: 0, figuresFromCache: 0, fromCache: 0, rendered: 0, browserLaunches: 0 };
  site.diagrams = stats;
  // Made now for its cache key; it starts a browser only on its first render.
  const renderer: DiagramRenderer = ctx.diagramRenderer ?? createMermaidCliRenderer({ fontFamily: font.layout });
  const rendererKey = renderer.cacheKey;
  const figureKey = `${rendererKey}\0${compilerFingerprint()}\0${font.layout}\0${font.display}`;
  const figures = transformCache(openItemStore(path.join(ctx.cacheDir, 'mermaid', 'figures'), ctx.memory), {
    kind: 'figure-tree',
    inputs: ({ definition, number }: { definition: string; number: number }) => [figureKey, number, definition],
    accepts: isDiagramFigure,
  });
  const svgCache = openDiagramCache(path.join(ctx.cacheDir, 'mermaid'), rendererKey, ctx.memory);
  const renders = new Map<string, Promise<Rendered | RenderFailure>>();
  const figuresMade = new Map<string, Promise<RenderFailure | { figure: Element }>>();
  // Asked for up to three times a build (cached docs, foreseen renders, the compile's request): read once.
  const storedFigures = new Map<string, Element | undefined>();
  const storedFigure = (definition: string, number: number) => {
    const place = `${number}\0${definition}`;
    if (!storedFigures.has(place)) storedFigures.set(place, figures.get({ definition, number }));
    return storedFigures.get(place);
  };
  // A few renders per page in flight: a page that finishes one round trip finds the next ones
  // queued and takes them all at once (mermaid-cli-renderer.ts), instead of one per round trip.
  const renderSlots = createSlots(() => (renderer.concurrency ?? 1) * rendersQueuedPerPage);
  const timeline = createRenderTimeline();
  let browserProblemReported = false;
  let closing = false;
  let finished: Promise<void> | undefined;

  const renderOnce = (definition: string) => {
    let rendered = renders.get(definition);
    if (!rendered) {
      rendered = renderDefinition(definition, renderer, svgCache, stats, renderSlots, timeline);
      renders.set(definition, rendered);
    }
    return rendered;
  };

  const service: DiagramFigures = {
    async figure({ definition, number, line }: DiagramRequest): Promise<DiagramAnswer> {
      stats.diagrams++;
      if (definition.length > mermaidMaxTextSize) {
        return {
          problem: {
            code: 'mermaid',
            message: `This mermaid diagram is ${definition.length.toLocaleString('en')} characters long; mermaid draws diagrams of up to ${mermaidMaxTextSize.toLocaleString('en')} (its maxTextSize).`,
            hint: 'Split it into several smaller diagrams.',
          },
        };
      }
      const place = `${number}\0${definition}`;
      let made = figuresMade.get(place);
      if (!made) {
        made = (async () => {
          const stored = storedFigure(definition, number);
          if (stored) {
            stats.figuresFromCache++;
            return { figure: stored };
          }
          const rendered = await renderOnce(definition);
          if (isFailure(rendered)) return rendered;
          const figure = buildDiagramFigure(rendered, number, { measured: font.layout, shown: font.display });
          figures.set({ definition, number }, figure);
          storedFigures.set(place, figure);
          return { figure };
        })();
        figuresMade.set(place, made);
      }
      const outcome = await made;
      if ('figure' in outcome) return { figure: outcome.figure };
      if ('syntaxError' in outcome) return { problem: { code: 'mermaid', message: `mermaid: ${outcome.syntaxError}`, hint: syntaxHint(outcome.syntaxError, line) } };
      // Reported once, at the first diagram that needed the browser.
      if (browserProblemReported) return {};
      browserProblemReported = true;
      return { problem: { code: 'chromium', message: outcome.browserProblem } };
    },
    madeWith: figureKey,
    figureFile(definition, number) {
      return figures.fileOf({ definition, number });
    },
    countReused(diagrams) {
      stats.diagrams += diagrams;
      stats.figuresFromCache += diagrams;
    },
    foresee(requests) {
      // Once the browser is closed, a late guess must not start another.
      if (closing) return;
      const unmade = requests.filter(({ definition, number }) => definition.length <= mermaidMaxTextSize && !figuresMade.has(`${number}\0${definition}`) && storedFigure(definition, number) === undefined);
      const definitions = [...new Set(unmade.map((request) => request.definition))].filter((definition) => !renders.has(definition));
      if (definitions.length === 0) return;
      renderer.expectRenders?.(definitions.length);
      // Its failures are the requests' to report, at their blocks.
      for (const definition of definitions) renderOnce(definition).catch(() => undefined);
    },
    finish() {
      finished ??= (async () => {
        const docsCompiledAt = performance.now();
        // A build that failed or stopped before the parse starts no browser for its early look's
        // guesses, and never leaves that look running behind it.
        closing = true;
        await lookedAhead;
        stats.browserLaunches = renderer.browserLaunches;
        if (!ctx.diagramRenderer) await renderer.close();
        if (stats.rendered > 0) ctx.logger.debug(`mermaid timeline: ${timeline.describe(docsCompiledAt)}`);
        ctx.logger.debug(
          `mermaid: ${stats.diagrams} diagram${stats.diagrams === 1 ? '' : 's'}, ${stats.figuresFromCache} figures and ${stats.fromCache} SVGs from the cache, ${stats.rendered} rendered, ${stats.browserLaunches} browser launch${stats.browserLaunches === 1 ? '' : 'es'}`,
        );
      })();
      return finished;
    },
  };
  const lookedAhead = foreseenEarly.then((requests) => {
    if (!requests) return;
    ctx.logger.debug(`renderDiagrams: ${requests.length} diagram${requests.length === 1 ? '' : 's'} found in the docs folder before the docs are collected${closing ? ', too late to start rendering' : ''}`);
    service.foresee(requests);
  });
  return service;
}

function isFailure(outcome: Rendered | RenderFailure): outcome is RenderFailure {
  return typeof outcome === 'object' && ('syntaxError' in outcome || 'browserProblem' in outcome);
}

/** What the cache holds for a diagram one render cannot draw in both modes: no SVG is empty. */
const perTheme = '';

/** A definition's SVGs, from the cache or the renderer, holding one of the renderer's pages per render. */
async function renderDefinition(
  definition: string,
  renderer: DiagramRenderer,
  cache: DiagramCache,
  stats: DiagramStats,
  slots: Slots,
  timeline: RenderTimeline,
): Promise<Rendered | RenderFailure> {
  /** The SVG, or `perTheme` when one render cannot draw both modes. */
  const svgIn = async (colours: DiagramColours): Promise<string> => {
    const cached = await cache.get(definition, colours);
    if (cached !== undefined) {
      if (cached !== perTheme) stats.fromCache++;
      return cached;
    }
    try {
      const svg = await slots.run(() => {
        timeline.started();
        return renderer.render(definition, colours);
      });
      timeline.finished();
      stats.rendered++;
      await cache.set(definition, colours, svg);
      return svg;
    } catch (error) {
      if (!(error instanceof DiagramNeedsThemesError)) throw error;
      stats.rendered++;
      // Remembered, so the next build goes straight to the two renders.
      await cache.set(definition, colours, perTheme);
      return perTheme;
    }
  };
  try {
    if (rendersBothModesAtOnce(definition)) {
      const svg = await svgIn('both');
      if (svg !== perTheme) return svg;
    }
    const svgs: Partial<Record<DiagramTheme, string>> = {};
    // A definition that fails in one theme fails in the other too.
    for (const theme of diagramThemes) svgs[theme] = await svgIn(theme);
    return svgs as Record<DiagramTheme, string>;
  } catch (error) {
    if (error instanceof DiagramSyntaxError) return { syntaxError: error.message };
    if (error instanceof DiagramBrowserMissingError) {
      slots.fail(error.message);
      return { browserProblem: error.message };
    }
    throw error;
  }
}

/**
 * When the renders of a build started and ended, for `--verbose`: whether the diagrams kept up
 * with the parse or the parse waited for them (bench/RESULTS.md reads these).
 */
interface RenderTimeline {
  started(): void;
  finished(): void;
  /** The first render's start, the first and the last SVG, and `docsCompiledAt`, in seconds since the process started. */
  describe(docsCompiledAt: number): string;
}

function createRenderTimeline(): RenderTimeline {
  let firstStart: number | undefined;
  let firstDone: number | undefined;
  let lastDone: number | undefined;
  const seconds = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
  return {
    started() {
      firstStart ??= performance.now();
    },
    finished() {
      lastDone = performance.now();
      firstDone ??= lastDone;
    },
    describe(docsCompiledAt) {
      return `first render asked at ${seconds(firstStart)}, first SVG at ${seconds(firstDone)}, last at ${seconds(lastDone)}, every doc compiled at ${seconds(docsCompiledAt)} (since the process started)`;
    },
  };
}

interface Slots {
  /** Runs `work` once fewer than the renderer's concurrency are running; after {@link fail}, throws instead. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** No browser: every render still waiting fails the same way, without trying. */
  fail(message: string): void;
}

/** As many renders at once as the renderer has pages, the rest waiting in the order they came. */
function createSlots(limit: () => number): Slots {
  let running = 0;
  let failure: string | undefined;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      while (running >= limit()) await new Promise<void>((resolve) => waiting.push(resolve));
      if (failure !== undefined) throw new DiagramBrowserMissingError(failure);
      running++;
      try {
        return await work();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
    fail(message) {
      failure ??= message;
    },
  };
}

/** Points from mermaid's diagram-relative line to the line of the markdown file. */
function syntaxHint(message: string, fenceLine: number | undefined): string {
  const diagramLine = /on line (\d+)/.exec(message)?.[1];
  if (!diagramLine || fenceLine === undefined) return 'See https://mermaid.js.org/intro/syntax-reference.html for the syntax.';
  return `Line ${diagramLine} of the diagram is line ${fenceLine + Number(diagramLine)} of the file.`;
}
