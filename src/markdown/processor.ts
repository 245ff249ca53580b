import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { createFastParser, fastParseEnabled } from './fast-parse.js';
import type { SourceLink } from '../model/compiled-doc.js';
import type { TocItem } from '../shared/types.js';
import type { ReadBoundsFactory } from '../model/read-bounds.js';
import remarkAdmonitions, { admonitionNames, labelAdmonitionTitles, type AdmonitionOptions } from './plugins/remark-admonitions.js';
import rehypeCode from './plugins/rehype-code.js';
import rehypeImages from './plugins/rehype-images.js';
import rehypeRawHtml from './plugins/rehype-raw-html.js';
import remarkHeadingIds from './plugins/remark-heading-ids.js';
import { commentHeadingIdsAsBraces } from './heading-id.js';
import remarkGfmWithoutLiteralAutolinks, { type LeanGfmOptions, mayHoldTable, needsLiteralAutolinks } from './plugins/remark-gfm-without-literal-autolinks.js';
import remarkLinks, { type RemarkLinksOptions } from './plugins/remark-links.js';
import remarkLiteralDirectives from './plugins/remark-literal-directives.js';
import remarkTableCells from './plugins/remark-table-cells.js';
import rehypeElementPass from './plugins/rehype-element-pass.js';
import { headingVisitor } from './plugins/rehype-headings.js';
import { headingText } from './content-sections.js';
import { safeUrlVisitor } from './plugins/rehype-safe-urls.js';
import { taskListLabelVisitor } from './plugins/rehype-task-list-labels.js';

/** A site's own remark and rehype plugins (`docs.remarkPlugins` and friends), by where they run in the chain. */
export interface SiteMarkdownPlugins {
  /** Before sdkdocs' own remark plugins. */
  beforeRemark: PluggableList;
  /** After them. */
  remark: PluggableList;
  /** Before sdkdocs' own rehype plugins, right after remark-rehype. */
  beforeRehype: PluggableList;
  /** After them. */
  rehype: PluggableList;
}

export interface MarkdownResult {
  hast: HastRoot;
  toc: TocItem[];
  anchors: Set<string>;
  links: SourceLink[];
  /** The first h1's text, when the markdown has one. */
  h1?: string;
  /** Warnings of the plugins (`file.message`), with their places in the markdown. */
  messages: VFile['messages'];
}

/**
 * The markdown pipeline shared by docs and TSDoc comments: GFM, admonitions, link rewriting,
 * raw HTML, images next to docs, build-time highlighting, heading ids and direct links, TOC collection.
 * `sanitizeHtml` cleans the raw HTML, for safe mode (`--untrusted`). `readBounds` guards the images a doc shows:
 * without it, no image file is read.
 */
