import os from 'node:os';
import type { Browser } from 'puppeteer';
import { chromiumMissingHint, findChromium, headlessChromiumArgs } from '../core/chromium.js';
import {
  DiagramBrowserCrashedError,
  DiagramBrowserMissingError,
  DiagramNeedsThemesError,
  DiagramSyntaxError,
  type DiagramColours,
  type DiagramRenderer,
  type DiagramTheme,
} from '../core/diagram-renderer.js';
import { sentinelTheme, themeSentinelSvg, type SentinelTheme } from './theme-variables.js';
import { versionOf } from './mermaid-cli-packages.js';
import { openMermaidPage, type MermaidPage, type PageRenderOptions, type PageRenderResult } from './mermaid-page.js';

export interface MermaidCliRendererOptions {
  /** CSS font stack the diagram's text is measured and drawn with: the site's own. */
  fontFamily: string;
  /** Overrides the Chromium lookup (tests). */
  findBrowser?: () => string | undefined;
  /** Pages rendering at once, opened as the work grows; by default one per core, at most four. */
  concurrency?: number;
}

/** The id mermaid-cli gives the root `<svg>`; the build renames it per page. */
const renderedSvgId = 'mermaid-svg';
/** Seeds the page's Math.random on each render; part of the cache key, since it shapes the SVG. */
const randomSeed = 0x5eed;
/** Each page holds a copy of mermaid in memory; beyond this many they cost more than they save. */
const maxPages = 4;
/**
 * Loading mermaid into a page takes about as long as this many renders (~600 ms against ~25 ms),
 * so another page opens only after that many renders: a site with a few diagrams keeps one page.
 */
const rendersPerPageLoad = 25;
/**
 * Renders queued for a page go to it in one protocol round trip, up to this many: each round trip
 * saved spares Chromium and Node a few milliseconds of CPU (bench/RESULTS.md), and a page that
 * crashes fails no more renders than this.
 */
const maxRendersPerRoundTrip = 8;

/**
 * Browser work a diagram render never uses, switched off (puppeteer merges these with its own
 * `--disable-features`; a name a Chromium version does not know is ignored). Chromium 156's new
 * headless mode loads the address bar's suggestion popup (a WebUI page, in a renderer of its
 * own) and keeps a spare renderer ready for the next site; neither is ever shown or used here.
 */
const diagramBrowserArgs = ['--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess'];

/**
 * Renders with mermaid-cli's mermaid in the system Chromium, as mermaid-cli's `renderMermaid`
 * does, but in a few long-lived pages that each load mermaid once instead of a new page per
 * diagram (~25 ms instead of ~500 ms a render). The browser starts on the first diagram that needs
 * it, not before, and serves every diagram of the build.
 *
 * mermaid keeps counters across renders in one page (sequence actors are `actor31` after thirty
 * others), so ids depend on what the page drew before; `inlineDiagramSvg` renames every id
 * canonically, which makes the inlined SVG independent of render order. Math.random is seeded
 * per render for the same reason.
 */
