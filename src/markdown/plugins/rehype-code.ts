import type { Element, ElementContent, Root, Text } from 'hast';
import { toString } from 'hast-util-to-string';
import { common, createLowlight } from 'lowlight';
import type { VFile } from 'vfile';
import { applyMagicComments } from './code-magic-comments.js';
import { skipChildren, walkTree } from './walk-tree.js';
import type { DiagramSource } from '../../model/compiled-doc.js';

const lowlight = createLowlight(common);
lowlight.registerAlias({ bash: ['sh', 'shell', 'zsh', 'console'], typescript: ['tsx', 'mts', 'cts'], javascript: ['jsx', 'mjs', 'cjs'] });

/** What the info string after the language says: `title="game.ts" {1,3-4}`. */
/** Whether code in this language (a name or alias such as `ts`) is highlighted. */
export function isHighlightedLanguage(language: string): boolean {
  return lowlight.registered(language);
}

export interface CodeMeta {
  title?: string;
  /** The `{…}` line ranges as written, first and last line (1-based, first ≤ last). */
  highlightRanges: [number, number][];
  showLineNumbers: boolean;
}

/** The property rehype-code sets on a code block (with `themeBlocks`): the fence's meta string. */
export const codeMetaProperty = 'dataSdkdocsMeta';

export function parseCodeMeta(meta: string | undefined | null): CodeMeta {
  const result: CodeMeta = { highlightRanges: [], showLineNumbers: false };
  if (!meta) return result;
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) result.title = title[1] ?? title[2] ?? title[3];
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  if (ranges) {
    for (const part of ranges[1].split(',')) {
      const [from, to] = part.trim().split('-').map((n) => Number.parseInt(n, 10));
      if (Number.isNaN(from)) continue;
      const last = to === undefined || Number.isNaN(to) ? from : to;
      result.highlightRanges.push([Math.min(from, last), Math.max(from, last)]);
    }
  }
  result.showLineNumbers = /\bshowLineNumbers\b/.test(meta);
  return result;
}

/**
 * Highlights fenced code at build time with lowlight (highlight.js grammars) so no highlighting
 * JavaScript reaches the browser, and adds the title bar and highlighted lines from the meta
 * (ranges past the last line are cut there, with a warning) and from magic comments, which it
 * removes from the code shown and copied.
 * When the file asks for diagrams (`file.data.diagrams`, an array), each ```mermaid block is
 * cut out into it and leaves a {@link diagramSlotTag} element, where the doc compiler puts its
 * figure (content/place-diagrams.ts); otherwise it stays code.
 */
/**
 * The element that holds a diagram's place in the tree until its figure takes it. No markdown can
 * produce it (rehype-raw-html renames it in the author's HTML), so it is always a diagram's.
 */
export const diagramSlotTag = 'sdkdocs-diagram';