export function createMarkdownProcessor(
  options: { admonitions?: AdmonitionOptions; sitePlugins?: SiteMarkdownPlugins; sanitizeHtml?: boolean; fastParse?: boolean; readBounds?: ReadBoundsFactory } = {},
) {
  const { admonitions, sitePlugins } = options;
  // A site's remark plugins may add syntax (remark-math) that only remark-parse reads.
  const fastParse = (options.fastParse ?? fastParseEnabled()) && !sitePlugins ? createFastParser() : undefined;
  const admonitionsOfSite = admonitionNames(admonitions);
  // The site's remark plugins are attached to the parsers too: one that adds syntax (remark-math)
  // registers its tokenizer when attached.
  const siteRemark: PluggableList = sitePlugins ? [...sitePlugins.beforeRemark, ...sitePlugins.remark] : [];
  // One chain for both parsers: the lean one gives remark-gfm's tree only while the rest is the same, in the same order.
  const gfmParser = () => unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective);
  const parser = gfmParser().use(siteRemark);
  const leanParser = (options: LeanGfmOptions) =>
    unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfmWithoutLiteralAutolinks, options).use(remarkDirective).use(siteRemark);
  const leanWithTables = leanParser({ tables: true });
  const leanWithoutTables = leanParser({ tables: false });
  /** The leanest parser that gives this text remark-gfm's tree, unless it has literal autolinks. */
  const leanParserFor = (text: string) => (mayHoldTable(text) ? leanWithTables : leanWithoutTables);
  const mdastTransforms = unified()
    .use(sitePlugins?.beforeRemark ?? [])
    .use(remarkHeadingIds)
    .use(remarkAdmonitions, admonitions)
    .use(remarkLiteralDirectives)
    .use(remarkTableCells)
    .use(remarkLinks)
    .use(sitePlugins?.remark ?? []);

  const toHast = unified()
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(sitePlugins?.beforeRehype ?? [])
    .use(rehypeCode)
    // After rehypeCode, which reads fenced code's meta from `data` that parse5 does not keep.
    .use(rehypeRawHtml, { sanitize: options.sanitizeHtml })
    .use(rehypeImages, { readBounds: options.readBounds })
    // Headings, task list labels and URL checks in one walk of the tree; last, so that the URLs
    // written in raw HTML are checked too.
    .use(rehypeElementPass, [headingVisitor, taskListLabelVisitor, safeUrlVisitor])
    .use(sitePlugins?.rehype ?? []);

  /**
   * Parses markdown to mdast; positions stay true to the file, front matter included. `exact`:
   * by remark-parse alone, whose tree places every node (the fast parse places those diagnostics
   * point at); `fast` tells whether the fast parse gave the tree.
   */
  function parse(markdown: string, filePath?: string, exact = false): { mdast: MdastRoot; file: VFile; fast: boolean } {
    let fast = false;
    const parseText = (text: string) => {
      const file = new VFile({ value: text, path: filePath });
      const fastTree = exact ? undefined : fastParse?.(text);
      // Most docs have no literal autolink, and parse a third faster without them; many have no
      // table either (see the plugin).
      const mdast = fastTree ?? (leanParserFor(text).parse(file) as MdastRoot);
      const needsAutolinks = needsLiteralAutolinks(mdast);
      fast = fastTree !== undefined && !needsAutolinks;
      return { mdast: needsAutolinks ? (parser.parse(file) as MdastRoot) : mdast, file };
    };
    const withIds = commentHeadingIdsAsBraces(markdown);
    const labelled = labelAdmonitionTitles(withIds, (text) => parseText(text).mdast, admonitionsOfSite);
    const parsed = labelled ? { mdast: labelled.mdast, file: new VFile({ value: labelled.markdown, path: filePath }) } : parseText(withIds);
    return { ...parsed, fast };
  }

  /** The text with `:::note Title` lines labelled as remark-directive reads them (MDX parses it itself). */
  function labelTitles(markdown: string): string {
    // Literal autolinks make no code, so the faster parser tells which lines are code just as well.
    return labelAdmonitionTitles(markdown, (text) => leanParserFor(text).parse(text) as MdastRoot, admonitionsOfSite)?.markdown ?? markdown;
  }

  /** Runs the transforms and converts to hast. */
  async function transform(mdast: MdastRoot, file: VFile, links: RemarkLinksOptions): Promise<MarkdownResult> {
    file.data.linkContext = links;
    const transformed = (await mdastTransforms.run(mdast, file)) as MdastRoot;
    const hast = (await toHast.run(transformed, file)) as HastRoot;
    const firstH1 = hast.children.find((node): node is Element => node.type === 'element' && node.tagName === 'h1');
    return {
      hast,
      toc: file.data.toc ?? [],
      anchors: file.data.anchors ?? new Set(),
      links: file.data.links ?? [],
      h1: firstH1 ? headingText(firstH1) : undefined,
      messages: file.messages,
    };
  }

  // MDX docs are compiled by @mdx-js/mdx with this same chain (its own parser and remark-rehype aside).
  // The site's remark plugins are among the transforms already.
  const plugins = { syntax: gfmParser().attachers, transforms: mdastTransforms.attachers, toHast: toHast.attachers };
  return { parse, labelTitles, transform, plugins };
}

export type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;
