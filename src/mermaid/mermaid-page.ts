import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, HTTPRequest } from 'puppeteer';
import { mermaidCliFiles, mermaidCliPage } from './mermaid-cli-packages.js';

/** What one render in the page gives: the serialised SVG, or mermaid's error message. */
export type PageRenderResult = { svg: string } | { error: string };

/** What {@link MermaidPage.render} needs besides the definition. */
export interface PageRenderOptions {
  /** Passed to `mermaid.initialize`, as mermaid-cli's `mermaidConfig`. */
  mermaidConfig: Record<string, unknown>;
  /** The root `<svg>` id. */
  svgId: string;
  /** Set on the root `<svg>`'s style, as mermaid-cli's `backgroundColor`. */
  backgroundColor: string;
  /**
   * Math.random starts from this seed on every render: some diagrams draw with it (rough.js
   * strokes in class and ER boxes, gitGraph's commit ids), and the same definition must give the
   * same SVG in every build whatever the page drew before.
   */
  randomSeed: number;
}

/** One definition for {@link MermaidPage.render}, with its options. */
export interface PageRenderJob {
  definition: string;
  options: PageRenderOptions;
}

/**
 * A browser page with mermaid loaded once, the way mermaid-cli's `renderMermaid` loads it for
 * every diagram (its page, mermaid's ESM bundle, the ELK, tidy-tree and ZenUML plugins, the icon
 * and KaTeX stylesheets and their fonts), so each render costs only mermaid's own work.
 *
 * The plugins and fonts stay although few sites use them: their entry modules take ~40 ms of a
 * ~600 ms page load and fetch their layout code only when a diagram asks for it, the fonts
 * ~100 ms, and with them every diagram mermaid-cli draws is drawn, measured the same way.
 */
