import { compile, createProcessor } from '@mdx-js/mdx';
import remarkComment from '@slorber/remark-comment';
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import type { PluggableList } from 'unified';
import { VFile } from 'vfile';
import type { MarkdownProcessor } from '../../markdown/processor.js';
import type { CompiledDoc, DiagramSource, MdxImport } from '../../model/compiled-doc.js';
import { recordedRouteOfFile, resolvesFromFolder, type CompileReads, type ParseContext, type ParseError, type ParseOutcome, type ParseTask } from '../parse-task.js';
import { findCodeSamples, mayHaveCodeSamples } from '../code-samples.js';
import { docusaurusToc } from '../../shared/docusaurus-toc.js';
import type { TocItem } from '../../shared/types.js';
import { docMessagesOf } from '../../markdown/plugins/doc-messages.js';
import rehypeRawHtml from '../../markdown/plugins/rehype-raw-html.js';
import rehypeThemeBlocks from '../../markdown/plugins/rehype-theme-blocks.js';
import { skipChildren, walkTree } from '../../markdown/plugins/walk-tree.js';
import { diagramSlotTag } from '../../markdown/plugins/rehype-code.js';
import { askForFigures } from '../place-diagrams.js';
import { createContentRenderer } from '../../ssr/content-html.js';
import { fenceRoles } from '../../markdown/code-fences.js';
import { headingIdOfComment } from '../../markdown/heading-id.js';
import { mdxTrigger } from './detect-mdx.js';
import { providedMdxComponents } from './mdx-names.js';
import { parse as parseYaml } from 'yaml';
import { frontMatterFence } from '../../markdown/doc-text.js';
import type { EstreeNode, MdxNode } from '../../markdown/mdx-nodes.js';
import { namesDefinedByDoc } from '../../markdown/mdx-definitions.js';
import type { Node as UnistNode, Parent as UnistParent } from 'unist';
import remarkNpm2Yarn from '../../markdown/plugins/remark-npm2yarn.js';
import { remarkUntrustedMdx } from './untrusted-mdx.js';
import { rehypeSafeJsxUrls } from './safe-jsx-urls.js';
import { recmaJsxPositions } from './jsx-positions.js';

/** What compiled MDX imports its components' hook from; the bundlers resolve it to the theme's provider. */
export const mdxProviderSpecifier = 'sdkdocs:mdx-provider';

declare module 'vfile' {
  interface DataMap {
    mdxImports: MdxImport[];
    /** The doc defines or imports a `toc` of its own, which the generated one would clash with. */
    mdxOwnToc: boolean;
    /** The same for `frontMatter`. */
    mdxOwnFrontMatter: boolean;
  }
}

/** Renders the figures of MDX docs' diagrams to HTML; made on the first one a thread meets. */
let figureRenderer: ReturnType<typeof createContentRenderer> | undefined;

/**
 * Compiles one doc with MDX 3, through the same remark and rehype plugins as markdown (admonitions,
 * links, highlighting, heading ids, diagrams), into an ES module whose default export renders the
 * content. Besides what markdown docs get, it checks that every component the content uses is
 * imported, defined or provided, so that a missing one fails at its tag, not at render time.
 */
