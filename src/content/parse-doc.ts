import { createContentRenderer } from '../ssr/content-html.js';
import { splitSections } from '../markdown/content-sections.js';
import { findCodeSamples, sampleCodeElements } from './code-samples.js';
import { createReadBounds } from '../core/path-bounds.js';
import { createMarkdownProcessor, type MarkdownProcessor } from '../markdown/processor.js';
import { checkMarkdownLimits, maxNestingDepth } from './markdown-limits.js';
import type { DiagramSource, DocMessage } from '../model/compiled-doc.js';
import { askForFigures, placeDiagrams } from './place-diagrams.js';
import { compileMdxDoc } from './mdx/compile-mdx.js';
import { isMdxDoc } from './mdx/detect-mdx.js';
import { mayHaveNpm2YarnFence } from '../markdown/plugins/remark-npm2yarn.js';
import { docMessagesOf } from '../markdown/plugins/doc-messages.js';
import { themeBlocksOf } from './mdx/theme-block-docs.js';
import { recordedRouteOfFile, resolvesFromFolder, type CompileReads, type ParseContext, type ParseOutcome, type ParseTask } from './parse-task.js';
import type { Root as MdastRoot } from 'mdast';
import type { VFile } from 'vfile';
import type { TocItem } from '../shared/types.js';

/** The markdown processor and content renderer one thread compiles its docs with. */
export function createDocCompiler(context: ParseContext) {
  const processor: MarkdownProcessor = createMarkdownProcessor({
    admonitions: context.admonitions,
    sitePlugins: context.sitePlugins,
    sanitizeHtml: context.contentDir !== undefined,
    readBounds: createReadBounds,
  });
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
    // Package-manager tabs are components: a markdown doc with them is compiled to an MDX module, still read as markdown.
    if (mayHaveNpm2YarnFence(task.raw)) return await compileMdxDoc(processor, task, context, 'md');
    // The fast parse places the nodes diagnostics point at, not every node: a doc with a message
    // (or an error) is compiled again from remark-parse's tree, so that nothing reported depends
    // on which parser ran.
    let outcome: ParseOutcome | undefined;
    try {
      outcome = await compileMarkdownDoc(processor, renderer, task, context, false);
    } catch {
      outcome = undefined;
    }
    return outcome ?? (await compileMarkdownDoc(processor, renderer, task, context, true))!;
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

/**
 * A markdown doc compiled to HTML; `exact`: from remark-parse's tree. Undefined when the fast
 * parse gave the tree and the compile has a message to report: the doc is compiled again, exactly.
 */
async function compileMarkdownDoc(
  processor: MarkdownProcessor,
  renderer: ReturnType<typeof createContentRenderer>,
  task: ParseTask,
  context: ParseContext,
  exact: boolean,
): Promise<ParseOutcome | undefined> {
  const { mdast, file, fast } = processor.parse(task.raw, task.file, exact);
  return compileParsedDoc(processor, renderer, task, context, mdast, file, fast);
}

async function compileParsedDoc(
  processor: MarkdownProcessor,
  renderer: ReturnType<typeof createContentRenderer>,
  task: ParseTask,
  context: ParseContext,
  mdast: MdastRoot,
  file: VFile,
  fastParsed: boolean,
): Promise<ParseOutcome | undefined> {
  const blocks = context.themeBlocks?.length ? themeBlocksOf(mdast, context) : undefined;
  let fallback: DocMessage | undefined;
  if (blocks) {
    const outcome = await compileMdxDoc(processor, task, context, 'md');
    if (outcome.compiled) return outcome;
    fallback = blocks.fallbackWarning(outcome.error!);
  }
  const samples = findCodeSamples(task.raw, mdast);
  const diagrams: DiagramSource[] = [];
  if (context.figureOf) file.data.diagrams = diagrams;
  if (context.mermaidOff) file.data.mermaidOff = true;
  file.data.images = [];
  const reads: CompileReads = { routes: [], files: [] };
  file.data.compileReads = reads;
  const result = await processor.transform(mdast, file, {
    routeOfFile: recordedRouteOfFile(context.routeByFile, reads),
    docsDir: context.docsDir,
    // Safe mode: images and `@site/` links resolve in the pull request's checkout, not the trusted one.
    siteDir: context.contentDir ?? context.siteDir,
    baseUrl: context.baseUrl,
    pageRoute: task.route,
    trailingSlash: resolvesFromFolder(task, context.trailingSlash),
  });
  // Before any figure is asked for: a diagram's answer (a browser problem) is given once a build.
  if (fastParsed && (fallback || result.messages.length > 0)) return undefined;
  // Search reads the text around the diagrams, not the labels inside them.
  const sections = splitSections(result.hast);
  let diagramMessages: DocMessage[] = [];
  if (context.figureOf && diagrams.length > 0) {
    const figures = await askForFigures(diagrams, context.figureOf);
    placeDiagrams(result.hast, figures.answers);
    diagramMessages = figures.messages;
  }
  const messages = [...(fallback ? [fallback] : []), ...docMessagesOf(result.messages), ...diagramMessages];
  const mobileToc = mobileTocOf(task, result.toc);
  let html: string;
  if (samples.length > 0) {
    // Where each sample's code went, for the names the sample check links in it later.
    const codeElements = sampleCodeElements(result.hast, samples);
    const placed = renderer.placedDocHtml(result.hast, task.title, mobileToc, new Set(codeElements.keys()));
    html = placed.html;
    for (const [element, index] of codeElements) {
      const place = placed.places.get(element);
      if (place) samples[index].place = place;
    }
  } else {
    html = renderer.docHtml(result.hast, task.title, mobileToc);
  }
  return {
    route: task.route,
    compiled: {
      html,
      toc: result.toc,
      anchors: [...result.anchors],
      links: result.links,
      sections,
      diagrams,
      images: file.data.images,
      ...(messages.length > 0 && { messages }),
      ...(samples.length > 0 && { samples }),
    },
    reads,
  };
}

/** What went wrong, said for the author: a structure too deep for the stack is a limit, not a crash. */
function describeCompileError(error: unknown): { message: string; hint?: string } {
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return {
      message: 'The markdown nests too deeply to compile (the stack overflowed).',
      hint: `Flatten it: keep block quotes, lists, links and emphasis within ${maxNestingDepth} levels.`,
    };
  }
  return { message: String((error as Error).message ?? error).trim(), hint: (error as { hint?: string }).hint };
}

/** The headings of the "On this page" box that the doc's content holds below its title. */
function mobileTocOf(task: ParseTask, toc: TocItem[]): TocItem[] {
  const levels = task.tocLevels;
  return levels ? toc.filter((item) => item.depth >= levels.min && item.depth <= levels.max) : [];
}
