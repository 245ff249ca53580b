import { randomUUID } from 'node:crypto';
import type { Element, ElementContent, Root, Text } from 'hast';
import { toString } from 'hast-util-to-string';
import type { BuildContext, Page, Site } from '../core/site.js';
import { createContentRenderer } from '../ssr/content-html.js';
import { apiPageHtml } from '../ssr/api-page-html.js';
import type { HtmlPlace } from '../model/compiled-doc.js';
import type { ApiPageContent } from '../model/api-page-content.js';
import type { ApiText } from '../shared/api-views.js';
import type { TocItem } from '../shared/types.js';
import { joinUrlPath } from '../shared/paths.js';
import { apiHoverCard } from './api-pages.js';
import type { DocSamplesCheck } from '../core/doc-samples.js';
import type { ApiModel, ApiRef, ApiSource, ApiSymbol } from '../core/api-model.js';
import { compilerFingerprint } from '../core/compiler-fingerprint.js';
import { createQueryEngine, type Query } from '../engine/query-engine.js';
import type { CodeBlockHighlighter } from '../model/markdown-fragments.js';
import { isSameData } from '../core/same-data.js';

/** A name of a sample that has an API page (or an anchor on one), at its offset in the sample's code. */
interface LinkedName {
  offset: number;
  length: number;
  ref: ApiRef;
}

/** A checked sample as a page shows it: its fence's info string, its code, the names in it to link, and, in a doc, where its code is in the doc's HTML. */
interface ShownSample {
  lang: string;
  meta?: string;
  code: string;
  names: LinkedName[];
  place?: HtmlPlace;
}

/** A sample's code element as the highlighter makes it, and that element's HTML as the page holds it. */
interface SampleBlock {
  code: Element;
  html: string;
}

/** What makes a sample's block: the docs' highlighter, and the writer of an element's HTML. */
interface BlockMaker {
  highlighter: CodeBlockHighlighter;
  render: (element: Element) => string;
}

/**
 * A page to link: a doc's compiled HTML, whose samples know where their code is in it, or an API
 * page's view, rendered again with the names of its `@example`s linked; and what links point at.
 */
interface PageToLink {
  shown: { kind: 'doc'; html: string } | { kind: 'api'; content: ApiPageContent; toc: TocItem[] };
  samples: ShownSample[];
  model: ApiModel;
  apiRoute: string;
  /** The model's symbols by key: the same map for every page of a build. */
  symbols: Map<string, ApiSymbol>;
}

/**
 * A sample's code element as the docs' highlighter makes it, and its HTML, by the sample's
 * language, meta and code; undefined when the block shows other code than the check read (magic
 * comments taken out), whose names cannot be placed. Depends on nothing else: the highlighter is
 * sdkdocs' own.
 */
const sampleBlockQuery: Query<[lang: string, meta: string, code: string], SampleBlock | undefined> = {
  name: 'sampleBlock',
  fingerprint: (block) => block?.html ?? 'none',
  run(context, [lang, meta, code]) {
    const { highlighter, render } = context.input<BlockMaker>(blockMakerInput);
    const element = codeElementOf(highlighter.tree(lang, code, meta || undefined));
    return element && normalizeCode(toString(element)) === normalizeCode(code) ? { code: element, html: render(element) } : undefined;
  },
};