export async function compileMdxDoc(processor: MarkdownProcessor, task: ParseTask, context: ParseContext, format: 'mdx' | 'md' = 'mdx'): Promise<ParseOutcome> {
  const markdown = format === 'md';
  const unwrapped = markdown ? task.raw : unwrapMdxCodeBlocks(task.raw);
  // The markdown parser's reading of `:::tip Title` lines (outside code) is close enough to MDX's to
  // label them. A doc that may have code samples is parsed whole instead: that parse, which keeps
  // the lines where they are, labels the titles and finds the samples (so the sample check needs
  // no parse of its own).
  const parsed = mayHaveCodeSamples(unwrapped) ? processor.parse(unwrapped, task.file) : undefined;
  const labelled = parsed ? String(parsed.file.value) : processor.labelTitles(unwrapped);
  const samples = parsed ? findCodeSamples(task.raw, parsed.mdast) : [];
  const file = new VFile({ value: markdown ? labelled : commentHeadingIds(labelled), path: task.file });
  const themeBlocks = context.themeBlocks ?? [];
  if (themeBlocks.length > 0) file.data.themeBlocks = new Set(themeBlocks);
  const diagrams: DiagramSource[] = [];
  if (context.figureOf) file.data.diagrams = diagrams;
  if (context.mermaidOff) file.data.mermaidOff = true;
  file.data.images = [];
  const reads: CompileReads = { routes: [], files: [] };
  file.data.compileReads = reads;
  file.data.linkContext = {
    routeOfFile: recordedRouteOfFile(context.routeByFile, reads),
    docsDir: context.docsDir,
    siteDir: context.contentDir ?? context.siteDir,
    baseUrl: context.baseUrl,
    pageRoute: task.route,
    trailingSlash: resolvesFromFolder(task, context.trailingSlash),
  };
  const { syntax, transforms, toHast } = processor.plugins as Record<'syntax' | 'transforms' | 'toHast', [unknown, ...unknown[]][]>;
  // Package-manager tabs before the site's own plugins, so a site's npm2yarn plugin finds its fences done.
  const remarkPlugins = [...syntax.filter(([plugin]) => plugin !== remarkParse), [remarkNpm2Yarn], ...transforms] as PluggableList;
  const remarkRehypeOptions = toHast.find(([plugin]) => plugin === remarkRehype)?.[1] as object | undefined;
  // MDX has no raw HTML nodes: its HTML is JSX, which React renders. Markdown read by MDX keeps
  // its HTML as raw nodes, which rehype-raw-html parses as on the plain markdown path.
  const rehypePlugins = toHast.filter(([plugin]) => plugin !== remarkRehype && (markdown || plugin !== rehypeRawHtml)) as PluggableList;
  const themeBlockPlugins: PluggableList = themeBlocks.length > 0 ? [[rehypeThemeBlocks, themeBlocks]] : [];
  try {
    const output = await compile(file, {
      format,
      outputFormat: 'program',
      jsx: false,
      development: false,
      jsxImportSource: 'react',
      // Every MDX module, partials included, takes its components from the page's MdxRoot.
      providerImportSource: mdxProviderSpecifier,
      // `<!-- … -->` is not MDX, but Docusaurus reads it as a comment, so docs written for it have them.
      remarkPlugins: markdown
        ? remarkPlugins
        : [remarkComment, ...(context.contentDir === undefined ? [] : [remarkUntrustedMdx]), remarkMdxHeadingIds, ...remarkPlugins, [remarkMdxNames, context.mdxComponentNames ?? []]],
      remarkRehypeOptions: markdown ? { ...remarkRehypeOptions, allowDangerousHtml: true } : (remarkRehypeOptions ?? {}),
      // The doc's elements carry their places, so that a component that throws at build time is reported at its tag.
      recmaPlugins: [recmaJsxPositions],
      rehypePlugins: [...(markdown ? [] : [rehypeStaticCodeBlocks, rehypeSafeJsxUrls]), ...rehypePlugins, ...themeBlockPlugins, [rehypeTitleAndDiagrams, task.title]],
    });
    // The module leaves each figure to `<SdkdocsDiagram>`: it is rendered here, as the page's HTML,
    // and handed to the component by renderMdxDocs, so it never enters the module the browser loads.
    const figures = context.figureOf && diagrams.length > 0 ? await askForFigures(diagrams, context.figureOf) : undefined;
    for (const [index, answer] of (figures?.answers ?? []).entries()) {
      if (answer.figure) diagrams[index].figureHtml = (figureRenderer ??= createContentRenderer()).html({ type: 'root', children: [answer.figure] });
    }
    const messages = [...docMessagesOf(file.messages), ...(figures?.messages ?? [])];
    const compiled: CompiledDoc = {
      // Filled in by renderMdxDocs, which renders the module with its components.
      html: '',
      toc: file.data.toc ?? [],
      anchors: [...(file.data.anchors ?? [])],
      links: file.data.links ?? [],
      sections: [],
      diagrams,
      mdx: {
        code: String(output.value) + (file.data.mdxOwnToc ? '' : tocExport(task.raw, file.data.toc ?? [])) + (file.data.mdxOwnFrontMatter ? '' : frontMatterExport(task)),
        imports: file.data.mdxImports ?? [],
      },
      images: file.data.images,
      ...(messages.length > 0 && { messages }),
      ...(samples.length > 0 && { samples }),
    };
    return { route: task.route, compiled, reads };
  } catch (error) {
    const first = mdxError(error, task);
    const others = (error as { others?: unknown[] }).others?.map((other) => mdxError(other, task)) ?? (await laterSyntaxErrors(file.value as string, task, format, first));
    return { route: task.route, error: others.length > 0 ? { ...first, others } : first };
  }
}

