import type { BuildContext, Doc, Page, Site } from '../core/site.js';
import { canUseWorkers, runOnWorkers, workerCount } from '../core/worker-pool.js';
import { createMarkdownProcessor } from './markdown.js';
import { parseDoc, type ParseContext, type ParseOutcome, type ParseTask } from './parse-doc.js';
import { resolveMarkdownLink } from './plugins/remark-links.js';

/**
 * Parses every doc's markdown into hast: the table of contents, heading anchors and links are
 * recorded on its page for the TOC, the link rules and search.
 */
export async function parseMarkdown(site: Site, ctx: BuildContext): Promise<void> {
  const routeByFile = new Map(site.docs.map((doc) => [doc.source.file, doc.route]));
  const pageByRoute = new Map(site.pages.map((page) => [page.route, page]));
  const { minHeadingLevel, maxHeadingLevel } = site.config.tableOfContents;
  const reusable = reusableParses(site, ctx, routeByFile);
  const tasks: ParseTask[] = [];
  const docByRoute = new Map<string, Doc>();
  for (const doc of site.docs) {
    const page = pageByRoute.get(doc.route);
    if (!page || page.sourceFile !== doc.source.file) continue;
    const earlier = reusable(doc);
    if (earlier) {
      page.hast = earlier.hast;
      page.anchors = earlier.anchors;
      page.links = earlier.links;
      page.data.toc = earlier.data.toc;
      continue;
    }
    tasks.push({ file: doc.source.file, raw: doc.source.raw, route: doc.route });
    docByRoute.set(doc.route, doc);
  }
  const context: ParseContext = { docsDir: site.config.paths.docs, baseUrl: site.config.baseUrl, routeByFile };
  const outcomes = await parseAll(tasks, context, ctx);
  for (const outcome of outcomes) {
    const page = pageByRoute.get(outcome.route)!;
    const doc = docByRoute.get(outcome.route)!;
    if (outcome.error) {
      site.diagnostics.push({
        severity: 'error',
        code: 'markdown',
        message: `Cannot parse markdown: ${outcome.error.message}`,
        file: doc.source.file,
        line: outcome.error.line,
        column: outcome.error.column,
      });
      continue;
    }
    page.hast = outcome.hast;
    page.anchors = outcome.anchors!;
    page.links = outcome.links!;
    page.data.toc = doc.frontMatter.hide_table_of_contents === true
      ? []
      : outcome.toc!.filter((item) => item.depth >= minHeadingLevel && item.depth <= maxHeadingLevel);
  }
}

/** Below this many docs, starting worker threads costs more than parsing on this one. */
const parallelThreshold = 150;

/** Parses on worker threads sized to the cores for big sites, in-process otherwise. */
async function parseAll(tasks: ParseTask[], context: ParseContext, ctx: BuildContext): Promise<ParseOutcome[]> {
  if (tasks.length >= parallelThreshold && canUseWorkers(import.meta.url)) {
    ctx.logger.debug(`parseMarkdown: ${tasks.length} docs on ${workerCount()} worker threads`);
    return runOnWorkers<ParseTask, ParseOutcome>(new URL('./parse-worker.js', import.meta.url), {
      docsDir: context.docsDir,
      baseUrl: context.baseUrl,
      routeByFile: [...context.routeByFile],
    }, tasks);
  }
  const processor = createMarkdownProcessor();
  const outcomes: ParseOutcome[] = [];
  for (const [index, task] of tasks.entries()) {
    outcomes.push(await parseDoc(processor, task, context));
    if (index % 200 === 199) ctx.logger.progress(`parseMarkdown ${index + 1}/${tasks.length}`);
  }
  return outcomes;
}

/**
 * serve --watch: the previous build's page of a doc, when parsing the doc again would give the
 * same result: collectContent kept the doc (its text is unchanged) and every `.md` link in it
 * still points at the same route (the linked file was not renamed, deleted or re-slugged).
 */
function reusableParses(site: Site, ctx: BuildContext, routeByFile: Map<string, string>): (doc: Doc) => Page | undefined {
  if (!ctx.previous) return () => undefined;
  const keptDocs = new Set(ctx.previous.docs);
  const previousPages = new Map(ctx.previous.pages.map((page) => [page.route, page]));
  const linkContext = { routeOfFile: (file: string) => routeByFile.get(file), docsDir: site.config.paths.docs };
  return (doc) => {
    const earlier = previousPages.get(doc.route);
    if (!earlier?.hast || !keptDocs.has(doc) || earlier.sourceFile !== doc.source.file) return undefined;
    const linksUnchanged = earlier.links.every(
      (link) => link.kind !== 'markdown' || resolveMarkdownLink(link.url, link.file, linkContext) === link.resolved,
    );
    return linksUnchanged ? earlier : undefined;
  };
}