export default function rehypeCode() {
  return (tree: Root, file: VFile) => {
    const diagrams = file.data.diagrams;
    // The site's CodeBlock renders the block (rehype-theme-blocks), and gets the meta string too.
    const forComponent = file.data.themeBlocks?.has('CodeBlock') ?? false;
    walkTree(tree, (unknownNode, index, unknownParent) => {
      if (unknownNode.type !== 'element' || (unknownNode as Element).tagName !== 'pre') return;
      const node = unknownNode as Element;
      const parent = unknownParent as Root | Element;
      const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
      if (!code) return;
      const classNames = (code.properties.className as string[] | undefined) ?? [];
      const language = classNames.find((name) => name.startsWith('language-'))?.slice('language-'.length);
      if (language === 'mermaid') {
        if (!diagrams) {
          // The writer meant a diagram and would see its source as text, with nothing said.
          if (file.data.mermaidOff) {
            file.message('This ```mermaid block is shown as code: mermaid diagrams are off on this site.', {
              place: node.position?.start,
              ruleId: 'mermaid-off',
              source: 'sdkdocs',
            }).note = 'Turn them on with `markdown: { mermaid: true }` in the site config, or fence the block as ```text to show it as code.';
          }
          return;
        }
        const start = node.position?.start;
        diagrams.push({ definition: toString(code), line: start?.line, column: start?.column });
        parent.children[index] = { type: 'element', tagName: diagramSlotTag, properties: { dataIndex: diagrams.length - 1 }, children: [] };
        return skipChildren;
      }
      const metastring = (code.data as { meta?: string } | undefined)?.meta;
      const meta = parseCodeMeta(metastring);
      const magic = applyMagicComments(toString(code).replace(/\n$/, ''), language);
      const firstCodeLine = magic.problems.length > 0 ? firstLineOfCode(node, file) : undefined;
      for (const problem of magic.problems) {
        file.message(problem.message, { place: firstCodeLine === undefined ? undefined : { line: firstCodeLine + problem.line, column: 1 }, ruleId: 'magic-comment', source: 'sdkdocs' }).note = problem.hint;
      }
      const source = magic.code;
      const highlightLines = magic.highlighted;
      const lineCount = source.split('\n').length;
      for (const [from, to] of meta.highlightRanges) {
        if (to > lineCount) {
          const range = from === to ? `${from}` : `${from}-${to}`;
          file.message(`Line highlight \`{${range}}\` goes past the end of the code block, which has ${lineCount} line${lineCount === 1 ? '' : 's'}.`, {
            place: node.position?.start,
            ruleId: 'highlight-range',
            source: 'sdkdocs',
          }).note = `Highlight only lines 1-${lineCount}.`;
        }
        for (let line = Math.max(from, 1); line <= Math.min(to, lineCount); line++) highlightLines.add(line);
      }
      let highlighted: ElementContent[];
      if (language && lowlight.registered(language)) {
        highlighted = lowlight.highlight(language, source).children as ElementContent[];
      } else {
        highlighted = [{ type: 'text', value: source }];
      }
      const lines = splitIntoLines(highlighted).map((content, i): Element => ({
        type: 'element',
        tagName: 'span',
        properties: { className: highlightLines.has(i + 1) ? ['code-line', 'code-line-highlighted'] : ['code-line'] },
        children: content.length > 0 ? content : [{ type: 'text', value: '' }],
      }));
      const codeChildren: ElementContent[] = [];
      lines.forEach((line, i) => {
        if (i > 0) codeChildren.push({ type: 'text', value: '\n' });
        codeChildren.push(line);
      });
      const pre: Element = {
        type: 'element',
        tagName: 'pre',
        properties: { className: ['code-block-pre', ...(meta.showLineNumbers ? ['with-line-numbers'] : [])], tabIndex: 0 },
        children: [
          {
            type: 'element',
            tagName: 'code',
            properties: { className: ['hljs', ...(language ? [`language-${language}`] : [])] },
            children: codeChildren,
          },
        ],
      };
      const wrapperChildren: ElementContent[] = [];
      if (meta.title) {
        wrapperChildren.push({
          type: 'element',
          tagName: 'div',
          properties: { className: ['code-block-title'] },
          children: [{ type: 'text', value: meta.title }],
        });
      }
      wrapperChildren.push({
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block-content'] },
        children: [
          pre,
          {
            type: 'element',
            tagName: 'button',
            properties: { type: 'button', className: ['code-copy-button'], ariaLabel: 'Copy code to clipboard', title: 'Copy', dataCopy: '' },
            children: [{ type: 'text', value: 'Copy' }],
          },
        ],
      });
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block', ...(language ? [`language-${language}`] : [])], ...(forComponent && { [codeMetaProperty]: metastring ?? '' }) },
        children: wrapperChildren,
        position: node.position,
      };
      return skipChildren;
    });
  };
}

/** The line of the file the code of a block starts at: the one after its opening fence, if it has one. */
function firstLineOfCode(pre: Element, file: VFile): number | undefined {
  const start = pre.position?.start;
  if (!start || start.offset === undefined) return undefined;
  const value = String(file.value);
  const lineStart = value.lastIndexOf('\n', start.offset - 1) + 1;
  const firstLine = value.slice(lineStart, value.indexOf('\n', start.offset) === -1 ? undefined : value.indexOf('\n', start.offset));
  return /^[ \t>]*(```|~~~)/.test(firstLine) ? start.line + 1 : start.line;
}

/**
 * Splits highlighted hast into one node list per source line. A token that spans lines (a block
 * comment) is cut at each newline and its wrapping span repeated, so every line is well formed.
 */
export function splitIntoLines(nodes: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const walk = (node: ElementContent, wrappers: Element[]) => {
    if (node.type === 'text') {
      const parts = node.value.split('\n');
      parts.forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part) appendWithWrappers(lines[lines.length - 1], { type: 'text', value: part } as Text, wrappers);
      });
    } else if (node.type === 'element') {
      for (const child of node.children) walk(child, [...wrappers, node]);
    }
  };
  for (const node of nodes) walk(node, []);
  return lines;
}

function appendWithWrappers(line: ElementContent[], text: Text, wrappers: Element[]): void {
  let content: ElementContent = text;
  for (let i = wrappers.length - 1; i >= 0; i--) {
    content = { type: 'element', tagName: wrappers[i].tagName, properties: { ...wrappers[i].properties }, children: [content] };
  }
  line.push(content);
}

declare module 'vfile' {
  interface DataMap {
    /** Set (empty) by the caller that wants ```mermaid blocks cut out as diagrams. */
    diagrams: DiagramSource[];
    /** Set for a site doc on a site whose config leaves mermaid off: each ```mermaid block is a warning. */
    mermaidOff: boolean;
  }
}