export function createMermaidCliRenderer(options: MermaidCliRendererOptions): DiagramRenderer & { readonly openPages: number } {
  const findBrowser = options.findBrowser ?? findChromium;
  const concurrency = Math.max(1, options.concurrency ?? Math.min(os.availableParallelism(), maxPages));
  let browser: Promise<Browser> | undefined;
  let launches = 0;
  const idlePages: MermaidPage[] = [];
  /** Pages open or opening, idle or rendering: never more than `concurrency`. */
  let openPages = 0;
  const waitingForPage: (() => void)[] = [];
  let rendersSincePageOpened = 0;
  /** Renders the build said are coming ({@link DiagramRenderer.expectRenders}) and not yet done. */
  let rendersAhead = 0;
  /** Pages worth opening at once for the renders ahead: each must save more than its load costs. */
  const pagesWanted = () => Math.min(concurrency, Math.max(1, Math.floor(rendersAhead / rendersPerPageLoad)));
  /** mermaid's light and dark colours as sentinels, worked out in the first page that needs them. */
  let bothModesTheme: Promise<SentinelTheme> | undefined;

  const forgetIdlePages = () => {
    openPages -= idlePages.length;
    idlePages.length = 0;
  };
  const wakeAllWaiting = () => {
    for (const wake of waitingForPage.splice(0)) wake();
  };

  const launch = async (): Promise<Browser> => {
    const executablePath = findBrowser();
    if (!executablePath) {
      throw new DiagramBrowserMissingError(`Chromium is needed to prerender mermaid diagrams and none was found. ${chromiumMissingHint}`);
    }
    launches++;
    let started: Browser;
    try {
      // Loaded on first use: a build whose diagrams are all cached never loads puppeteer.
      const { default: puppeteer } = await import('puppeteer');
      // A protocol call to a wedged browser fails after this long instead of puppeteer's three minutes.
      // Over a pipe rather than a WebSocket on a local port: no port for other local processes to
      // reach, and no WebSocket framing of each diagram's SVG.
      started = await puppeteer.launch({ executablePath, headless: true, pipe: true, args: [...headlessChromiumArgs, ...diagramBrowserArgs], protocolTimeout: 90_000 });
    } catch (error) {
      throw new DiagramBrowserMissingError(
        `Chromium at ${executablePath} would not start to prerender mermaid diagrams: ${(error as Error).message.split('\n')[0]} ${chromiumMissingHint}`,
      );
    }
    const launched = browser;
    // A browser that went away is forgotten, so the next render starts a new one.
    started.on('disconnected', () => {
      if (browser === launched) browser = undefined;
      forgetIdlePages();
      wakeAllWaiting();
    });
    return started;
  };

  const takePage = async (): Promise<MermaidPage> => {
    for (;;) {
      const idle = idlePages.pop();
      if (idle?.usable) return idle;
      if (idle) {
        openPages--;
        continue;
      }
      if (openPages === 0 || (openPages < concurrency && (rendersSincePageOpened >= rendersPerPageLoad || openPages < pagesWanted()))) {
        openPages++;
        rendersSincePageOpened = 0;
        try {
          // A failed launch is remembered, so every diagram reports it without trying again.
          browser ??= launch();
          const ready = await browser;
          return await openMermaidPage(ready).catch(async () => {
            // A browser that cannot open a page any more (its renderer processes died under it) is
            // replaced once; a new one that cannot either is a real failure.
            // A wedged browser may never answer close(): it gets a few seconds, then its process is killed.
            await Promise.race([ready.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
            ready.process()?.kill('SIGKILL');
            browser = launch();
            return openMermaidPage(await browser);
          }).catch((error: unknown) => {
            throw new DiagramBrowserCrashedError(`Chromium could not load mermaid into a page: ${(error as Error).message.split('\n')[0]}`);
          });
        } catch (error) {
          openPages--;
          waitingForPage.shift()?.();
          throw error;
        }
      }
      await new Promise<void>((resolve) => waitingForPage.push(resolve));
    }
  };

  const returnPage = (page: MermaidPage, renders: number) => {
    rendersSincePageOpened += renders;
    rendersAhead = Math.max(0, rendersAhead - renders);
    if (page.usable) idlePages.push(page);
    else {
      openPages--;
      void page.close();
    }
    waitingForPage.shift()?.();
  };

  /** Renders asked for and not yet handed to a page, oldest first. */
  const queued: QueuedRender[] = [];

  /**
   * Called once per render asked for: takes a page, then hands it every render still queued (up
   * to {@link maxRendersPerRoundTrip}) in one round trip, or none if other calls took them all
   * meanwhile. A page that cannot be had fails the oldest render; since each call settles at least
   * one render while any is queued, none is left waiting.
   */
  const renderQueued = async (): Promise<void> => {
    let page: MermaidPage;
    try {
      page = await takePage();
    } catch (error) {
      queued.shift()?.reject(error);
      return;
    }
    const batch = queued.splice(0, maxRendersPerRoundTrip);
    if (batch.length === 0) {
      returnPage(page, 0);
      return;
    }
    let results: PageRenderResult[];
    let theme: SentinelTheme | undefined;
    try {
      if (batch.some(({ colours }) => colours === 'both')) {
        bothModesTheme ??= modeThemeVariables(page, options.fontFamily).then(sentinelTheme);
        // A page that failed while computing them leaves the next render to try again.
        theme = await bothModesTheme.catch((error: unknown) => {
          bothModesTheme = undefined;
          throw error;
        });
      }
      results = await page.render(
        batch.map(({ definition, colours }) => ({
          definition: withoutBuildDayMarker(definition),
          options: mermaidCliRenderOptions(colours === 'both' ? theme! : colours, options.fontFamily),
        })),
      );
    } catch (error) {
      const crash = new DiagramBrowserCrashedError(`Chromium stopped while rendering a mermaid diagram: ${(error as Error).message.split('\n')[0]}`);
      for (const render of batch) render.reject(crash);
      return;
    } finally {
      returnPage(page, batch.length);
    }
    batch.forEach((render, index) => {
      try {
        render.resolve(svgOfResult(results[index], render.colours === 'both' ? theme : undefined));
      } catch (error) {
        render.reject(error);
      }
    });
  };

  return {
    cacheKey: `mermaid-cli@${versionOf('@mermaid-js/mermaid-cli')} mermaid@${versionOf('mermaid')} seed=${randomSeed} font=${options.fontFamily} sequence-fonts=same today-marker=off both-modes=sentinels-1 theme-variables=${JSON.stringify(themeVariableOverrides)}`,
    concurrency,
    get browserLaunches() {
      return launches;
    },
    /** Pages open or opening (the test of `expectRenders` reads it). */
    get openPages() {
      return openPages;
    },
    expectRenders(count: number) {
      rendersAhead = count;
    },
    render(definition: string, colours: DiagramColours): Promise<string> {
      return new Promise<string>((resolve, reject) => {
        queued.push({ definition, colours, resolve, reject });
        void renderQueued();
      });
    },
    async close() {
      const started = browser;
      browser = undefined;
      forgetIdlePages();
      // Renders still running reject as their pages close with the browser.
      if (started) await (await started.catch(() => undefined))?.close();
    },
  };
}

/** A render waiting for a page. */
interface QueuedRender {
  definition: string;
  colours: DiagramColours;
  resolve(svg: string): void;
  reject(error: unknown): void;
}

/** The SVG of one result: mermaid's error thrown as a syntax error; a both-modes render turned into custom properties. */
function svgOfResult(result: PageRenderResult, theme: SentinelTheme | undefined): string {
  if ('error' in result) throw new DiagramSyntaxError(parserMessage(result.error));
  if (!theme) return result.svg;
  const themed = themeSentinelSvg(result.svg, theme, renderedSvgId);
  if (themed === undefined) throw new DiagramNeedsThemesError('The diagram uses a colour only one of mermaid’s themes sets.');
  return themed;
}

/**
 * A gantt chart draws a line at today's date. Prerendered, that is the day of the build, shown as
 * today for as long as the page is up (and an uncached chart would change every day), so a gantt
 * definition that does not set `todayMarker` itself gets it off. The statement goes last, where it
 * moves no line of the author's, and so no line number of a parser message.
 */
export function withoutBuildDayMarker(definition: string): string {
  const body = definition.replace(/^\s*---\r?\n[\s\S]*?\r?\n---[^\S\r\n]*(\r?\n|$)/, '');
  const firstStatement = body.split(/\r?\n/).find((line) => line.trim() !== '' && !line.trimStart().startsWith('%%'));
  if (!firstStatement || !/^\s*gantt\b/i.test(firstStatement) || /^\s*todayMarker\b/im.test(body)) return definition;
  return `${definition.trimEnd()}\ntodayMarker off\n`;
}

/** Longest diagram text mermaid renders; longer text it draws as a "Maximum text size in diagram exceeded" picture. */
export const mermaidMaxTextSize = 50_000;

/**
 * Colours changed from mermaid's themes for WCAG AA contrast (4.5:1): the dark theme puts edge
 * labels' #ccc text on #585858, 4.4:1.
 */
const themeVariableOverrides: Record<DiagramTheme, Record<string, string>> = {
  default: {},
  dark: { edgeLabelBackground: '#333333' },
};

/** mermaid's variables of the light (`default`) and dark themes, with the site's font and overrides. */
async function modeThemeVariables(page: MermaidPage, fontFamily: string) {
  const [light, dark] = await Promise.all(diagramThemesInOrder.map((theme) => page.themeVariables(mermaidCliRenderOptions(theme, fontFamily).mermaidConfig)));
  const base = await page.themeVariables({ theme: 'base', fontFamily, themeVariables: { fontFamily } });
  return { light, dark, base };
}

const diagramThemesInOrder = ['default', 'dark'] as const;

/**
 * The options of one render, in the shape of mermaid-cli's `renderMermaid` options, so that the
 * output can be checked against mermaid-cli's own. With a sentinel theme, mermaid's `base` theme
 * with the sentinels as its variables, drawn once for both colour modes.
 */
export function mermaidCliRenderOptions(theme: DiagramTheme | SentinelTheme, fontFamily: string): PageRenderOptions {
  return {
    svgId: renderedSvgId,
    backgroundColor: 'transparent',
    randomSeed,
    mermaidConfig: {
      theme: typeof theme === 'string' ? theme : 'base',
      fontFamily,
      themeVariables: typeof theme === 'string' ? { fontFamily, ...themeVariableOverrides[theme] } : { ...theme.themeVariables, fontFamily },
      // Sequence diagrams measure actors, notes and messages in fonts of their own (trebuchet ms first).
      sequence: { actorFontFamily: fontFamily, noteFontFamily: fontFamily, messageFontFamily: fontFamily },
      securityLevel: 'strict',
      // Same definition, same ids: the output does not change from one build to the next.
      deterministicIds: true,
      // Set, not left to mermaid's default, so that renderDiagrams refuses exactly what mermaid would replace by its "Maximum text size" picture.
      maxTextSize: mermaidMaxTextSize,
    },
  };
}

/** Mermaid's message without the stack frame puppeteer appends (`Parser.parseError (https://…)`). */
export function parserMessage(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^\s*(at\s.*|\S+\s\((https?|file):\/\/.*\))$/.test(line))
    .join('\n')
    .trim();
}