export interface MermaidPage {
  /**
   * Renders definitions one after another in one protocol round trip, a result for each in order.
   * A result holds mermaid's error message for a definition it rejects; the call rejects when the
   * page or the browser crashed or closed, after which the page is not `usable`.
   */
  render(jobs: readonly PageRenderJob[]): Promise<PageRenderResult[]>;
  /** mermaid's computed theme variables for this configuration (its theme with `themeVariables` applied). */
  themeVariables(mermaidConfig: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** False once the page crashed or closed, or its browser went away. */
  readonly usable: boolean;
  close(): Promise<void>;
}

/** Requests to this origin are answered from the packages mermaid-cli renders with. */
const packageOrigin = 'https://sdkdocs-mermaid.invalid';

const contentTypes: Record<string, string> = {
  '.css': 'text/css;charset=UTF-8',
  '.js': 'application/javascript',
  '.mjs': 'application/javascript',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

/** The part of mermaid's API a render uses, as the browser sees it. */
interface MermaidInPage {
  initialize(config: Record<string, unknown>): void;
  mermaidAPI: { getConfig(): { themeVariables?: Record<string, unknown> } };
  render(id: string, definition: string, container: Element): Promise<{ svg: string }>;
}

/**
 * What the page keeps on its window: mermaid, and the configuration the last `initialize` set
 * (undefined while none is known to be in force).
 */
interface PageGlobals {
  sdkdocsMermaid: MermaidInPage;
  sdkdocsMermaidConfig?: string;
}

/** A healthy Chromium opens a page in well under a second, even on a busy 2-core machine. */
const pageOpenTimeoutMs = 20_000;

function settleWithin<T>(work: Promise<T>, ms: number, failure: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${failure} within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** Opens a page in `browser` and loads mermaid into it; rejects if the page cannot load it. */
export async function openMermaidPage(browser: Browser): Promise<MermaidPage> {
  const files = mermaidCliFiles();
  // A browser whose renderer processes died may never answer; waiting for puppeteer's three-minute
  // protocol timeout would stall the build, so a page that does not open soon counts as a failure.
  const page = await settleWithin(browser.newPage(), pageOpenTimeoutMs, 'Chromium did not open a page');
  // Loading mermaid's bundle took over puppeteer's 30 s default on a 2-core machine busy with other
  // builds; a slow load is not a broken browser.
  page.setDefaultTimeout(120_000);
  let failure: Error | undefined;
  let failed!: (error: Error) => void;
  const broken = new Promise<never>((_, reject) => {
    failed = (error) => {
      failure ??= error;
      reject(failure);
    };
  });
  // A crash or close is seen by whichever render is waiting, or by none.
  broken.catch(() => undefined);
  const onDisconnected = () => failed(new Error('Chromium closed'));
  page.on('error', (error) => failed(new Error(`the page crashed (${error.message})`)));
  page.on('close', () => failed(new Error('the page closed')));
  browser.on('disconnected', onDisconnected);

  const run = <T>(work: Promise<T>): Promise<T> => Promise.race([work, broken]);
  try {
    await run(page.setRequestInterception(true));
    // A request still in flight when the page closes cannot be answered; nothing waits for it.
    page.on('request', (request) => void answerFromPackages(request, files.packageDirs).catch(() => undefined));
    await run(page.goto(pathToFileURL(mermaidCliPage()).href));
    await run(Promise.all(files.stylesheets.map((file) => page.addStyleTag({ url: packageUrl(file) }))));
    await run(
      page.evaluate(
        loadMermaidScript({
          mermaid: packageUrl(files.mermaid),
          elkLayouts: packageUrl(files.elkLayouts),
          zenuml: packageUrl(files.zenuml),
          tidyTreeLayout: files.tidyTreeLayout && packageUrl(files.tidyTreeLayout),
        }),
      ),
    );
  } catch (error) {
    browser.off('disconnected', onDisconnected);
    await page.close().catch(() => undefined);
    throw error;
  }

  return {
    get usable() {
      return failure === undefined;
    },
    render: (jobs) => run(page.evaluate(renderInPage, [...jobs])),
    themeVariables: (mermaidConfig) => run(page.evaluate(themeVariablesInPage, mermaidConfig)),
    async close() {
      browser.off('disconnected', onDisconnected);
      if (!page.isClosed()) await page.close().catch(() => undefined);
    },
  };
}

/**
 * The page script that imports mermaid and its plugins as mermaid-cli does and keeps mermaid on
 * the window for the renders that follow. Source text rather than a function, because bundlers
 * and test runners rewrite `import()` inside a function into helpers the page does not have.
 */
function loadMermaidScript(urls: { mermaid: string; elkLayouts: string; zenuml: string; tidyTreeLayout?: string }): string {
  return `(async () => {
    const { default: mermaid } = await import(${JSON.stringify(urls.mermaid)});
    const { default: elkLayouts } = await import(${JSON.stringify(urls.elkLayouts)});
    const { default: zenuml } = await import(${JSON.stringify(urls.zenuml)});
    const tidyTree = ${urls.tidyTreeLayout ? `(await import(${JSON.stringify(urls.tidyTreeLayout)})).default` : '[]'};
    await Promise.all(Array.from(document.fonts, (font) => font.load()));
    await mermaid.registerExternalDiagrams([zenuml]);
    mermaid.registerLayoutLoaders([...elkLayouts, ...tidyTree]);
    window.sdkdocsMermaid = mermaid;
  })()`;
}

/**
 * Runs in the page: mermaid-cli's steps for each diagram in turn (initialize, render into
 * `#container`, set the background, serialise as XML), with mermaid's error returned instead of
 * thrown so that a rejected definition is told apart from a broken page.
 */
async function renderInPage(jobs: PageRenderJob[]): Promise<PageRenderResult[]> {
  const container = document.getElementById('container')!;
  const globals = window as unknown as PageGlobals;
  const mermaid = globals.sdkdocsMermaid;
  const results: PageRenderResult[] = [];
  // One loop, no helper function: puppeteer sends only this function's own source to the page.
  for (const { definition, options } of jobs) {
    // mulberry32: small, and good enough for jittered strokes and made-up ids.
    let seed = options.randomSeed;
    Math.random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
      return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
    };
    try {
      // mermaid.render starts from the configuration `initialize` set, whatever the last render's
      // directives did, so the same configuration twice in a row need not be set (and worked out:
      // its theme's variables) again.
      const config = JSON.stringify(options.mermaidConfig);
      if (globals.sdkdocsMermaidConfig !== config) {
        globals.sdkdocsMermaidConfig = undefined;
        mermaid.initialize({ startOnLoad: false, ...options.mermaidConfig });
        globals.sdkdocsMermaidConfig = config;
      }
      const { svg } = await mermaid.render(options.svgId, definition, container);
      container.innerHTML = svg;
      const element = container.getElementsByTagName('svg')[0];
      element.style.backgroundColor = options.backgroundColor;
      results.push({ svg: new XMLSerializer().serializeToString(element) });
    } catch (error) {
      results.push({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      container.replaceChildren();
    }
  }
  return results;
}

/** Runs in the page: the variables mermaid computes from a theme and its overrides, as its renders use them. */
function themeVariablesInPage(mermaidConfig: Record<string, unknown>): Record<string, unknown> {
  const globals = window as unknown as PageGlobals;
  globals.sdkdocsMermaidConfig = undefined;
  globals.sdkdocsMermaid.initialize({ startOnLoad: false, ...mermaidConfig });
  return JSON.parse(JSON.stringify(globals.sdkdocsMermaid.mermaidAPI.getConfig().themeVariables ?? {})) as Record<string, unknown>;
}

function packageUrl(file: string): string {
  return `${packageOrigin}${pathToFileURL(file).pathname}`;
}

/** Serves files under the allowed package folders; everything else the page asks for goes ahead. */
async function answerFromPackages(request: HTTPRequest, packageDirs: string[]): Promise<void> {
  if (!request.url().startsWith(`${packageOrigin}/`)) return request.continue();
  const file = decodeURIComponent(new URL(request.url()).pathname);
  const contentType = contentTypes[path.extname(file).toLowerCase()];
  const allowed = packageDirs.some((dir) => !path.relative(dir, file).startsWith('..'));
  if (!contentType || !allowed) return request.abort('accessdenied');
  try {
    await request.respond({ status: 200, contentType, headers: { 'Access-Control-Allow-Origin': '*' }, body: await readFile(file) });
  } catch {
    await request.abort('failed');
  }
}