/** A page's HTML with the names of its samples linked and the popovers of what they link to. */
const linkedPageQuery: Query<string, string> = {
  name: 'linkedSamples',
  // Large, and read by no other query: never compared.
  fingerprint: () => randomUUID(),
  async run(context, route) {
    const { shown, samples, apiRoute, symbols } = context.input<PageToLink>(pageToLinkInput(route));
    const { render } = context.input<BlockMaker>(blockMakerInput);
    const blocks: ShownBlock[] = [];
    for (const sample of samples) {
      const block = await context.query(sampleBlockQuery, blockKeyOf(sample));
      if (block) blocks.push({ block, sample });
    }
    const links = createSampleLinker(
      (ref) => `${joinUrlPath(apiRoute, ref.symbol)}${ref.member ? `#${ref.member}` : ''}`,
      (ref) => {
        const symbol = symbols.get(ref.symbol)!;
        return apiHoverCard(symbol, ref.member ? symbol.members.find((member) => member.id === ref.member) : undefined);
      },
    );
    const content = shown.kind === 'doc' ? linkedDocHtml(shown.html, blocks, links, render) : apiPageHtml(withTextsLinked(shown.content, linkedApiText(blocks, links, render)), shown.toc);
    return `${content}${links.cards(render)}`;
  },
};

const blockMakerInput = 'sampleBlockMaker';
const pageToLinkInput = (route: string) => `pageToLink:${route}`;
const blockKeyOf = (sample: ShownSample): [string, string, string] => [sample.lang, sample.meta ?? '', sample.code];

/** Class of the links to the API in code samples; a code block holding one has been linked already. */
export const codeLinkClass = 'api-code-link';
/** Class of a popover shown by a link in a code sample (src/client/api-cards.ts). */
export const apiCardClass = 'api-card';

/**
 * Turns the names in checked ```ts samples into links to the API: every identifier the sample
 * check resolved to a declaration with an API page (a class, a member, an enum member, a function,
 * a type) links to that page and anchor, on doc pages and on API pages (`@example`s). Each link is
 * described by a popover with the declaration's signature and summary, written into the page at
 * build time. Waits for the sample check generateApi started, which compiles while the stages
 * between run.
 *
 * Works from the model and trees, never from the page's HTML read back or searched: the samples
 * the compile found (a doc's) or the check read (an `@example`'s) are highlighted again by the
 * docs' highlighter into the very tree the page's block was rendered from, and the names are
 * wrapped in that tree. A doc's linked block is written at the place its compile recorded for the
 * sample's code; an API page is rendered again from its view with its TSDoc texts linked. Each
 * block and each page's linking are engine queries: serve --watch highlights and links again only
 * the blocks and pages whose code, HTML or view, samples or API model changed.
 */