/** How many syntax errors of one doc are reported at most. */
const maxSyntaxErrors = 10;

/**
 * The syntax errors after the first one, found as a writer would find them: with the line at
 * fault emptied, the doc is parsed again (only parsed, which is cheap), until it parses or the
 * next error could be an echo of an emptied line — one that left a tag or a brace open, whose
 * closing would then be blamed.
 */
async function laterSyntaxErrors(source: string, task: ParseTask, format: 'mdx' | 'md', first: MdxErrorPlace): Promise<MdxErrorPlace[]> {
  const lines = source.split('\n');
  const found: MdxErrorPlace[] = [];
  let previous = first;
  const processor = createProcessor({ format });
  while (found.length < maxSyntaxErrors - 1) {
    const line = previous.line;
    if (line === undefined || line > lines.length || !isBalancedLine(lines[line - 1])) break;
    lines[line - 1] = '';
    try {
      processor.parse(new VFile({ value: lines.join('\n'), path: task.file }));
      break;
    } catch (error) {
      const next = mdxError(error, task);
      if (next.line === undefined || next.line <= line) break;
      found.push(next);
      previous = next;
    }
  }
  return found;
}

/** Whether a line closes every brace and tag it opens, so emptying it leaves nothing open. */
function isBalancedLine(line: string): boolean {
  const count = (pattern: RegExp) => line.match(pattern)?.length ?? 0;
  const opened = count(/<[A-Za-z][^>]*?(?<!\/)>/g);
  const closed = count(/<\/[A-Za-z][^>]*>/g);
  return count(/\{/g) === count(/\}/g) && opened === closed;
}

/**
 * Docusaurus gives every MDX doc a `toc` export, its headings as `{ value, id, level }` (value is
 * HTML), which `<TOCInline toc={toc} />` reads. Only a doc that names `toc` gets it, and not one
 * that defines its own.
 */
function tocExport(raw: string, toc: readonly TocItem[]): string {
  if (!/\btoc\b/.test(raw)) return '';
  return `\nexport const toc = ${JSON.stringify(docusaurusToc(toc))};\n`;
}

/**
 * Docusaurus' MDX loader exports every doc's front matter as `frontMatter`, which its content may
 * hand to a component (`<AdrTable frontMatter={frontMatter} />`, contributing.bitwarden.com). Only
 * a doc that names it gets it. Dates stay dates, as js-yaml reads them for Docusaurus.
 */
function frontMatterExport(task: ParseTask): string {
  if (!/\bfrontMatter\b/.test(task.raw)) return '';
  const yamlText = frontMatterFence.exec(task.raw)?.[1];
  let data: unknown = {};
  try {
    // js-yaml's default schema: YAML 1.2's core with 1.1's timestamps.
    data = yamlText === undefined ? {} : (parseYaml(yamlText, { customTags: ['timestamp'] }) ?? {});
  } catch {
    // Front matter that does not parse is reported where the doc is read; the doc gets none.
  }
  return `\nexport const frontMatter = ${javaScriptLiteral(data)};\n`;
}

