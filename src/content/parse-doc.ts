import type { Element, Parent, Root as HastRoot } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { SourceLink } from '../core/site.js';
import { createContentRenderer } from '../render/content-html.js';
import { splitSections, type ContentSection } from '../search/search-records.js';
import type { TocItem } from '../shared/types.js';
import { createMarkdownProcessor, type MarkdownProcessor } from './markdown.js';

/** One doc to compile: plain data, so it can cross to a worker thread. */
export interface ParseTask {
  file: string;
  raw: string;
  route: string;
  /** The doc's title: the h1 its page shows when the markdown has none. */
  title: string;
}

/** A ```mermaid block, cut out of the content for renderDiagrams. */
export interface DiagramSource {
  definition: string;
  line?: number;
  column?: number;
}

/**
 * Everything the rest of the build needs from a doc's markdown, as plain data: the content
 * already rendered to HTML, so no stage holds (or copies between threads) the doc's syntax trees.
 */
export interface CompiledDoc {
  /** Content HTML; each diagram is a {@link diagramPlaceholder} until renderDiagrams fills it in. */
  html: string;
  toc: TocItem[];
  /** Every element id in the content (headings, footnotes), for anchor checks. */
  anchors: string[];
  links: SourceLink[];
  /** The content's text split at its h2/h3 headings, for search. */
  sections: ContentSection[];
  diagrams: DiagramSource[];
}

/** What compiling gives a doc's page; a failure carries its position instead. */
export interface ParseOutcome {
  route: string;
  compiled?: CompiledDoc;
  error?: { message: string; line?: number; column?: number };
}

/** Where links of every doc resolve, and what the build does with diagrams: the same for all docs. */
export interface ParseContext {
  docsDir: string;
  baseUrl: string;
  routeByFile: Map<string, string>;
  /** Whether ```mermaid blocks become diagrams (else they stay code blocks). */
  mermaid: boolean;
}

/**
 * The element that stands for the n-th diagram of a doc in its content HTML. No markdown can
 * produce it (raw HTML is not passed through), so replacing it cannot touch the author's text.
 */
export function diagramPlaceholder(index: number): string {
  return `<sdkdocs-diagram data-index="${index}"></sdkdocs-diagram>`;
}

/** The markdown processor and content renderer one thread compiles its docs with. */
export function createDocCompiler(context: ParseContext) {
  const processor: MarkdownProcessor = createMarkdownProcessor();
  const renderer = createContentRenderer();
  return (task: ParseTask): Promise<ParseOutcome> => compileDoc(processor, renderer, task, context);
}

async function compileDoc(
  processor: MarkdownProcessor,
  renderer: ReturnType<typeof createContentRenderer>,
  task: ParseTask,
  context: ParseContext,
): Promise<ParseOutcome> {
  try {
    const { mdast, file } = processor.parse(task.raw, task.file);
    const result = await processor.transform(mdast, file, {
      routeOfFile: (absolute) => context.routeByFile.get(absolute),
      docsDir: context.docsDir,
      baseUrl: context.baseUrl,
      pageRoute: task.route,
    });
    const diagrams = context.mermaid ? cutOutDiagrams(result.hast) : [];
    return {
      route: task.route,
      compiled: {
        html: renderer.docHtml(result.hast, task.title),
        toc: result.toc,
        anchors: [...result.anchors],
        links: result.links,
        sections: splitSections(result.hast),
        diagrams,
      },
    };
  } catch (error) {
    const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
    return {
      route: task.route,
      error: {
        message: (error as Error).message,
        line: place?.start?.line ?? place?.line,
        column: place?.start?.column ?? place?.column,
      },
    };
  }
}

/** Replaces each `pre > code.language-mermaid` with a placeholder element and returns the definitions in order. */
function cutOutDiagrams(hast: HastRoot): DiagramSource[] {
  const diagrams: DiagramSource[] = [];
  visit(hast, 'element', (node, index, parent: Parent | undefined) => {
    if (node.tagName !== 'pre' || !parent || index === undefined) return;
    const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    const classes = code?.properties.className;
    if (!code || !Array.isArray(classes) || !classes.includes('language-mermaid')) return;
    const start = node.position?.start;
    diagrams.push({ definition: toString(code), line: start?.line, column: start?.column });
    parent.children[index] = { type: 'element', tagName: 'sdkdocs-diagram', properties: { dataIndex: diagrams.length - 1 }, children: [] };
    return 'skip';
  });
  return diagrams;
}
