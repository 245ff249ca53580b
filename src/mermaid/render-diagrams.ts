import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element } from 'hast';
import { packageRoot } from '../core/package-root.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { BuildContext, Page, Site } from '../core/site.js';
import { openDiagramCache, type DiagramCache } from './diagram-cache.js';
import { DiagramBrowserMissingError, DiagramNeedsThemesError, DiagramSyntaxError, diagramThemes, type DiagramColours, type DiagramRenderer, type DiagramStats, type DiagramTheme } from '../core/diagram-renderer.js';
import { rendersBothModesAtOnce } from './diagram-kinds.js';
import { inlineDiagramSvg } from './diagram-svg.js';
import { createMermaidCliRenderer, mermaidMaxTextSize } from './mermaid-cli-renderer.js';
import { diagramPlaceholder, type CompiledDoc, type DiagramSource } from '../core/compiled-doc.js';
import { createContentRenderer } from '../core/content-html.js';
import { compilerFingerprint } from '../core/compiler-fingerprint.js';
import { isText, openItemStore, transformCache, type ItemMemory } from '../core/item-store.js';
import { formatThemeString } from '../shared/theme-strings.js';

/** A ```mermaid block of a doc, cut out of its content by parseMarkdown. */
interface DiagramBlock {
  page: Page;
  content: CompiledDoc;
  /** Its place among the page's diagrams: the placeholder's index. */
  index: number;
  source: DiagramSource;
}

const variantOfTheme: Record<DiagramTheme, string> = { default: 'light', dark: 'dark' };

/**
 * Prerenders every ```mermaid block to inline SVG, so no mermaid JavaScript reaches the browser:
 * one SVG whose colours are custom properties the colour mode switches, or, for the few kinds of
 * diagram that one render cannot draw faithfully in both modes (see diagram-kinds.ts), a light
 * and a dark SVG that CSS shows one of. SVGs are cached on disk by diagram text, colours and
 * mermaid version; the browser starts only for a diagram not cached.
 */
export async function renderDiagrams(site: Site, ctx: BuildContext): Promise<void> {
  if (!site.config.markdown.mermaid) return;
  const blocks = site.pages.flatMap(findDiagramBlocks);
  const stats: DiagramStats = { diagrams: blocks.length, figuresFromCache: 0, fromCache: 0, rendered: 0, browserLaunches: 0 };
  site.diagrams = stats;
  const fontFamily = siteFontFamily();
  const renderer: DiagramRenderer = ctx.diagramRenderer ?? createMermaidCliRenderer({ fontFamily });
  // serve --watch: pages whose content is the previous build's take its filled-in HTML as it was.
  const pending = blocks.filter((block) => filledHtml.get(block.content)?.rendererKey !== renderer.cacheKey);
  if (pending.length === 0) {
    for (const block of blocks) block.page.data.html = filledHtml.get(block.content)!.html;
    return;
  }

  // A figure's HTML depends on its SVGs, its number on the page and the code that inlines them.
  const figureCache = openFigureCache(path.join(ctx.cacheDir, 'mermaid', 'figures'), `${renderer.cacheKey}\0${compilerFingerprint()}\0${fontFamily}`, ctx.memory);
  const figureOf = new Map<DiagramBlock, string>();
  for (const block of pending) {
    const cached = figureCache.get(block.source.definition, block.index + 1);
    if (cached !== undefined) figureOf.set(block, cached);
  }
  stats.figuresFromCache = figureOf.size;
  const tooLong = pending.filter((block) => block.source.definition.length > mermaidMaxTextSize);
  for (const block of tooLong) {
    site.diagnostics.push({
      ...at(block),
      severity: 'error',
      code: 'mermaid',
      message: `This mermaid diagram is ${block.source.definition.length.toLocaleString('en')} characters long; mermaid draws diagrams of up to ${mermaidMaxTextSize.toLocaleString('en')} (its maxTextSize).`,
      hint: 'Split it into several smaller diagrams.',
    });
  }
  if (tooLong.length > 0) return;
  const toRender = pending.filter((block) => !figureOf.has(block));
  if (toRender.length > 0 && !(await renderFigures(site, ctx, toRender, renderer, stats, fontFamily, figureOf, figureCache))) return;

  for (const block of pending) {
    const filled = filledHtml.get(block.content);
    const html = filled?.rendererKey === renderer.cacheKey ? filled.html : block.content.html;
    filledHtml.set(block.content, { rendererKey: renderer.cacheKey, html: html.replace(diagramPlaceholder(block.index), figureOf.get(block)!) });
  }
  for (const block of blocks) block.page.data.html = filledHtml.get(block.content)!.html;
}