/** A value of front matter written as JavaScript: JSON, but a date is a `Date`. */
function javaScriptLiteral(value: unknown): string {
  if (value instanceof Date) return `new Date(${JSON.stringify(value.toISOString())})`;
  if (Array.isArray(value)) return `[${value.map(javaScriptLiteral).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([key, entry]) => `${JSON.stringify(key)}: ${javaScriptLiteral(entry)}`).join(', ')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * MDX 1 (Docusaurus 2) let `  </TabItem>` follow a list; MDX 3, as CommonMark, reads a line
 * indented that far as more of the list's last item, so the tag closes nothing there. Docs moved
 * over from Docusaurus 2 hit this often, and MDX's own message does not say how to fix it.
 */
function closingTagInListHint(reason: string): string {
  const tag = /Expected the closing tag `(<\/[^`]*>)` either after the end of `listItem`/.exec(reason)?.[1];
  return tag ? ` The indented ${tag} after a list is read as part of the list's last item: write it at the start of its line, without indent.` : '';
}

/**
 * MDX 1 (Docusaurus 2) read markdown inside `{props.debug && <div>…</div>}`; MDX 3 reads all of
 * it, up to the closing brace, as JavaScript, and acorn stops at some character of the markdown,
 * lines below the brace (Detox's `> react-native start` in a code block). The expression's first
 * line is the nearest one above that opens more braces than it closes, with a blank line between.
 */
function expressionHoldsMarkdownHint(reason: string, raw: string, line: number | undefined): string {
  if (line === undefined || !reason.startsWith('Could not parse expression with acorn')) return '';
  const lines = raw.split('\n');
  let blankBetween = false;
  for (let index = Math.min(line, lines.length) - 2; index >= 0; index--) {
    const text = lines[index]!;
    if (text.trim() === '') blankBetween = true;
    else if (/^\s*\{/.test(text) && text.split('{').length > text.split('}').length) {
      if (!blankBetween) return '';
      return ` The expression that opens at line ${index + 1} holds markdown, which MDX reads as JavaScript up to its closing brace (MDX 1, of Docusaurus 2, read it as markdown): put the markdown in a component's children instead, e.g. \`<Show when={props.debug}>…</Show>\` with \`export const Show = ({ when, children }) => (when ? children : null);\`.`;
    }
  }
  return '';
}

type MdxErrorPlace = ParseError;

/** An MDX compile error with its position, and a hint on what usually causes it. */
function mdxError(error: unknown, task: ParseTask): MdxErrorPlace {
  const message = error as { reason?: string; message: string; note?: unknown; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
  const reason = message.reason ?? message.message;
  let line = message.place?.start?.line ?? message.place?.line;
  let column = message.place?.start?.column ?? message.place?.column;
  // Some MDX messages (an unclosed tag) carry their position only in the text: `(3:1-3:7)`.
  const inText = /\((\d+):(\d+)-\d+:\d+\)/.exec(reason);
  if (line === undefined && inText) {
    line = Number(inText[1]);
    column = Number(inText[2]);
  }
  const trigger = /\.md$/i.test(task.file) ? mdxTrigger(task.raw) : undefined;
  const why = trigger ? ` (this .md file is read as MDX because of line ${trigger.line}: \`${trigger.text}\`)` : '';
  return {
    message: `MDX: ${reason.replace(/\s*\(\d+:\d+-\d+:\d+\)/, '')}${why}.`.replace(/\.\.$/, '.') + closingTagInListHint(reason) + expressionHoldsMarkdownHint(reason, task.raw, line),
    line,
    column,
    ...(typeof message.note === 'string' && { hint: message.note }),
  };
}

/**
 * Docusaurus' ```` ```mdx-code-block ```` fences hold MDX that editors should show as code (JSX
 * between tabs, so that markdown tools do not trip on it): their content is MDX like the rest of
 * the doc. The fence lines become blank lines, so positions stay true to the file.
 */
export function unwrapMdxCodeBlocks(markdown: string): string {
  if (!markdown.includes('mdx-code-block')) return markdown;
  const lines = markdown.split('\n');
  let unwrapping = false;
  fenceRoles(lines, 0, 'mdx').forEach(({ role, info }, index) => {
    if (role === 'open') unwrapping = info?.split(/\s/)[0] === 'mdx-code-block';
    if ((role === 'open' || role === 'close') && unwrapping) lines[index] = '';
  });
  return lines.join('\n');
}

/**
 * `## Title {#custom-id}`, the heading-id syntax of markdown docs, is not valid MDX (`#` cannot
 * start an expression); like Docusaurus, read it as the comment form `{/* #custom-id *\/}`.
 * Code fences are left alone, and only the end of the heading line changes.
 */
export function commentHeadingIds(markdown: string): string {
  if (!markdown.includes('{#')) return markdown;
  const lines = markdown.split('\n');
  const roles = fenceRoles(lines, 0, 'mdx');
  return lines
    .map((line, index) => (roles[index].role === 'text' && /^ {0,3}#{1,6}[ \t]/.test(line) ? line.replace(/\{#([\w-]+)\}(\s*)$/, '{/* #$1 */}$2') : line))
    .join('\n');
}

/**
 * Docusaurus' MDX heading ids: `## Title {/* #custom-id *\/}` gives the heading that id (the
 * comment renders nothing, so the syntax is valid MDX); the id is the comment's first word, any
 * characters but spaces (`#stage-0:-class-properties`).
 */
function remarkMdxHeadingIds() {
  return (tree: MdastRoot) => {
    walkTree(tree, (node) => {
      if (node.type !== 'heading') return;
      const heading = node as unknown as MdxNode & { data?: { hProperties?: Record<string, unknown> } };
      const last = heading.children?.at(-1);
      const comment = last?.type === 'mdxTextExpression' ? /^\s*\/\*((?:(?!\*\/)[\s\S])*)\*\/\s*$/.exec(last.value ?? '')?.[1] : undefined;
      const id = comment === undefined ? undefined : headingIdOfComment(comment);
      if (!id) return skipChildren;
      heading.children!.pop();
      const text = heading.children!.at(-1);
      if (text?.type === 'text' && text.value) text.value = text.value.trimEnd();
      heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } };
      return skipChildren;
    });
  };
}

/**
 * Records the doc's imports (with their positions) and fails at the JSX component tags whose names
 * nothing defines (not imported, not exported by the doc, not provided by sdkdocs), all of them.
 */
function remarkMdxNames(siteComponents: readonly string[]) {
  return (tree: MdastRoot, file: VFile) => {
    const imports: MdxImport[] = [];
    const defined = namesDefinedByDoc(tree, imports);
    for (const name of [...providedMdxComponents, ...siteComponents]) defined.add(name);
    file.data.mdxImports = imports;
    file.data.mdxOwnToc = defined.has('toc');
    file.data.mdxOwnFrontMatter = defined.has('frontMatter');
    // Docusaurus' MDX loader exports the doc's front matter, which the doc's components may be given.
    defined.add('frontMatter');
    const problems: ReturnType<VFile['message']>[] = [];
    walkTree(tree, (unknownNode, index, parent) => {
      const node = unknownNode as unknown as MdxNode;
      // A node a site's plugin made has no place of its own: the text it was made from has.
      const place = () => unknownNode.position ?? positionWithin(unknownNode) ?? parent.children.slice(0, index).reverse().find((sibling) => sibling.position)?.position ?? parent.position;
      if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        const name = bareIdentifier(node);
        // `{name}` that nothing defines would fail the page when it renders, far from its line.
        if (name && !defined.has(name) && name !== 'props' && !(name in globalThis)) {
          problems.push(
            file.message(
              `\`{${name}}\` is not defined: MDX reads braces as a JavaScript expression. Write \`\\{${name}}\` for literal braces, or define it with \`export const ${name} = …\``,
              place(),
              'mdx-undefined-expression',
            ),
          );
        }
        return;
      }
      if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || !node.name) return;
      // Docusaurus reads `<head>` in MDX as its Head component: the page's title and head tags.
      // MDX renders lower-case JSX as the HTML element, which would put a head into the body.
      if (node.name === 'head') node.name = 'Head';
      const style = node.attributes?.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'style');
      if (style && typeof style.value === 'string') {
        problems.push(
          file.message(
            `The \`style\` of \`<${node.name}>\` is a string; in MDX, as in JSX, it is an object: style={{color: 'red', marginTop: '1em'}}`,
            unknownNode,
            'mdx-style-string',
          ),
        );
      }
      const root = node.name.split('.')[0];
      // Lower-case names are HTML elements; React renders them as they are.
      if (!/^[A-Z]/.test(root) && !node.name.includes('.')) return;
      if (defined.has(root)) return;
      problems.push(
        file.message(
          `\`<${node.name}>\` is not defined. Import it (\`import ${root} from '@site/src/components/${root}';\`), or define it with \`export const ${root} = …\``,
          place(),
          'mdx-undefined-component',
        ),
      );
    });
    // Every such problem of the doc in one build, not one per build: the first fails the compile, carrying the others.
    if (problems.length > 0) {
      for (const problem of problems) file.messages.splice(file.messages.indexOf(problem), 1);
      throw Object.assign(problems[0], { fatal: true, others: problems.slice(1) });
    }
  };
}

/** The place of the first node under `node` that has one. */
function positionWithin(node: UnistNode): UnistNode['position'] {
  for (const child of (node as Partial<UnistParent>).children ?? []) {
    const place = child.position ?? positionWithin(child);
    if (place) return place;
  }
  return undefined;
}

/** The name of an expression that is one identifier alone (`{version}`), else undefined. */
function bareIdentifier(node: MdxNode): string | undefined {
  const statement = node.data?.estree?.body[0] as { type: string; expression?: EstreeNode } | undefined;
  if (node.data?.estree?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return undefined;
  return statement.expression?.type === 'Identifier' ? (statement.expression.name as string) : undefined;
}

/**
 * `<CodeBlock language="ts" title="x.ts">{`…`}</CodeBlock>` with literal code becomes the same
 * `pre > code` a fenced block gives, before the highlighter runs: highlighted at build time, with
 * title and line numbers, and no highlighter in the browser. Code computed at run time is left to
 * the `@theme/CodeBlock` component, which shows it unhighlighted.
 */
function rehypeStaticCodeBlocks() {
  return (tree: HastRoot) => {
    const codeBlockNames = new Set<string>();
    for (const node of tree.children as unknown as MdxNode[]) {
      if (node.type !== 'mdxjsEsm') continue;
      for (const statement of node.data?.estree?.body ?? []) {
        if (statement.type !== 'ImportDeclaration' || (statement.source as { value: string }).value !== '@theme/CodeBlock') continue;
        for (const specifier of statement.specifiers as { type: string; local: { name: string } }[]) {
          if (specifier.type === 'ImportDefaultSpecifier') codeBlockNames.add(specifier.local.name);
        }
      }
    }
    if (codeBlockNames.size === 0) return;
    walkTree(tree, (unknownNode, index, parent) => {
      const node = unknownNode as unknown as MdxNode;
      if (node.type !== 'mdxJsxFlowElement' || !node.name || !codeBlockNames.has(node.name)) return;
      const code = literalCode(node.children ?? []);
      if (code === undefined) return;
      const attributes = new Map<string, unknown>();
      for (const attribute of node.attributes ?? []) {
        if (attribute.type === 'mdxJsxAttribute' && attribute.name) attributes.set(attribute.name, attribute.value === null ? true : attribute.value);
      }
      if ([...attributes.values()].some((value) => typeof value === 'object' && value !== null)) return;
      const language = typeof attributes.get('language') === 'string' ? (attributes.get('language') as string) : undefined;
      const meta = [
        typeof attributes.get('title') === 'string' ? `title=${JSON.stringify(attributes.get('title'))}` : '',
        attributes.get('showLineNumbers') === true ? 'showLineNumbers' : '',
        typeof attributes.get('metastring') === 'string' ? (attributes.get('metastring') as string) : '',
      ].filter(Boolean).join(' ');
      const codeElement: Element = {
        type: 'element',
        tagName: 'code',
        properties: language ? { className: [`language-${language}`] } : {},
        children: [{ type: 'text', value: code.replace(/\n$/, '') }],
        data: { meta } as Element['data'],
      };
      (parent.children as ElementContent[])[index] = { type: 'element', tagName: 'pre', properties: {}, children: [codeElement], position: (unknownNode as Element).position };
      return skipChildren;
    });
  };
}

/** The code of a CodeBlock whose only child is a string or a template literal without `${}`. */
function literalCode(children: MdxNode[]): string | undefined {
  const meaningful = children.filter((child) => !(child.type === 'text' && !child.value?.trim()));
  if (meaningful.length !== 1 || meaningful[0].type !== 'mdxFlowExpression') return undefined;
  const expression = (meaningful[0].data?.estree?.body[0] as { expression?: EstreeNode } | undefined)?.expression;
  if (!expression) return undefined;
  if (expression.type === 'Literal' && typeof expression.value === 'string') return expression.value;
  if (expression.type === 'TemplateLiteral' && (expression.expressions as unknown[]).length === 0) {
    return ((expression.quasis as { value: { cooked: string } }[])[0]).value.cooked;
  }
  return undefined;
}

/**
 * The doc's title as its h1 when the content has none (as markdown docs get), and each diagram
 * slot as `<SdkdocsDiagram index>`: at build time it renders the figure compileMdxDoc made, and in
 * the browser it keeps the figure the page already shows.
 */
function rehypeTitleAndDiagrams(title: string) {
  return (tree: HastRoot) => {
    const hasH1 = tree.children.some((node) => node.type === 'element' && node.tagName === 'h1');
    // '' is a doc with `hide_title`, or a partial: no h1 of the page's own.
    if (!hasH1 && title) {
      const firstContent = tree.children.findIndex((node) => (node.type as string) !== 'mdxjsEsm');
      const heading: Element = { type: 'element', tagName: 'h1', properties: {}, children: [{ type: 'text', value: title }] };
      tree.children.splice(firstContent === -1 ? tree.children.length : firstContent, 0, heading);
    }
    walkTree(tree, (unknownNode, index, parent) => {
      if (unknownNode.type !== 'element' || (unknownNode as Element).tagName !== diagramSlotTag) return;
      const diagramIndex = Number((unknownNode as Element).properties.dataIndex);
      (parent.children as unknown[])[index] = {
        type: 'mdxJsxFlowElement',
        name: 'SdkdocsDiagram',
        attributes: [{ type: 'mdxJsxAttribute', name: 'index', value: { type: 'mdxJsxAttributeValueExpression', value: String(diagramIndex), data: { estree: numberProgram(diagramIndex) } } }],
        children: [],
      };
      return skipChildren;
    });
  };
}

/** The estree of an expression statement holding one number literal, as MDX attribute expressions carry. */
function numberProgram(value: number) {
  return {
    type: 'Program',
    sourceType: 'module',
    body: [{ type: 'ExpressionStatement', expression: { type: 'Literal', value, raw: String(value) } }],
  };
}