export async function linkCodeSamples(site: Site, ctx: BuildContext): Promise<void> {
  const checked = await site.api?.sampleNames;
  const model = site.api?.model;
  if (!checked || !model) return;
  const highlighter = site.highlightCodeBlock;
  if (!highlighter) throw new Error('linkCodeSamples: parseMarkdown, which sets site.highlightCodeBlock, has not run.');
  const refAt = declarationRefs(model);
  // The linked names of each checked sample, by its file and the line its code starts on.
  const namesAt = new Map<string, LinkedName[]>();
  const exampleSamples: ShownSample[] = [];
  const docFiles = new Set(site.docs.map((doc) => doc.source.file));
  for (const { sample, names } of checked) {
    const lineStarts = [0];
    for (let index = sample.code.indexOf('\n'); index !== -1; index = sample.code.indexOf('\n', index + 1)) lineStarts.push(index + 1);
    const linked: LinkedName[] = [];
    for (const name of names) {
      const ref = refAt.get(placeKey(name.declaration));
      if (ref && lineStarts[name.line] !== undefined) linked.push({ offset: lineStarts[name.line] + name.character, length: name.length, ref });
    }
    if (linked.length === 0) continue;
    namesAt.set(`${sample.file}:${sample.line}`, linked);
    if (!docFiles.has(sample.file) && sample.fence) exampleSamples.push({ ...sample.fence, code: sample.code, names: linked });
  }
  const symbols = new Map(model.symbols.map((symbol) => [symbol.key, symbol]));
  const renderer = createContentRenderer();
  const engine = ctx.engine ?? createQueryEngine();
  // The highlighter and the writer are sdkdocs' own: what they make changes only with sdkdocs.
  engine.setInput(blockMakerInput, { highlighter, render: (element: Element) => renderer.html({ type: 'root', children: [element] }) } satisfies BlockMaker, compilerFingerprint());
  const apiRoute = site.config.routes.api;
  let linkedPages = 0;
  let linkedAgain = 0;
  let highlighted = 0;
  const blocksAsked = new Set<string>();
  for (const page of site.pages) {
    if (!page.data.html.includes('code-block-pre')) continue;
    // A page serve --watch kept from the last build (API pages) holds its linked HTML already.
    if (page.data.html.includes(`class="${codeLinkClass}"`)) continue;
    const shown: PageToLink['shown'] | undefined = page.api
      ? { kind: 'api', content: page.api, toc: page.data.toc }
      : page.kind === 'doc' && page.sourceFile
        ? { kind: 'doc', html: page.data.html }
        : undefined;
    const samples = !shown ? [] : shown.kind === 'api' ? exampleSamples : docSamplesOf(page, namesAt);
    if (!shown || samples.length === 0) continue;
    for (const sample of samples) {
      const key = blockKeyOf(sample);
      const id = key.join('\0');
      if (blocksAsked.has(id)) continue;
      blocksAsked.add(id);
      if (!(await engine.answer(sampleBlockQuery, key)).reused) highlighted++;
    }
    engine.setComparedInput<PageToLink>(pageToLinkInput(page.route), { shown, samples, model, apiRoute, symbols }, (last, now) =>
      sameShown(last.shown, now.shown) && last.model === now.model && last.apiRoute === now.apiRoute && isSameData(last.samples, now.samples),
    );
    const { result: html, reused } = await engine.answer(linkedPageQuery, page.route);
    if (!reused) linkedAgain++;
    if (html !== page.data.html) linkedPages++;
    page.data.html = html;
  }
  ctx.logger.debug(`linkCodeSamples: names linked on ${linkedPages} pages`);
  ctx.logger.debug(`linkCodeSamples: ${linkedAgain} pages linked again, ${highlighted} blocks highlighted, the rest kept from the last build`);
}

/**
 * The checked samples of a doc's page with names to link, as its compile found them. None for a
 * doc rendered from an MDX module: the browser hydrates its content from the module the client
 * bundle ships, made before the sample check, so links put into its HTML would be gone after
 * hydration and leave their popovers pointing at nothing.
 */
function docSamplesOf(page: Page, namesAt: Map<string, LinkedName[]>): ShownSample[] {
  if (page.content?.mdx) return [];
  const shown: ShownSample[] = [];
  for (const sample of page.content?.samples ?? []) {
    // The check numbers a sample by its first code line, the compile by its opening fence.
    const names = namesAt.get(`${page.sourceFile}:${sample.line + 1}`);
    if (names && sample.place) shown.push({ lang: sample.lang, ...(sample.meta && { meta: sample.meta }), code: sample.code, names, place: sample.place });
  }
  return shown;
}

/** The code element of a highlighted block's tree. */
function codeElementOf(root: Root): Element | undefined {
  let found: Element | undefined;
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (found || child.type !== 'element') continue;
      if (child.tagName === 'code' && node.type === 'element' && node.tagName === 'pre') found = child;
      else visit(child);
    }
  };
  visit(root);
  return found;
}

/** A sample's block as the highlighter makes it, with the sample and the names to link in it. */
interface ShownBlock {
  block: SampleBlock;
  sample: ShownSample;
}

/**
 * Links names in blocks and numbers their popovers, one per target, in the order the page shows
 * the links; then writes the popovers, which go after the page's content.
 */
