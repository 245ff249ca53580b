import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element, Parent } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import { packageRoot } from '../core/package-root.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { BuildContext, Page, Site } from '../core/site.js';
import { openDiagramCache } from './diagram-cache.js';
import { DiagramBrowserMissingError, DiagramSyntaxError, diagramThemes, type DiagramRenderer, type DiagramTheme } from './diagram-renderer.js';
import { inlineDiagramSvg } from './diagram-svg.js';
import { createMermaidCliRenderer } from './mermaid-cli-renderer.js';

/** What renderDiagrams did, for the build log and for tests of the cache. */
export interface DiagramStats {
  /** ```mermaid blocks found. */
  diagrams: number;
  /** SVGs (one per diagram and theme) taken from the cache. */
  fromCache: number;
  /** SVGs rendered in the browser. */
  rendered: number;
  /** Browsers started: 0 when every diagram was cached. */
  browserLaunches: number;
}

/** A ```mermaid block as remark-rehype left it: `pre > code.language-mermaid`. */
interface DiagramBlock {
  page: Page;
  parent: Parent;
  pre: Element;
  definition: string;
  line?: number;
  svgs: Partial<Record<DiagramTheme, string>>;
}

const variantOfTheme: Record<DiagramTheme, string> = { default: 'light', dark: 'dark' };
/** Diagrams rendered at once in the one browser: more only queue up on two cores. */
const concurrentRenders = 2;

/**
 * Prerenders every ```mermaid block to inline SVG, a light and a dark variant that the colour mode
 * switches between with CSS, so no mermaid JavaScript reaches the browser. SVGs are cached on disk
 * by diagram text, theme and mermaid version; the browser starts only for a diagram not cached.
 */
export async function renderDiagrams(site: Site, ctx: BuildContext): Promise<void> {
  if (!site.config.markdown.mermaid) return;
  const blocks = site.pages.flatMap(findDiagramBlocks);
  const stats: DiagramStats = { diagrams: blocks.length, fromCache: 0, rendered: 0, browserLaunches: 0 };
  site.diagrams = stats;
  if (blocks.length === 0) return;

  const fontFamily = siteFontFamily();
  const renderer: DiagramRenderer = ctx.diagramRenderer ?? createMermaidCliRenderer({ fontFamily });
  const cache = openDiagramCache(path.join(ctx.cacheDir, 'mermaid'), renderer.cacheKey);
  const diagnostics: Diagnostic[] = [];
  let browserProblem: Diagnostic | undefined;

  const renderBlock = async (block: DiagramBlock) => {
    for (const theme of diagramThemes) {
      const cached = await cache.get(block.definition, theme);
      if (cached !== undefined) {
        block.svgs[theme] = cached;
        stats.fromCache++;
        continue;
      }
      if (browserProblem) return;
      try {
        const svg = await renderer.render(block.definition, theme);
        stats.rendered++;
        await cache.set(block.definition, theme, svg);
        block.svgs[theme] = svg;
      } catch (error) {
        if (error instanceof DiagramSyntaxError) {
          diagnostics.push({ ...at(block), severity: 'error', code: 'mermaid', message: `mermaid: ${error.message}`, hint: syntaxHint(error.message, block.line) });
        } else if (error instanceof DiagramBrowserMissingError) {
          browserProblem ??= { ...at(block), severity: 'error', code: 'chromium', message: error.message };
        } else {
          throw error;
        }
        // The light variant failed; the dark one would fail the same way.
        return;
      }
    }
  };

  try {
    let next = 0;
    const worker = async () => {
      while (next < blocks.length) await renderBlock(blocks[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(concurrentRenders, blocks.length) }, worker));
  } finally {
    stats.browserLaunches = renderer.browserLaunches;
    if (!ctx.diagramRenderer) await renderer.close();
  }
  ctx.logger.debug(
    `mermaid: ${stats.diagrams} diagram${stats.diagrams === 1 ? '' : 's'}, ${stats.fromCache} SVGs from the cache, ${stats.rendered} rendered, ${stats.browserLaunches} browser launch${stats.browserLaunches === 1 ? '' : 'es'}`,
  );
  if (browserProblem) diagnostics.push(browserProblem);
  if (diagnostics.length > 0) {
    site.diagnostics.push(...diagnostics);
    return;
  }

  const counts = new Map<Page, number>();
  for (const block of blocks) {
    const number = (counts.get(block.page) ?? 0) + 1;
    counts.set(block.page, number);
    const figure: Element = {
      type: 'element',
      tagName: 'figure',
      properties: { className: ['mermaid-diagram'] },
      position: block.pre.position,
      children: diagramThemes.map((theme) =>
        inlineDiagramSvg(block.svgs[theme]!, {
          id: `mermaid-${number}-${variantOfTheme[theme]}`,
          className: ['mermaid-svg', `mermaid-${variantOfTheme[theme]}`],
          fontFamily,
        }),
      ),
    };
    block.parent.children[block.parent.children.indexOf(block.pre)] = figure;
  }
}

function findDiagramBlocks(page: Page): DiagramBlock[] {
  if (!page.hast) return [];
  const blocks: DiagramBlock[] = [];
  visit(page.hast, 'element', (node, _index, parent) => {
    if (node.tagName !== 'pre' || !parent) return;
    const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    const classes = code?.properties.className;
    if (!code || !Array.isArray(classes) || !classes.includes('language-mermaid')) return;
    blocks.push({ page, parent, pre: node, definition: toString(code), line: node.position?.start.line, svgs: {} });
    return 'skip';
  });
  return blocks;
}

function at(block: DiagramBlock): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  return { file: block.page.sourceFile, line: block.line, column: block.pre.position?.start.column };
}

/** Points from mermaid's diagram-relative line to the line of the markdown file. */
function syntaxHint(message: string, fenceLine: number | undefined): string | undefined {
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
