import type { BuildContext, Site } from '../core/site.js';
import { createMarkdownProcessor } from './markdown.js';

/**
 * Parses every doc's markdown into hast: the table of contents, heading anchors and links are
 * recorded on its page for the TOC, the link rules and search.
 */
export async function parseMarkdown(site: Site, _ctx: BuildContext): Promise<void> {
  const processor = createMarkdownProcessor();
  const routeByFile = new Map(site.docs.map((doc) => [doc.source.file, doc.route]));
  const pageByRoute = new Map(site.pages.map((page) => [page.route, page]));
  const { minHeadingLevel, maxHeadingLevel } = site.config.tableOfContents;
  for (const doc of site.docs) {
    const page = pageByRoute.get(doc.route);
    if (!page || page.sourceFile !== doc.source.file) continue;
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