function createSampleLinker(hrefOf: (ref: ApiRef) => string, cardOf: (ref: ApiRef) => { signature: string; summary: string }) {
  const cardIds = new Map<string, string>();
  const refsByHref = new Map<string, ApiRef>();
  return {
    /** The block's code element with its sample's names wrapped in links. */
    linkedCode({ block, sample }: ShownBlock): Element {
      const code = structuredClone(block.code);
      wrapNames(code, sample.names, (name, text): Element => {
        const href = hrefOf(name.ref);
        refsByHref.set(href, name.ref);
        const id = cardIds.get(href) ?? cardIds.set(href, `api-card-${cardIds.size + 1}`).get(href)!;
        return { type: 'element', tagName: 'a', properties: { href, className: [codeLinkClass], ariaDescribedBy: [id] }, children: [text] };
      });
      return code;
    },
    /** The popovers of the links made so far; empty when there are none. */
    cards(render: (element: Element) => string): string {
      if (cardIds.size === 0) return '';
      const cards: ElementContent[] = [...cardIds].map(([href, id]) => {
        const card = cardOf(refsByHref.get(href)!);
        return {
          type: 'element',
          tagName: 'div',
          properties: { id, className: [apiCardClass], role: 'tooltip', hidden: true },
          children: [
            { type: 'element', tagName: 'code', properties: { className: ['api-card-signature'] }, children: [{ type: 'text', value: card.signature }] },
            ...(card.summary ? [{ type: 'element', tagName: 'span', properties: { className: ['api-card-summary'] }, children: [{ type: 'text', value: card.summary }] } satisfies Element] : []),
          ],
        };
      });
      return render({ type: 'element', tagName: 'div', properties: { className: ['api-cards'] }, children: cards });
    },
  };
}

type SampleLinker = ReturnType<typeof createSampleLinker>;

/**
 * A doc's HTML with each sample's code, at the place its compile wrote it, written again from the
 * linked tree. A place that does not hold the block the highlighter makes now (the compile and
 * the check read different code) is left as it is.
 */
function linkedDocHtml(html: string, blocks: ShownBlock[], links: SampleLinker, render: (element: Element) => string): string {
  const parts: string[] = [];
  let copiedTo = 0;
  for (const shown of [...blocks].sort((a, b) => a.sample.place!.start - b.sample.place!.start)) {
    const { start, end } = shown.sample.place!;
    if (start < copiedTo || html.slice(start, end) !== shown.block.html) continue;
    parts.push(html.slice(copiedTo, start), render(links.linkedCode(shown)));
    copiedTo = end;
  }
  if (parts.length === 0) return html;
  parts.push(html.slice(copiedTo));
  return parts.join('');
}

/**
 * Links the names in a TSDoc text's code blocks that are checked `@example`s: a code element is
 * one when it is the block the highlighter makes of the example. Texts without one are returned as
 * they are; the others are copied, so the view stays as the API stage left it.
 */
function linkedApiText(blocks: ShownBlock[], links: SampleLinker, render: (element: Element) => string): (text: ApiText) => ApiText {
  const byCode = new Map<string, ShownBlock[]>();
  for (const shown of blocks) byCode.set(normalizeCode(shown.sample.code), [...(byCode.get(normalizeCode(shown.sample.code)) ?? []), shown]);
  const shownIn = (code: Element): ShownBlock | undefined => {
    const candidates = byCode.get(normalizeCode(toString(code)));
    if (!candidates) return undefined;
    const html = render(code);
    return candidates.find((shown) => shown.block.html === html);
  };
  return (text) => {
    let copy: ApiText | undefined;
    const visit = (parent: ApiText | Element, path: number[]) => {
      parent.children.forEach((child, index) => {
        if (child.type !== 'element') return;
        if (child.tagName === 'code' && parent.type === 'element' && parent.tagName === 'pre') {
          const shown = shownIn(child);
          if (!shown) return;
          copy ??= structuredClone(text);
          const copiedParent = path.reduce<ApiText | Element>((node, at) => node.children[at] as Element, copy);
          copiedParent.children[index] = links.linkedCode(shown);
          return;
        }
        visit(child, [...path, index]);
      });
    };
    visit(text, []);
    return copy ?? text;
  };
}

/**
 * The API page's view with each TSDoc text (a hast root, wherever the view holds one) as `link`
 * gives it; what holds no changed text is kept as it is.
 */
