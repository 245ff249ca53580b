import type { SourceLink } from '../core/site.js';
import { createContentRenderer } from '../render/content-html.js';
import { splitSections, type ContentSection } from '../search/search-records.js';
import type { TocItem } from '../shared/types.js';
import { findCodeSamples, type CodeSample } from './code-samples.js';
import { createMarkdownProcessor, type MarkdownProcessor } from './markdown.js';
import { checkMarkdownLimits, maxNestingDepth } from './markdown-limits.js';
import type { DiagramSource } from './plugins/rehype-code.js';
import { compileMdxDoc, type MdxModuleSource } from './mdx/compile-mdx.js';
import { isMdxDoc } from './mdx/detect-mdx.js';
import { docMessagesOf, type DocMessage } from './plugins/doc-messages.js';
import type { DocImage } from './plugins/rehype-images.js';
import type { ThemeBlockName } from './plugins/rehype-theme-blocks.js';
import { themeBlocksOf } from './mdx/theme-block-docs.js';

export { diagramPlaceholder, type DiagramSource } from './plugins/rehype-code.js';

/** One doc to compile: plain data, so it can cross to a worker thread. */
export interface ParseTask {
  file: string;
  raw: string;
  route: string;
  /** The doc's title: the h1 its page shows when the markdown has none ('' for no such h1: `hide_title`). */
  title: string;
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
  /** An MDX doc's module; its `html` comes from rendering it (renderMdxDocs). */
  mdx?: MdxModuleSource;
  /** Image files the content shows, to be copied as assets (see rehype-images). */
  images?: DocImage[];
  /** Problems the plugins found in the content, at their places (kept with the compiled doc, so a cached doc reports them again). */
  messages?: DocMessage[];
  /** The doc's code blocks that the API stage may type-check, found while parsing it (none when absent). */
  samples?: CodeSample[];
}

/** What compiling gives a doc's page; a failure carries its position instead. */
export interface ParseOutcome {
  route: string;
  compiled?: CompiledDoc;
  error?: { message: string; line?: number; column?: number; hint?: string };
}

/** Where links of every doc resolve, and what the build does with diagrams: the same for all docs. */
export interface ParseContext {
  docsDir: string;
  siteDir: string;
  baseUrl: string;
  routeByFile: Map<string, string>;
  /** Whether ```mermaid blocks become diagrams (else they stay code blocks). */
  mermaid: boolean;
  /**
   * The markdown constructs' components the site overrides (`src/theme/Admonition.tsx` …): docs
   * that hold such a construct are compiled to an MDX module that renders it through the override.
   */
  themeBlocks?: ThemeBlockName[];
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
    checkMarkdownLimits(task.raw);
    if (isMdxDoc(task.file, task.raw)) return await compileMdxDoc(processor, task, context);
    const { mdast, file } = processor.parse(task.raw, task.file);
    const blocks = context.themeBlocks?.length ? themeBlocksOf(mdast, context) : undefined;
    let fallback: DocMessage | undefined;
    if (blocks) {
      const outcome = await compileMdxDoc(processor, task, context, 'md');
      if (outcome.compiled) return outcome;
      fallback = blocks.fallbackWarning(outcome.error!);
    }
    const samples = findCodeSamples(task.raw, mdast);
    const diagrams: DiagramSource[] = [];
    if (context.mermaid) file.data.diagrams = diagrams;
    file.data.images = [];
    const result = await processor.transform(mdast, file, {
      routeOfFile: (absolute) => context.routeByFile.get(absolute),
      docsDir: context.docsDir,
      siteDir: context.siteDir,
      baseUrl: context.baseUrl,
      pageRoute: task.route,
    });
    return {
      route: task.route,
      compiled: {
        html: renderer.docHtml(result.hast, task.title),
        toc: result.toc,
        anchors: [...result.anchors],
        links: result.links,
        sections: splitSections(result.hast),
        diagrams,
        images: file.data.images,
        ...((result.messages.length > 0 || fallback) && { messages: [...(fallback ? [fallback] : []), ...docMessagesOf(result.messages)] }),
        ...(samples.length > 0 && { samples }),
      },
    };
  } catch (error) {
    const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
    return {
      route: task.route,
      error: {
        ...describeCompileError(error),
        line: place?.start?.line ?? place?.line,
        column: place?.start?.column ?? place?.column,
      },
    };
  }
}

/** What went wrong, said for the author: a structure too deep for the stack is a limit, not a crash. */
function describeCompileError(error: unknown): { message: string; hint?: string } {
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return {
      message: 'The markdown nests too deeply to compile (the stack overflowed).',
      hint: `Flatten it: keep block quotes, lists, links and emphasis within ${maxNestingDepth} levels.`,
    };
  }
  return { message: (error as Error).message, hint: (error as { hint?: string }).hint };
}
