import type { Root as HastRoot } from 'hast';
import type { SourceLink } from '../core/site.js';
import type { TocItem } from '../shared/types.js';
import type { MarkdownProcessor } from './markdown.js';

/** One doc to parse: plain data, so it can cross to a worker thread. */
export interface ParseTask {
  file: string;
  raw: string;
  route: string;
}

/** What parsing gives a doc's page; a failure carries its position instead. */
export interface ParseOutcome {
  route: string;
  hast?: HastRoot;
  toc?: TocItem[];
  anchors?: Set<string>;
  links?: SourceLink[];
  error?: { message: string; line?: number; column?: number };
}

/** Where links of every doc resolve: the same for all docs of a build. */
export interface ParseContext {
  docsDir: string;
  baseUrl: string;
  routeByFile: Map<string, string>;
}

/** Parses one doc; used in-process and by the parse workers alike. */
export async function parseDoc(processor: MarkdownProcessor, task: ParseTask, context: ParseContext): Promise<ParseOutcome> {
  try {
    const { mdast, file } = processor.parse(task.raw, task.file);
    const result = await processor.transform(mdast, file, {
      routeOfFile: (absolute) => context.routeByFile.get(absolute),
      docsDir: context.docsDir,
      baseUrl: context.baseUrl,
      pageRoute: task.route,
    });
    return { route: task.route, hast: result.hast, toc: result.toc, anchors: result.anchors, links: result.links };
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