function withTextsLinked<Content>(content: Content, link: (text: ApiText) => ApiText): Content {
  const mapped = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(mapped);
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    if (value === null || typeof value !== 'object') return value;
    const node = value as { type?: unknown; children?: unknown };
    if (node.type === 'root' && Array.isArray(node.children)) return link(value as ApiText);
    let copy: Record<string, unknown> | undefined;
    for (const [key, inner] of Object.entries(value)) {
      const now = mapped(inner);
      if (now !== inner) (copy ??= { ...value })[key] = now;
    }
    return copy ?? value;
  };
  return mapped(content) as Content;
}

/** Whether a page shows the same as before: the same HTML, or the same view and outline. */
function sameShown(last: PageToLink['shown'], now: PageToLink['shown']): boolean {
  if (last.kind === 'doc' || now.kind === 'doc') return last.kind === 'doc' && now.kind === 'doc' && last.html === now.html;
  return last.content === now.content && isSameData(last.toc, now.toc);
}

/**
 * Wraps each name (by its offset in the element's text) in the element `link` makes, where the
 * name lies within one text node: the highlighter gives an identifier one token.
 */
function wrapNames(root: Element, names: LinkedName[], link: (name: LinkedName, text: Text) => Element): void {
  const sorted = [...names].sort((a, b) => a.offset - b.offset);
  let offset = 0;
  const visit = (parent: Element) => {
    for (let index = 0; index < parent.children.length; index++) {
      const child = parent.children[index];
      if (child.type === 'element') {
        visit(child);
        continue;
      }
      if (child.type !== 'text') continue;
      const start = offset;
      const end = start + child.value.length;
      offset = end;
      const inside = sorted.filter((name) => name.offset >= start && name.offset + name.length <= end);
      if (inside.length === 0) continue;
      const pieces: ElementContent[] = [];
      let cursor = start;
      for (const name of inside) {
        if (name.offset < cursor) continue;
        if (name.offset > cursor) pieces.push({ type: 'text', value: child.value.slice(cursor - start, name.offset - start) });
        pieces.push(link(name, { type: 'text', value: child.value.slice(name.offset - start, name.offset - start + name.length) }));
        cursor = name.offset + name.length;
      }
      if (cursor < end) pieces.push({ type: 'text', value: child.value.slice(cursor - start) });
      parent.children.splice(index, 1, ...pieces);
      index += pieces.length - 1;
    }
  };
  visit(root);
}

/**
 * Where the API model has a page or an anchor for a declaration, by the place of its name in the
 * source: the sample check names declarations by the same place. A class's own members come
 * before members it inherits, which TypeDoc places at the parent's declaration.
 */
function declarationRefs(model: ApiModel): Map<string, ApiRef> {
  const refs = new Map<string, ApiRef>();
  const add = (source: ApiSource | undefined, ref: ApiRef) => {
    if (source && !refs.has(placeKey(source))) refs.set(placeKey(source), ref);
  };
  for (const symbol of model.symbols) {
    add(symbol.source, { symbol: symbol.key });
    for (const signature of symbol.signatures) add(signature.source, { symbol: symbol.key });
  }
  for (const inherited of [false, true]) {
    for (const symbol of model.symbols) {
      for (const member of symbol.members) {
        if ((member.inheritedFrom !== undefined) !== inherited) continue;
        const ref = { symbol: symbol.key, member: member.id };
        add(member.source, ref);
        for (const signature of [...member.signatures, member.getter, member.setter]) add(signature?.source, ref);
      }
    }
  }
  return refs;
}

function placeKey(place: { file: string; line: number; column: number }): string {
  return `${place.file}:${place.line}:${place.column}`;
}

/** Code as a block shows it and as the check read it, without the line ends that differ. */
function normalizeCode(code: string): string {
  return code.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
}

/** The names a sample check found, per sample: set by generateApi, awaited by {@link linkCodeSamples}. */
export type SampleNames = DocSamplesCheck['names'];
