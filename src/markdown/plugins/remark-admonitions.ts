import type { Blockquote, Paragraph, PhrasingContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { admonitionTitleProperty, admonitionTypeProperty } from './rehype-theme-blocks.js';
import { skipChildren, walkTree } from './walk-tree.js';

/**
 * The look of an admonition: its class (`admonition-<style>`) and icon. Docusaurus' five, plus
 * GitHub's `important`.
 */
export type AdmonitionStyle = 'note' | 'tip' | 'info' | 'warning' | 'danger' | 'important';

interface AdmonitionKind {
  style: AdmonitionStyle;
  title: string;
  /** A keyword of the site's own: its name, as a class beside the style's. */
  name?: string;
}

/** `:::name` admonitions, as in Docusaurus (`caution` is its old name of `warning`), and GitHub's `important`. */
const directiveKinds: Record<string, AdmonitionKind> = {
  note: { style: 'note', title: 'Note' },
  tip: { style: 'tip', title: 'Tip' },
  info: { style: 'info', title: 'Info' },
  warning: { style: 'warning', title: 'Warning' },
  danger: { style: 'danger', title: 'Danger' },
  caution: { style: 'warning', title: 'Caution' },
  important: { style: 'important', title: 'Important' },
};

/** GitHub's alerts, `> [!NOTE]`; GitHub draws CAUTION in red, as Docusaurus draws `danger`. */
const githubAlertKinds: Record<string, AdmonitionKind> = {
  note: directiveKinds.note,
  tip: directiveKinds.tip,
  important: directiveKinds.important,
  warning: directiveKinds.warning,
  caution: { style: 'danger', title: 'Caution' },
};

/** The `:::name` admonitions sdkdocs knows. */
export const admonitionTypes: readonly string[] = Object.keys(directiveKinds);

/**
 * Docusaurus' `admonitions` option as plain data (it goes to the parse workers): the site's own
 * keywords, and whether the default ones stay (`extendDefaults`; none at all for `admonitions: false`).
 */
export interface AdmonitionOptions {
  keywords: string[];
  defaults: boolean;
}

/** The config's `docs.admonitions` as plain data: undefined for Docusaurus' defaults. */
export function admonitionOptionsOf(option: boolean | { keywords?: string[]; extendDefaults?: boolean } | undefined): AdmonitionOptions | undefined {
  if (option === undefined || option === true) return undefined;
  if (option === false) return { keywords: [], defaults: false };
  return { keywords: option.keywords ?? [], defaults: option.extendDefaults ?? true };
}

/**
 * The admonitions a site has. A keyword of its own looks as Docusaurus' theme draws a type it has
 * no component for, like `info`, and keeps its name (the class `admonition-<name>`, and the type
 * the site's own Admonition component gets).
 */
function admonitionKinds(options: AdmonitionOptions | undefined): Record<string, AdmonitionKind> {
  if (!options) return directiveKinds;
  const kinds: Record<string, AdmonitionKind> = options.defaults ? { ...directiveKinds } : {};
  for (const keyword of options.keywords) kinds[keyword] ??= directiveKinds[keyword] ?? { style: 'info', title: 'Info', name: keyword };
  return kinds;
}

/** The `:::name` admonitions of a site with these options. */
export function admonitionNames(options: AdmonitionOptions | undefined): string[] {
  return Object.keys(admonitionKinds(options));
}

/** `:::name Title` lines to label, for the admonitions a site has (one expression per set of names). */
const titleLines = new Map<string, RegExp>();
function titleAfterSpaceFor(names: readonly string[]): RegExp {
  const key = names.join('|');
  let pattern = titleLines.get(key);
  if (!pattern) {
    const alternatives = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    pattern = new RegExp(`^([ \\t>]*:{3,})(${alternatives})[ \\t]+([^\\s[{][^\\n]*?)[ \\t]*$`, 'gm');
    titleLines.set(key, pattern);
  }
  return pattern;
}

/**
 * Docusaurus also accepts `:::note Some title` (a title after a space), which remark-directive
 * reads as a paragraph. Each such line outside code is rewritten to `:::note[Some title]`, on the
 * same line so that positions stay true. Which lines are code is what the parser says (fences of
 * any length, indented code, code in lists and quotes, HTML blocks), taken from the tree of the
 * rewritten text: every candidate line is rewritten and the text parsed; a rewritten line that
 * turns out to be code is put back as written and the text parsed again. Docs without such a line
 * in code are parsed once, the parse the doc needs anyway.
 *
 * Returns undefined when there is nothing to rewrite (no parse is made).
 */
export function labelAdmonitionTitles(markdown: string, parse: (markdown: string) => Root, names: readonly string[] = admonitionTypes): { markdown: string; mdast: Root } | undefined {
  if (names.length === 0) return undefined;
  const titleAfterSpace = titleAfterSpaceFor(names);
  titleAfterSpace.lastIndex = 0;
  if (!titleAfterSpace.test(markdown)) return undefined;
  const lineStarts = [0];
  for (let i = markdown.indexOf('\n'); i !== -1; i = markdown.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const rewritten = new Set<number>();
  titleAfterSpace.lastIndex = 0;
  for (const match of markdown.matchAll(titleAfterSpace)) rewritten.add(lineOf(match.index));
  for (;;) {
    if (rewritten.size === 0) return undefined;
    const text = markdown.replace(titleAfterSpace, (whole, fence: string, type: string, title: string, offset: number) =>
      rewritten.has(lineOf(offset)) ? `${fence}${type}[${escapeUnbalancedBrackets(title)}]` : whole,
    );
    const mdast = parse(text);
    const codeLines = linesOfLiteralText(mdast);
    const nowCode = [...rewritten].filter((line) => codeLines.has(line));
    if (nowCode.length === 0) return { markdown: text, mdast };
    for (const line of nowCode) rewritten.delete(line);
  }
}

/** A label may hold balanced brackets (a link); a lone `[` or `]` would end it or keep it open. */
function escapeUnbalancedBrackets(title: string): string {
  const unbalanced = new Set<number>();
  const open: number[] = [];
  for (let i = 0; i < title.length; i++) {
    if (title[i] === '\\') i++;
    else if (title[i] === '[') open.push(i);
    else if (title[i] === ']' && open.pop() === undefined) unbalanced.add(i);
  }
  for (const i of open) unbalanced.add(i);
  return unbalanced.size === 0 ? title : [...title].map((char, i) => (unbalanced.has(i) ? `\\${char}` : char)).join('');
}

/**
 * The lines that begin inside code, raw HTML or front matter: text that is shown or kept as
 * written. A code span's first line begins before it (`:::tip Use \`x\`` is a title with code).
 */
function linesOfLiteralText(tree: Root): Set<number> {
  const lines = new Set<number>();
  walkTree(tree, (node) => {
    if (node.type !== 'code' && node.type !== 'inlineCode' && node.type !== 'html' && node.type !== 'yaml') return;
    const { start, end } = node.position ?? {};
    const first = node.type === 'inlineCode' || (node.type === 'html' && start?.column !== 1) ? (start?.line ?? 0) + 1 : start?.line;
    if (first !== undefined && end) for (let line = first; line <= end.line; line++) lines.add(line);
    return skipChildren;
  });
  return lines;
}

/**
 * Turns `:::type[title]` container directives and GitHub's `> [!TYPE]` alerts into
 * `<aside class="admonition admonition-style">` with a title (kept with its inline formatting),
 * which the theme draws with an icon. An unknown `:::name` is a plain box, and a warning; so is an
 * admonition that is never closed, which runs to the end of the page.
 */
export default function remarkAdmonitions(options?: AdmonitionOptions) {
  const kinds = admonitionKinds(options);
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    const forComponent = file.data.themeBlocks?.has('Admonition') ?? false;
    walkTree(tree, (node) => {
      if (node.type === 'containerDirective') convertDirective(node as ContainerDirective, source, file, forComponent, kinds);
      else if (node.type === 'blockquote') convertGithubAlert(node as Blockquote, forComponent);
    });
  };
}

/**
 * `forComponent`: the site's Admonition renders it (see rehype-theme-blocks), which takes the type
 * as written and a title only when the author wrote one.
 */
function convertDirective(node: ContainerDirective, source: string, file: VFile, forComponent: boolean, kinds: Record<string, AdmonitionKind>): void {
  const kind = Object.hasOwn(kinds, node.name) ? kinds[node.name] : undefined;
  if (!kind) {
    const message = file.message(`Unknown admonition \`:::${node.name}\`: it is shown as a plain box.`, { place: node.position?.start, ruleId: 'unknown-directive', source: 'sdkdocs' });
    const known = Object.keys(kinds);
    message.note = `${known.length > 0 ? `Use one of ${known.map((type) => `:::${type}`).join(', ')}, ` : ''}add the name to docs.admonitions.keywords in the config, or remove the \`:::\` lines.`;
  }
  if (!isClosed(node, source)) {
    const message = file.message(`\`:::${node.name}\` is never closed: everything after it, to the end of the page, is inside it.`, {
      place: node.position?.start,
      ruleId: 'unclosed-directive',
      source: 'sdkdocs',
    });
    message.note = `Add a line \`${':'.repeat(openingColons(node, source))}\` where it should end.`;
  }
  const first = node.children[0];
  let title: PhrasingContent[] | undefined;
  if (first && first.type === 'paragraph' && first.data?.directiveLabel) {
    node.children.shift();
    if (first.children.length > 0) title = first.children;
  }
  const written = title !== undefined;
  if (!title && kind) title = [{ type: 'text', value: kind.title }];
  node.data = { ...node.data, hName: 'aside', hProperties: asideProperties(kind?.style, kind?.name) };
  if (forComponent) node.children.unshift(componentTitle(title ?? [], node.name, written));
  else if (title) node.children.unshift(titleParagraph(title, kind?.style));
}

/** The title as the site's Admonition gets it: the type as written, the title only when written. */
function componentTitle(children: PhrasingContent[], type: string, written: boolean): Paragraph {
  return {
    type: 'paragraph',
    data: { hName: 'admonition-title', hProperties: { [admonitionTypeProperty]: type, ...(written && { [admonitionTitleProperty]: '' }) } },
    children,
  };
}

/** Whether the directive ends with a fence of its own (one closing an inner directive does not count). */
function isClosed(node: ContainerDirective, source: string): boolean {
  const end = node.position?.end;
  if (!end || end.offset === undefined) return true;
  const lastLine = source.slice(source.lastIndexOf('\n', end.offset - 1) + 1, end.offset);
  const fence = /^[ \t>]*(:{3,})[ \t]*$/.exec(lastLine);
  if (!fence || fence[1].length < openingColons(node, source)) return false;
  const lastChild = node.children[node.children.length - 1];
  return lastChild?.position?.end.offset !== end.offset;
}

function openingColons(node: ContainerDirective, source: string): number {
  const start = node.position?.start.offset ?? 0;
  return /^:*/.exec(source.slice(start, start + 100))![0].length;
}

/** `> [!NOTE]` alone on the quote's first line makes the quote an alert, as on GitHub. */
function convertGithubAlert(quote: Blockquote, forComponent: boolean): void {
  const paragraph = quote.children[0];
  if (paragraph?.type !== 'paragraph') return;
  const text = paragraph.children[0];
  if (text?.type !== 'text') return;
  const marker = /^\[!([A-Za-z]+)\][ \t]*(?:\n|$)/.exec(text.value);
  const kind = marker && githubAlertKinds[marker[1].toLowerCase()];
  if (!kind) return;
  const rest = text.value.slice(marker[0].length);
  paragraph.children = rest ? [{ ...text, value: rest }, ...paragraph.children.slice(1)] : paragraph.children.slice(1);
  if (paragraph.children.length === 0) quote.children.shift();
  quote.data = { ...quote.data, hName: 'aside', hProperties: asideProperties(kind.style) };
  const title: PhrasingContent[] = [{ type: 'text', value: kind.title }];
  // GitHub's CAUTION is drawn as `danger`, under its own title.
  const defaultTitle = kind.title === directiveKinds[kind.style].title;
  quote.children.unshift(forComponent ? componentTitle(title, kind.style, !defaultTitle) : titleParagraph(title, kind.style));
}

function asideProperties(style: AdmonitionStyle | undefined, name?: string) {
  return { className: ['admonition', style ? `admonition-${style}` : 'admonition-plain', ...(name ? [`admonition-${name}`] : [])], role: 'note' };
}

/** The title, as the theme's `admonition-title` element, which adds the style's icon. */
function titleParagraph(children: PhrasingContent[], style: AdmonitionStyle | undefined): Paragraph {
  return { type: 'paragraph', data: { hName: 'admonition-title', hProperties: style ? { dataType: style } : {} }, children };
}