/**
 * The figures of blocks not in the figure cache, from SVGs in the SVG cache or rendered in the
 * browser; false when a diagram could not be rendered (its diagnostics are on the site).
 */
async function renderFigures(
  site: Site,
  ctx: BuildContext,
  blocks: DiagramBlock[],
  renderer: DiagramRenderer,
  stats: DiagramStats,
  fontFamily: string,
  figureOf: Map<DiagramBlock, string>,
  figureCache: FigureCache,
): Promise<boolean> {
  const cache = openDiagramCache(path.join(ctx.cacheDir, 'mermaid'), renderer.cacheKey, ctx.memory);
  // Blocks with the same text (the same diagram on two pages) render once.
  const definitions = [...new Set(blocks.map((block) => block.source.definition))];
  let outcome: RenderOutcome;
  try {
    outcome = await renderDefinitions(definitions, renderer, cache, stats);
  } finally {
    stats.browserLaunches = renderer.browserLaunches;
    if (!ctx.diagramRenderer) await renderer.close();
  }
  ctx.logger.debug(
    `mermaid: ${stats.diagrams} diagram${stats.diagrams === 1 ? '' : 's'}, ${stats.figuresFromCache} figures and ${stats.fromCache} SVGs from the cache, ${stats.rendered} rendered, ${stats.browserLaunches} browser launch${stats.browserLaunches === 1 ? '' : 'es'}`,
  );

  const { svgs, syntaxErrors, browserProblem } = outcome;
  for (const block of blocks) {
    const syntaxError = syntaxErrors.get(block.source.definition);
    if (syntaxError === undefined) continue;
    site.diagnostics.push({ ...at(block), severity: 'error', code: 'mermaid', message: `mermaid: ${syntaxError}`, hint: syntaxHint(syntaxError, block.source.line) });
  }
  if (browserProblem) {
    // Reported once, at the first diagram that needed the browser.
    const first = blocks.find((block) => !svgs.has(block.source.definition) && !syntaxErrors.has(block.source.definition))!;
    site.diagnostics.push({ ...at(first), severity: 'error', code: 'chromium', message: browserProblem });
  }
  if (svgs.size < definitions.length) return false;

  const figures = createContentRenderer();
  for (const block of blocks) {
    const number = block.index + 1;
    const rendered = svgs.get(block.source.definition)!;
    const variants =
      typeof rendered === 'string'
        ? [inlineDiagramSvg(rendered, { id: `mermaid-${number}`, className: ['mermaid-svg'], fontFamily })]
        : diagramThemes.map((theme) =>
            inlineDiagramSvg(rendered[theme], {
              id: `mermaid-${number}-${variantOfTheme[theme]}`,
              className: ['mermaid-svg', `mermaid-${variantOfTheme[theme]}`],
              fontFamily,
            }),
          );
    const figure: Element = {
      type: 'element',
      tagName: 'figure',
      properties: { className: ['mermaid-diagram'], style: diagramWidthStyle(variants[0]) },
      // The button first: on a phone it is seen before a tall diagram is scrolled through.
      children: [fullSizeButton(), ...variants],
    };
    const html = figures.html({ type: 'root', children: [figure] });
    figureOf.set(block, html);
    figureCache.set(block.source.definition, number, html);
  }
  return true;
}

/**
 * The diagram's natural width (mermaid's `max-width` on the SVG) as `--diagram-width`: on
 * phones the theme keeps the diagram that wide, legible, and lets the figure scroll sideways.
 */
function diagramWidthStyle(svg: Element): string | undefined {
  const width = /(?:^|;)\s*max-width:\s*([\d.]+px)/.exec(String(svg.properties.style ?? ''))?.[1];
  return width ? `--diagram-width:${width}` : undefined;
}

/** Opens the diagram at its natural size in a dialog (src/client/diagram-dialog.ts); shown only with JavaScript. */
function fullSizeButton(): Element {
  return {
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['diagram-full-size-button'] },
    children: [{ type: 'text', value: formatThemeString('diagramOpenFullSize') }],
  };
}

interface FigureCache {
  get(definition: string, number: number): string | undefined;
  set(definition: string, number: number, html: string): void;
}

/**
 * Finished figures (both SVGs inlined, ids numbered for their place on the page) in the item
 * store: a build whose diagrams did not change reads one small entry per diagram instead of
 * parsing and rewriting two SVGs.
 */
function openFigureCache(dir: string, key: string, memory?: ItemMemory): FigureCache {
  const figures = transformCache(openItemStore(dir, memory), {
    kind: 'figure',
    inputs: ({ definition, number }: { definition: string; number: number }) => [key, number, definition],
    accepts: isText,
  });
  return {
    get: (definition, number) => figures.get({ definition, number }),
    set: (definition, number, html) => figures.set({ definition, number }, html),
  };
}

