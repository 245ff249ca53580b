import type { BuildContext, Doc, Page, Site } from '../core/site.js';
import { createMarkdownProcessor } from './markdown.js';
import { resolveMarkdownLink } from './plugins/remark-links.js';

/**
 * Parses every doc's markdown into hast: the table of contents, heading anchors and links are
 * recorded on its page for the TOC, the link rules and search.
 */
export async function parseMarkdown(site: Site, ctx: BuildContext): Promise<void> {
  const processor = createMarkdownProcessor();
  const routeByFile = new Map(site.docs.map((doc) => [doc.source.file, doc.route]));
  const pageByRoute = new Map(site.pages.map((page) => [page.route, page]));
  const { minHeadingLevel, maxHeadingLevel } = site.config.tableOfContents;
  const reusable = reusableParses(site, ctx, routeByFile);
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
    try {
      const { mdast, file } = processor.parse(doc.source.raw, doc.source.file);
      const result = await processor.transform(mdast, file, {
        routeOfFile: (absolute) => routeByFile.get(absolute),
        docsDir: site.config.paths.docs,
        baseUrl: site.config.baseUrl,
        pageRoute: doc.route,
      });
      page.hast = result.hast;
      page.anchors = result.anchors;
      page.links = result.links;
      page.data.toc = result.toc.filter((item) => item.depth >= minHeadingLevel && item.depth <= maxHeadingLevel);
      if (doc.frontMatter.hide_table_of_contents === true) page.data.toc = [];
    } catch (error) {
      const place = (error as { place?: { line?: number; column?: number; start?: { line: number; column: number } } }).place;
      site.diagnostics.push({
        severity: 'error',
        code: 'markdown',
        message: `Cannot parse markdown: ${(error as Error).message}`,
        file: doc.source.file,
        line: place?.start?.line ?? place?.line,
        column: place?.start?.column ?? place?.column,
      });
    }
  }
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
