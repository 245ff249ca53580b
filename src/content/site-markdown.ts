import type { Element, Root as HastRoot } from 'hast';
import { VFile } from 'vfile';
import type { CodeBlockHighlighter, MarkdownFragmentCompiler } from '../model/markdown-fragments.js';
import { createContentRenderer } from '../ssr/content-html.js';
import type { Site } from '../core/site.js';
import { configSliceFingerprint } from '../config/config-fingerprint.js';
import { compilerFingerprint } from '../core/compiler-fingerprint.js';
import { createMarkdownProcessor, type MarkdownProcessor } from '../markdown/processor.js';
import { admonitionOptionsOf } from '../markdown/plugins/remark-admonitions.js';
import rehypeCode, { isHighlightedLanguage } from '../markdown/plugins/rehype-code.js';

/**
 * The site's compiler of markdown fragments (TSDoc comments), left on the site for the API stage:
 * the docs' pipeline, made at the first fragment, with links resolved against the site's docs.
 */
export function markdownFragmentCompiler(site: Site): MarkdownFragmentCompiler {
  let processor: MarkdownProcessor | undefined;
  let routeByFile: Map<string, string> | undefined;
  const { config } = site;
  // The docs' routes it reads are not part of it: a query that resolves links reads them itself.
  const made = { admonitions: config.docs.admonitions, docsDir: config.paths.docs, siteDir: config.siteDir, baseUrl: config.baseUrl, trailingSlash: config.trailingSlash };
  const compile = async (markdown: string, { file: sourceFile, pageRoute }: { file?: string; pageRoute: string }) => {
    processor ??= createMarkdownProcessor({ admonitions: admonitionOptionsOf(site.config.docs.admonitions) });
    routeByFile ??= new Map(site.docs.map((doc) => [doc.source.file, doc.route]));
    const routes = routeByFile;
    const { mdast, file } = processor.parse(markdown, sourceFile);
    return processor.transform(mdast, file, {
      routeOfFile: (absolute) => routes.get(absolute),
      docsDir: site.config.paths.docs,
      siteDir: site.config.siteDir,
      baseUrl: site.config.baseUrl,
      pageRoute,
      trailingSlash: site.config.trailingSlash,
    });
  };
  return Object.assign(compile, { fingerprint: configSliceFingerprint(config, made, compilerFingerprint()) });
}

/** Highlights one code block as a doc's fenced block would be: the same highlighter, markup and copy button. */
export function codeBlockHighlighter(): CodeBlockHighlighter {
  const tree = (language: string, code: string, meta?: string): HastRoot => {
    const root: HastRoot = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'pre',
          properties: {},
          children: [
            {
              type: 'element',
              tagName: 'code',
              properties: { className: [`language-${language}`] },
              children: [{ type: 'text', value: code }],
              // Where remark-rehype leaves a fence's meta string for rehype-code.
              ...(meta && { data: { meta } as Element['data'] }),
            },
          ],
        },
      ],
    };
    (rehypeCode() as (tree: HastRoot, file: VFile) => void)(root, new VFile());
    return root;
  };
  return {
    knows: isHighlightedLanguage,
    html: (language, code) => createContentRenderer().html(tree(language, code)),
    tree,
  };
}