interface RenderOutcome {
  /** Per definition, one SVG for both colour modes, or one per theme. */
  svgs: Map<string, string | Record<DiagramTheme, string>>;
  /** Mermaid's message per definition that does not parse. */
  syntaxErrors: Map<string, string>;
  browserProblem?: string;
}

/** What the cache holds for a diagram one render cannot draw in both modes: no SVG is empty. */
const perTheme = '';

/** Every definition, from the cache or the renderer, as many at a time as the renderer has pages. */
async function renderDefinitions(definitions: string[], renderer: DiagramRenderer, cache: DiagramCache, stats: DiagramStats): Promise<RenderOutcome> {
  const outcome: RenderOutcome = { svgs: new Map(), syntaxErrors: new Map() };
  renderer.expectRenders?.(definitions.filter(rendersBothModesAtOnce).length + 2 * definitions.filter((definition) => !rendersBothModesAtOnce(definition)).length);
  /** The SVG, undefined when it failed, or `perTheme` when one render cannot draw both modes. */
  const svgIn = async (definition: string, colours: DiagramColours): Promise<string | undefined> => {
    const cached = await cache.get(definition, colours);
    if (cached !== undefined) {
      if (cached !== perTheme) stats.fromCache++;
      return cached;
    }
    if (outcome.browserProblem) return undefined;
    try {
      const svg = await renderer.render(definition, colours);
      stats.rendered++;
      await cache.set(definition, colours, svg);
      return svg;
    } catch (error) {
      if (error instanceof DiagramNeedsThemesError) {
        stats.rendered++;
        // Remembered, so the next build goes straight to the two renders.
        await cache.set(definition, colours, perTheme);
        return perTheme;
      }
      if (error instanceof DiagramSyntaxError) outcome.syntaxErrors.set(definition, error.message);
      else if (error instanceof DiagramBrowserMissingError) outcome.browserProblem ??= error.message;
      else throw error;
      return undefined;
    }
  };
  const renderOne = async (definition: string) => {
    if (rendersBothModesAtOnce(definition)) {
      const svg = await svgIn(definition, 'both');
      if (svg === undefined) return;
      if (svg !== perTheme) {
        outcome.svgs.set(definition, svg);
        return;
      }
    }
    const svgs: Partial<Record<DiagramTheme, string>> = {};
    for (const theme of diagramThemes) {
      const svg = await svgIn(definition, theme);
      // A definition that fails in one theme fails in the other too.
      if (svg === undefined) return;
      svgs[theme] = svg;
    }
    outcome.svgs.set(definition, svgs as Record<DiagramTheme, string>);
  };
  let next = 0;
  const worker = async () => {
    while (next < definitions.length) await renderOne(definitions[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(renderer.concurrency ?? 1, definitions.length) }, worker));
  return outcome;
}

/**
 * Each compiled doc's HTML with its diagrams in, and the renderer (mermaid version, font) they
 * came from. serve --watch hands unchanged docs to the next build as the same objects.
 */
const filledHtml = new WeakMap<CompiledDoc, { rendererKey: string; html: string }>();

function findDiagramBlocks(page: Page): DiagramBlock[] {
  const content = page.content;
  if (!content) return [];
  return content.diagrams.map((source, index) => ({ page, content, index, source }));
}

function at(block: DiagramBlock): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  return { file: block.page.sourceFile, line: block.source.line, column: block.source.column };
}

/** Points from mermaid's diagram-relative line to the line of the markdown file. */
function syntaxHint(message: string, fenceLine: number | undefined): string {
  const diagramLine = /on line (\d+)/.exec(message)?.[1];
  if (!diagramLine || fenceLine === undefined) return 'See https://mermaid.js.org/intro/syntax-reference.html for the syntax.';
  return `Line ${diagramLine} of the diagram is line ${fenceLine + Number(diagramLine)} of the file.`;
}

let fontFamilyOfTheme: string | undefined;

/**
 * The theme's `--font-sans` stack: diagrams are measured and drawn in the site's font instead of
 * mermaid's default, which would otherwise need a font stylesheet inside every SVG.
 */
export function siteFontFamily(): string {
  fontFamilyOfTheme ??= (() => {
    const css = readFileSync(path.join(packageRoot(), 'templates', 'theme.css'), 'utf8');
    const stack = /--font-sans:\s*([^;]+);/.exec(css)?.[1]?.trim();
    if (!stack) throw new Error('sdkdocs: templates/theme.css defines no --font-sans');
    return stack;
  })();
  return fontFamilyOfTheme;
}
